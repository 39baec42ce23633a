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

/** Before a run's trace, on stderr: how the project was found, and everything that did not load. */
export function reportSources(
  error: (text: string) => void,
  colors: Colors,
  found: ProjectRoot,
  findings: readonly Finding[],
): void {
  const root = describeRoot(found);
  if (root) error(`hookwire: ${root}`);
  printFindings(error, colors, findings);
}
