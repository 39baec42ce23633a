// Turns the runner's per-handler traces into rows (who decided what, how long it took) and prints them.
import type { HookTrace } from "@hookwire/core";
import type { SettingsHandlerRun } from "@hookwire/settings-hooks";
import { formatMs, type Output } from "./output.js";
import { shortPath } from "./project.js";

export type Decision =
  | "block"
  | "deny"
  | "ask"
  | "defer"
  | "allow"
  | "rewrite"
  | "context"
  | "message"
  | "cancel"
  | "result"
  | "error"
  | "invalid"
  | "none";

export interface TraceRow {
  event: string;
  hookPath: string;
  decision: Decision;
  detail?: string;
  durationMs: number;
  /** A settings handler run inside the settings hook whose own row follows it. */
  settingsHandler?: true;
  /** The dialect of a settings handler (`claude`, …). */
  dialect?: string;
}

const MAX_DETAIL = 120;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_DETAIL ? `${flat.slice(0, MAX_DETAIL - 1)}…` : flat;
}

function contextText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map((item) => (item as { text?: string }).text ?? "").join(" | ");
  return undefined;
}

function describeResult(
  event: string,
  result: Record<string, unknown>,
): Pick<TraceRow, "decision" | "detail"> {
  if (result.block === true) return { decision: "block", detail: String(result.reason ?? "") };
  if (result.cancel === true) return { decision: "cancel" };
  if (event === "tool_call") {
    const permission = result.permission;
    if (typeof permission === "string") {
      return {
        decision: permission as Decision,
        detail: typeof result.reason === "string" ? result.reason : undefined,
      };
    }
    if (result.input) return { decision: "rewrite", detail: JSON.stringify(result.input) };
  }
  if (
    event === "tool_result" &&
    (result.content || result.details !== undefined || result.isError !== undefined)
  ) {
    return { decision: "rewrite", detail: contextText(result.content) };
  }
  if (event === "context" && Array.isArray(result.messages)) {
    return { decision: "rewrite", detail: `${result.messages.length} messages` };
  }
  if (result.message && typeof result.message === "object") {
    const message = result.message as { customType?: string; content?: unknown };
    return { decision: "message", detail: contextText(message.content) ?? message.customType };
  }
  const context = contextText(result.additionalContext);
  if (context) return { decision: "context", detail: context };
  return { decision: "result", detail: JSON.stringify(result) };
}

export function traceRow(trace: HookTrace): TraceRow {
  const base = { event: trace.event, hookPath: trace.hookPath, durationMs: trace.durationMs };
  if (trace.error) return { ...base, decision: "error", detail: clip(trace.error.error) };
  const result = trace.result;
  if (result === undefined || result === null || typeof result !== "object")
    return { ...base, decision: "none" };
  const { decision, detail } = describeResult(trace.event, result as Record<string, unknown>);
  return { ...base, decision, ...(detail ? { detail: clip(detail) } : {}) };
}

/** One settings handler's answer, in the same terms as a hook module's result. */
export function settingsRow(run: SettingsHandlerRun): TraceRow {
  const base = {
    event: run.event,
    hookPath: run.hookPath,
    durationMs: run.durationMs,
    settingsHandler: true as const,
    dialect: run.dialect,
  };
  const { result } = run;
  if (result.status === "blocking") return { ...base, decision: "block", detail: clip(result.reason) };
  if (result.status === "error") return { ...base, decision: "error", detail: clip(result.message) };
  const { output } = result;
  const specific = output.hookSpecificOutput;
  if (output.decision === "block") return { ...base, decision: "block", detail: clip(output.reason ?? "") };
  if (specific?.permissionDecision) {
    const detail = specific.permissionDecisionReason;
    return { ...base, decision: specific.permissionDecision, ...(detail ? { detail: clip(detail) } : {}) };
  }
  if (specific?.updatedInput)
    return { ...base, decision: "rewrite", detail: clip(JSON.stringify(specific.updatedInput)) };
  if (specific?.updatedToolOutput !== undefined) return { ...base, decision: "rewrite" };
  // JSON-looking output that does not parse decides nothing: never shown as if it were context.
  if (result.invalidJson !== undefined)
    return { ...base, decision: "invalid", detail: clip(result.text ?? "") };
  const context = specific?.additionalContext ?? result.text;
  if (context) return { ...base, decision: "context", detail: clip(context) };
  return { ...base, decision: "none" };
}

const MARK: Partial<Record<Decision, string>> = {
  block: "✖",
  deny: "✖",
  error: "⚠",
  invalid: "⚠",
  cancel: "✖",
};

/** One line per handler run: hook, decision, detail, duration. */
export function printTrace(out: Output, rows: readonly TraceRow[], cwd: string): void {
  if (rows.length === 0) {
    out.line("  (no hook handles this event)");
    return;
  }
  const indentOf = (row: TraceRow) => (row.settingsHandler ? "  ↳ " : "");
  // A settings handler is named with its dialect: `[claude] .claude/settings.json#hooks.PreToolUse[0].hooks[0]`.
  const nameOf = (row: TraceRow) =>
    `${row.dialect ? `[${row.dialect}] ` : ""}${shortPath(row.hookPath, cwd)}`;
  const width = Math.max(...rows.map((row) => indentOf(row).length + nameOf(row).length));
  const print = (row: TraceRow) => {
    const indent = indentOf(row);
    const name = nameOf(row).padEnd(width - indent.length);
    const mark = MARK[row.decision] ?? "·";
    const paint = mark === "✖" ? out.colors.red : mark === "⚠" ? out.colors.yellow : (s: string) => s;
    const detail = row.detail ? `  ${row.detail}` : "";
    out.line(
      `  ${indent}${paint(mark)} ${name}  ${paint(row.decision.padEnd(7))} ${formatMs(row.durationMs).padStart(9)}${detail}`,
    );
  };
  // A settings handler finishes before the settings hook that ran it: show it under that hook's row.
  let pending: TraceRow[] = [];
  for (const row of rows) {
    if (row.settingsHandler) {
      pending.push(row);
      continue;
    }
    print(row);
    for (const handler of pending) print(handler);
    pending = [];
  }
  for (const handler of pending) print(handler);
}
