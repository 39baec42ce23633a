// The verdict of each case and the one-line report a suite prints after its run.

/**
 * `agree`: hookwire did what the agent did (or the docs say); `deliberate`: it differs, for the reason
 * the suite's `deliberate` table gives; `disagree`: it differs and nothing says why (a failure).
 */
export type Verdict = "agree" | "deliberate" | "disagree";

/** `claude-conformance: 180 cases, 177 agree, 3 deliberate, 0 disagree` (and the ids that disagree). */
export function formatReport(suite: string, verdicts: ReadonlyMap<string, Verdict>): string {
  const count = (verdict: Verdict) => [...verdicts.values()].filter((v) => v === verdict).length;
  const disagreeing = [...verdicts].filter(([, v]) => v === "disagree").map(([id]) => id);
  const line = `${suite}: ${verdicts.size} cases, ${count("agree")} agree, ${count("deliberate")} deliberate, ${count("disagree")} disagree`;
  return disagreeing.length > 0 ? `${line} (${disagreeing.join(", ")})` : line;
}
