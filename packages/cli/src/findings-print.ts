// Prints findings (doctor's, and what did not load before emit / tool / run) as `✖ where: message` lines.

import type { ProjectRoot } from "@hookwire/loader/project-root";
import { EXIT } from "./errors.js";
import type { Finding } from "./finding.js";
import { spellCommand } from "./invocation.js";
import type { Colors } from "./output.js";
import { shortPath } from "./project.js";
import { describeRoot } from "./project-root.js";

export function printFindings(
  line: (text: string) => void,
  colors: Colors,
  findings: readonly Finding[],
): void {
  for (const finding of findings) {
    const mark = finding.severity === "error" ? colors.red("✖") : colors.yellow("⚠");
    line(`${mark} ${finding.where}: ${finding.message}`);
    if (finding.fix) line(colors.dim(`    fix: ${finding.fix}`));
  }
}

export const hasErrors = (findings: readonly Finding[]): boolean =>
  findings.some((finding) => finding.severity === "error");

/**
 * Before a run's trace, on stderr: where the project root is when it is above the start folder (or,
 * when nothing at all loaded, which folders were searched), then everything that did not load.
 */
export function reportSources(
  error: (text: string) => void,
  colors: Colors,
  project: { found: ProjectRoot; result: { hooks: readonly unknown[]; skipped: readonly unknown[] } },
  findings: readonly Finding[],
): void {
  const { found, result } = project;
  const nothing = result.hooks.length === 0 && result.skipped.length === 0 && findings.length === 0;
  const root = found.marker || nothing ? describeRoot(found) : undefined;
  if (root) error(`hookwire: ${root}`);
  printFindings(error, colors, findings);
}

/**
 * After a run (emit, tool), on stderr: the project hooks that did not run because the project is not trusted,
 * so nobody reads the result as the project's. The caller exits `EXIT.untrusted`.
 */
export function reportSkipped(
  error: (text: string) => void,
  colors: Colors,
  skipped: readonly { path: string; trustCommand: string }[],
  cwd: string,
): void {
  if (skipped.length === 0) return;
  const names = skipped.map((item) => shortPath(item.path, cwd)).join(", ");
  const [first] = skipped;
  error(
    `${colors.red("✖")} ${skipped.length} project hook source${skipped.length === 1 ? " was" : "s were"} skipped (not trusted): ${names}; the result above is without ${skipped.length === 1 ? "it" : "them"} (exit 3)`,
  );
  if (first) error(colors.dim(`    fix: review and trust them: ${spellCommand(first.trustCommand)}`));
}

/**
 * A source that did not load makes the outcome meaningless (a validator that would block is missing): 2.
 * Untrusted project hooks that were skipped: 3, whatever the others decided. Then a block: 1.
 */
export function exitCode(
  problems: readonly Finding[],
  skipped: readonly unknown[],
  blocked: boolean,
): number {
  if (hasErrors(problems)) return EXIT.usage;
  if (skipped.length > 0) return EXIT.untrusted;
  return blocked ? EXIT.blocked : EXIT.ok;
}
