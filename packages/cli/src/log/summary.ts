// `hookwire log --summary`: which hooks (rules) decided how often, by decision kind, from the decision records.
import { DECISION_KINDS, type Decision, type DecisionKind } from "@hookwire/project/records";

export interface HookSummary {
  /** The hook's id (`file` or `file#json.path`), or `(no hook)` for decisions no hook made (`none`, `untrusted`). */
  hook: string;
  total: number;
  decisions: Partial<Record<DecisionKind, number>>;
}

export const NO_HOOK = "(no hook)";

/**
 * One row per hook, the most frequent first (decisions no hook made after the hooks' of as many). An `unapplied` record that names several hooks counts once for each.
 */
export function summariseByHook(decisions: readonly Decision[]): HookSummary[] {
  const rows = new Map<string, HookSummary>();
  for (const decision of decisions) {
    const hooks = decision.hook ? decision.hook.split(", ") : [NO_HOOK];
    for (const hook of hooks) {
      let row = rows.get(hook);
      if (!row) {
        row = { hook, total: 0, decisions: {} };
        rows.set(hook, row);
      }
      row.total++;
      row.decisions[decision.decision] = (row.decisions[decision.decision] ?? 0) + 1;
    }
  }
  const last = (row: HookSummary) => (row.hook === NO_HOOK ? 1 : 0);
  return [...rows.values()].sort(
    (a, b) => b.total - a.total || last(a) - last(b) || a.hook.localeCompare(b.hook),
  );
}

/** The rows as a table: a column for each decision kind that occurs, in `DECISION_KINDS` order. */
export function summaryTable(rows: readonly HookSummary[]): string[] {
  const kinds = DECISION_KINDS.filter((kind) => rows.some((row) => row.decisions[kind] !== undefined));
  const width = Math.max(4, ...rows.map((row) => row.hook.length));
  const cell = (text: string, kind?: string) => text.padStart(Math.max(5, kind?.length ?? 0));
  const header = `${"HOOK".padEnd(width)}  ${cell("TOTAL")}${kinds.map((k) => `  ${cell(k.toUpperCase(), k)}`).join("")}`;
  return [
    header,
    ...rows.map(
      (row) =>
        `${row.hook.padEnd(width)}  ${cell(String(row.total))}${kinds.map((k) => `  ${cell(String(row.decisions[k] ?? "-"), k)}`).join("")}`,
    ),
  ];
}
