// A large tool output as Claude Code hands it on: Bash's byte cut, a failure's middle cut, and the one file that keeps it all.
import { Buffer } from "node:buffer";
import path from "node:path";
import { saveOutput, saveOutputNow } from "./protocol/saved-output.js";

/**
 * Every bound on a large tool output, in one table: what the transcript keeps and what post-tool hooks are
 * handed. Recorded in Claude Code 2.1.332: a Bash output over 30,000 UTF-8 bytes is saved to
 * `<session>/tool-results/`, its line keeps a 2,000-character preview, its `stdout` — in the line and in
 * PostToolUse input — the first 30,000 bytes; a failure's error past 11,024 characters keeps 10,000.
 * `toolResultChars` is one limit for every other tool (Claude Code's differ per tool: Grep 20,000, Read
 * none); the file cap is hookwire's.
 */
export interface TranscriptLimits {
  /** A Bash output over this many UTF-8 bytes is saved to a file; `stdout` keeps its first this many bytes. */
  bashOutputBytes: number;
  /** Any other tool's result longer than this is saved to a file; its `toolUseResult` strings are cut to this. */
  toolResultChars: number;
  /** Characters of a saved result kept in the line (cut back to a line break past half of it). */
  previewChars: number;
  /** A failed call's error text longer than this is cut in the middle (PostToolUseFailure `error`, the line). */
  errorMaxChars: number;
  /** Characters a cut error keeps: the first and the last half. */
  errorKeepChars: number;
  /** A transcript past this many bytes is cut to its newest half (whole lines), so a session that never ends stays bounded. */
  maxFileBytes: number;
}

export const TRANSCRIPT_LIMITS: Readonly<TranscriptLimits> = Object.freeze({
  bashOutputBytes: 30_000,
  toolResultChars: 50_000,
  previewChars: 2_000,
  errorMaxChars: 11_024,
  errorKeepChars: 10_000,
  maxFileBytes: 16 * 1024 * 1024,
});

/** `<transcript folder>/<session>/tool-results`: where a session's over-long tool results go, as in Claude Code. */
export function toolResultsDir(transcriptFile: string): string {
  return path.join(path.dirname(transcriptFile), path.basename(transcriptFile, ".jsonl"), "tool-results");
}

/** A tool_use id as a file name: every character but letters, digits, `_` and `-` percent-encoded, as Claude Code does. */
export function fileNameOf(id: string): string {
  const name = [...id]
    .map((c) =>
      /^[A-Za-z0-9_-]$/.test(c)
        ? c
        : [...Buffer.from(c)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
    )
    .join("");
  return (name || "%").slice(0, 160);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Bash's `tool_response` (`{stdout, stderr, …}`): the one shape Claude Code cuts and saves for hooks. */
export function isBashResponse(response: unknown): response is Record<string, unknown> & { stdout: string } {
  return isRecord(response) && typeof response.stdout === "string";
}

/** Whether `text` is over `limit` UTF-8 bytes (Claude Code counts Bash output in bytes, not characters). */
export function overByteLimit(text: string, limit: number): boolean {
  // Each UTF-16 unit is one to three bytes (a surrogate pair, two units, is four): most texts need no count.
  if (text.length > limit) return true;
  if (text.length * 3 <= limit) return false;
  return Buffer.byteLength(text) > limit;
}

/** Leading lines of nothing but white space, which Claude Code drops from a Bash output. */
const LEADING_BLANK_LINES = /^(?:[^\S\n]*\n)+/;

/**
 * Bash output past the limit as Claude Code 2.1.332 keeps it in `stdout` (recorded): its first `limit`
 * UTF-8 bytes, decoded as they come (a character the cut splits becomes one U+FFFD), without leading
 * blank lines and trailing white space.
 */
export function cutBashOutput(text: string, limit: number): string {
  // `limit` UTF-16 units hold at least `limit` bytes. A pair the slice splits starts at byte `limit - 1` or
  // later, so at most its first byte is kept: one U+FFFD either way.
  const head = Buffer.from(text.slice(0, limit), "utf8").subarray(0, limit).toString("utf8");
  return head.replace(LEADING_BLANK_LINES, "").trimEnd();
}

/**
 * A failed call's error text as Claude Code 2.1.332 hands it to PostToolUseFailure (recorded): a Bash
 * error first cut as its output is (`cutBashOutput`); then, past `errorMaxChars`, its first and last
 * `errorKeepChars / 2` characters around `... [N characters truncated] ...`.
 */
export function cutErrorText(text: string, limits: TranscriptLimits, bash: boolean): string {
  const cut =
    bash && overByteLimit(text, limits.bashOutputBytes) ? cutBashOutput(text, limits.bashOutputBytes) : text;
  if (cut.length <= limits.errorMaxChars) return cut;
  const half = Math.floor(limits.errorKeepChars / 2);
  const dropped = cut.length - 2 * half;
  return `${cut.slice(0, half)}\n\n... [${dropped} characters truncated] ...\n\n${cut.slice(-half)}`;
}

/**
 * Outputs saved for a hook before the transcript records them (`<dir>\0<call id>` → file): the transcript
 * then names the same file, so an output is written once. Module-wide, because the transcript may be
 * another object's (a host's session log); few, because the transcript takes each right after the hooks.
 */
const savedForHooks = new Map<string, { text: string; file?: string; why?: string }>();
const MAX_REMEMBERED = 16;

function remember(key: string, entry: { text: string; file?: string; why?: string }): void {
  savedForHooks.delete(key);
  if (savedForHooks.size >= MAX_REMEMBERED) savedForHooks.delete(savedForHooks.keys().next().value as string);
  savedForHooks.set(key, entry);
}

/**
 * A call's output in `<dir>/<id>.txt`, written before this returns (private folder, never through a link),
 * for a hook about to read it. The same output for the same call is written once. `undefined` when it
 * cannot be written (a read-only folder, a full disk, over the folder's cap): the hook is then handed no path.
 * `transcribed`: a transcript will record the call (`saveToolResult`), so the file is remembered for it.
 */
export function saveToolResultNow(
  dir: string,
  id: string,
  text: string,
  transcribed = true,
): string | undefined {
  const key = `${dir}\0${id}`;
  const known = savedForHooks.get(key);
  if (known?.text === text) return known.file;
  const keep = (entry: { file?: string; why?: string }) => {
    if (transcribed) remember(key, { text, ...entry });
  };
  try {
    const file = saveOutputNow(dir, text, undefined, fileNameOf(id));
    keep({ file });
    return file;
  } catch (error) {
    keep({ why: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

/**
 * The file a transcript names for a call's output: the one already saved for its hooks, else a new one
 * written off the hot path (`saveOutput`). Throws, with the reason, when it cannot be saved.
 */
export function saveToolResult(dir: string, id: string, text: string): string {
  const key = `${dir}\0${id}`;
  const known = savedForHooks.get(key);
  if (known) {
    savedForHooks.delete(key);
    if (known.text === text) {
      if (known.file === undefined) throw new Error(known.why);
      return known.file;
    }
  }
  return saveOutput(dir, text, undefined, fileNameOf(id));
}

/**
 * Bash's `tool_response` for a hook: past `bashOutputBytes`, `stdout` cut (`cutBashOutput`) and
 * `persistedOutputPath` / `persistedOutputSize` (the whole output's UTF-8 bytes) naming the file that
 * holds it all, as in Claude Code; without the two when the file cannot be written. Any other response is
 * handed on whole, as Claude Code does.
 */
export function boundedResponse(
  response: unknown,
  text: string,
  limits: TranscriptLimits,
  save: () => string | undefined,
): unknown {
  if (!isBashResponse(response) || !overByteLimit(text, limits.bashOutputBytes)) return response;
  const stdout = cutBashOutput(response.stdout, limits.bashOutputBytes);
  const file = save();
  return file === undefined
    ? { ...response, stdout }
    : { ...response, stdout, persistedOutputPath: file, persistedOutputSize: Buffer.byteLength(text) };
}
