// Prints findings (doctor's, and what did not load before emit / tool / run) as `✖ where: message` lines.
import type { Finding } from "./commands/doctor-checks.js";
import type { Colors } from "./output.js";
import { describeRoot, type ProjectRoot } from "./project-root.js";

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
