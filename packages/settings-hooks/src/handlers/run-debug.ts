// What a handler run did, kept for `--debug` / HOOKWIRE_DEBUG: what ran where, what it read, what it printed.
import type { HandlerResult } from "../protocol/output.js";

export type { HandlerRunDebug } from "./run-record.js";

/** `HOOKWIRE_DEBUG=1` (or `true`): hosts that pass no debug option still get the per-handler log, on stderr. */
export function debugFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.HOOKWIRE_DEBUG;
  return value === "1" || value === "true";
}

/** A command's argv as a shell would read it back: each word quoted only when it must be. */
export function shownArgv(file: string, args: readonly string[]): string {
  return [file, ...args]
    .map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`))
    .join(" ");
}

/** A finished handler run as the debug log reads it (what `onHandlerRun` reports). */
export interface DebugRun {
  hookPath: string;
  dialect: string;
  event: string;
  result: HandlerResult;
  durationMs: number;
}

/** A handler of the event that did not run for it: which (file#JSON path) and why. */
export interface SettingsHandlerSkip {
  hookPath: string;
  dialect: string;
  event: string;
  why: string;
}

function block(label: string, text: string): string[] {
  if (text === "") return [`  ${label}: (empty)`];
  const lines = text.replace(/\n$/, "").split("\n");
  return lines.length === 1
    ? [`  ${label}: ${lines[0]}`]
    : [`  ${label}:`, ...lines.map((line) => `    | ${line}`)];
}

/** How the answer's text was read: JSON, plain text, JSON-looking but broken, or nothing. */
function howRead(result: HandlerResult, text: string): string {
  if (result.status === "blocking") return "not read (exit 2: stderr is the reason, stdout is ignored)";
  if (result.status === "success" && result.invalidJson !== undefined) {
    return `JSON-looking but broken (${result.invalidJson}); taken as plain text`;
  }
  if (text.trim() === "") return "nothing";
  if (result.status === "success" && result.text !== undefined) return "plain text";
  if (result.status === "error" && result.output === undefined)
    return "plain text (a debug log: the hook failed)";
  return "JSON";
}

/** What the answer decides, in the words of the protocol. */
function decisionOf(result: HandlerResult): string {
  if (result.status === "blocking") return `block: ${result.reason}`;
  if (result.status === "error") return `non-blocking error: ${result.message}`;
  const { output } = result;
  const specific = output.hookSpecificOutput;
  if (output.continue === false) return `stop: ${output.stopReason ?? ""}`.trimEnd();
  if (output.decision === "block") return `block: ${output.reason ?? ""}`.trimEnd();
  if (specific?.permissionDecision) {
    return `${specific.permissionDecision}${specific.permissionDecisionReason ? `: ${specific.permissionDecisionReason}` : ""}`;
  }
  if (specific?.updatedInput) return `rewrite the input: ${JSON.stringify(specific.updatedInput)}`;
  if (specific?.updatedToolOutput !== undefined) return "rewrite the tool output";
  if (specific?.additionalContext) return `context: ${specific.additionalContext}`;
  if (result.text !== undefined)
    return "plain text: context on SessionStart / UserPromptSubmit, else only logged";
  return "none";
}

/** The debug log of one handler run: header, what ran, stdin, exit code, full output, how it was read, the decision. */
export function formatHandlerRun(run: DebugRun): string[] {
  const { result } = run;
  const lines = [
    `${run.event} ${run.hookPath} [${run.dialect}]: matched, ran in ${run.durationMs.toFixed(1)} ms`,
  ];
  const debug = result.debug;
  if (debug) {
    lines.push(`  ran: ${debug.ran}`);
    if (debug.cwd !== undefined) lines.push(`  cwd: ${debug.cwd}`);
    lines.push(`  stdin: ${debug.stdin}`);
    if (debug.status !== undefined) lines.push(`  status: ${debug.status}`);
    if (debug.exitCode !== undefined) {
      lines.push(
        `  exit code: ${debug.exitCode === null ? `none (killed by ${debug.signal ?? "a signal"})` : debug.exitCode}`,
      );
    }
    lines.push(...block(debug.status !== undefined ? "body" : "stdout", debug.stdout));
    if (debug.status === undefined) lines.push(...block("stderr", debug.stderr));
  }
  lines.push(
    `  output read as: ${howRead(result, debug?.stdout ?? (result.status === "success" ? (result.text ?? "") : "x"))}`,
  );
  for (const warning of result.warnings) lines.push(`  warning: ${warning}`);
  lines.push(`  decision: ${decisionOf(result)}`);
  return lines;
}

/** The debug log of a handler that did not run for this event. */
export function formatHandlerSkip(skip: SettingsHandlerSkip): string[] {
  return [`${skip.event} ${skip.hookPath} [${skip.dialect}]: not matched: ${skip.why}`];
}
