// A finished command read by the protocol: exit 0 → stdout, exit 2 → blocking stderr, else a non-blocking error.
import type { ProcessRun } from "@hookwire/core/internal";
import { firstLine, type HandlerResult, limitString, type OutputOptions, parseStdout } from "./output.js";

function truncationNote(stream: string, dropped: number): string {
  return `${stream}: ${dropped} bytes past the 1 MiB limit were discarded`;
}

export function interpretCommandRun(
  run: ProcessRun,
  options: OutputOptions & { timeoutMs: number },
): HandlerResult {
  const warnings: string[] = [];
  if (run.stdoutDropped > 0 || run.stderrDropped > 0) {
    const parts = [];
    if (run.stdoutDropped > 0) parts.push(truncationNote("stdout", run.stdoutDropped));
    if (run.stderrDropped > 0) parts.push(truncationNote("stderr", run.stderrDropped));
    warnings.push(`Hook \`${options.hookName}\`: output too large (${parts.join("; ")}).`);
  }
  const error = (message: string): HandlerResult => ({ status: "error", message, warnings });
  const stderrLine = firstLine(run.stderr);
  const withStderr = (message: string) => (stderrLine ? `${message}: ${stderrLine}` : message);

  if (run.spawnError) return error(`could not start: ${run.spawnError.message}`);
  if (run.timedOut) return error(withStderr(`timed out after ${options.timeoutMs / 1000} s and was killed`));
  if (run.aborted) return error("cancelled");
  if (run.code === 0) {
    const result = parseStdout(run.stdout, options);
    result.warnings.unshift(...warnings);
    return result;
  }
  // Claude Code reads a JSON object on stdout whatever the exit code (a deny printed by a hook that then
  // exits 1 still denies); plain text on a non-zero exit stays a debug log.
  const parsed = parseStdout(run.stdout, options);
  const json = parsed.status === "success" && parsed.text === undefined ? parsed : undefined;
  const output = json && Object.keys(json.output).length > 0 ? json.output : undefined;
  if (json) warnings.push(...json.warnings);
  if (run.code === 2) {
    const stderr = run.stderr.replace(/^\uFEFF/, "").trim();
    const jsonReason = output?.hookSpecificOutput?.permissionDecisionReason ?? output?.reason;
    const reason = stderr || jsonReason || "blocked by hook (exit code 2, no message on stderr)";
    const result: HandlerResult = { status: "blocking", reason: limitString(reason, options), warnings };
    if (output) result.output = output;
    return result;
  }
  const failed = (message: string): HandlerResult => {
    const result: HandlerResult = { status: "error", message, warnings };
    if (output) result.output = output;
    return result;
  };
  if (run.code === null) return failed(withStderr(`killed by ${run.signal ?? "a signal"}`));
  return failed(withStderr(`exited with code ${run.code}`));
}
