// What a settings handler answered: stdout/exit code (or an HTTP body) read into a validated result.
import os from "node:os";
import path from "node:path";
import type { PermissionDecision } from "@hookwire/core";
import type { HandlerRunDebug } from "../handlers/run-record.js";
import { saveOutput } from "./saved-output.js";

/** The fields of a hook's JSON output that hookwire acts on; each one validated on its own. */
export interface HookOutput {
  continue?: boolean;
  stopReason?: string;
  suppressOutput?: boolean;
  systemMessage?: string;
  decision?: "block";
  reason?: string;
  hookSpecificOutput?: {
    hookEventName?: string;
    permissionDecision?: PermissionDecision;
    permissionDecisionReason?: string;
    updatedInput?: Record<string, unknown>;
    additionalContext?: string;
    /** Also read from `updatedMCPToolOutput`. */
    updatedToolOutput?: unknown;
  };
  /** Fields only one dialect's events read (a model-request rewrite), kept by its protocol's `output`. */
  extra?: Record<string, unknown>;
}

/**
 * One handler's answer. `success`: exit 0 / 2xx (JSON in `output`, anything else in `text`);
 * `blocking`: exit 2, `reason` is stderr; `error`: anything else, never blocks by itself. Claude Code
 * reads a JSON object on stdout whatever the exit code, so `blocking` and `error` carry it in `output`.
 */
export type HandlerResult = (
  | {
      status: "success";
      output: HookOutput;
      text?: string;
      warnings: string[];
      /**
       * Set when `text` starts like JSON (`{`, `[`) but is not a JSON object: why (the parse error). The
       * handler failed (`brokenJsonMessage`), though its text is read as plain text, as Claude Code reads it.
       */
      invalidJson?: string;
    }
  | {
      status: "blocking";
      reason: string;
      output?: HookOutput;
      warnings: string[];
      /** The handler failed, and blocks for it (`onFailure: "block"`): why it failed, reported as its error too. */
      failure?: string;
    }
  | { status: "error"; message: string; output?: HookOutput; warnings: string[]; code?: string }
) & {
  /** The run in full, when the host asked for debugging (`debug: true`, HOOKWIRE_DEBUG=1). */
  debug?: HandlerRunDebug;
};

export interface OutputOptions {
  /** Names the hook in warnings. */
  hookName: string;
  /** The settings event the output answers; a `hookSpecificOutput` for another event is dropped. */
  event: string;
  /** Where strings over the length limit are saved. Default `defaultOutputDir()` (per user, under the XDG cache folder). */
  outputDir?: string;
  /** Reads a JSON answer in the handler's dialect (its protocol's `output`). Default: Claude Code's `validateOutput`. */
  validate?: (
    json: Record<string, unknown>,
    options: OutputOptions,
  ) => { output: HookOutput; warnings: string[] };
}

/** Hook output strings above this length are saved to a file and replaced by a preview. */
export const MAX_OUTPUT_CHARS = 10_000;
const PREVIEW_CHARS = 2_000;
const DECISIONS: readonly string[] = ["allow", "deny", "ask", "defer"];

/**
 * `$XDG_CACHE_HOME/hookwire/output`, else `~/.cache/hookwire/output`: per user, never a shared temp
 * folder another user could create first and read (hook output may hold secrets).
 */
export function defaultOutputDir(env: Record<string, string | undefined> = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), ".cache");
  return path.join(base, "hookwire", "output");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
}

function tryParseObject(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith("{")) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why text that starts like JSON (`{` or `[`) is not a JSON answer: the parse error, or "an array";
 * undefined for text that does not look like JSON. Such output is still read as plain text (as Claude
 * Code reads it), but never silently: a hook that meant to block printed it.
 */
function brokenJson(text: string): string | undefined {
  if (!text.startsWith("{") && !text.startsWith("[")) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? undefined : `it is ${describe(value)}, not an object`;
  } catch (error) {
    return (error as Error).message;
  }
}

/** What a handler whose output looks like JSON but is not a JSON object did wrong (its error; `why` the parse error). */
export function brokenJsonMessage(why: string): string {
  return `its output looks like JSON but is not a JSON object (${why}); it was read as plain text, so none of its fields (decision, hookSpecificOutput, …) apply. Print one valid JSON object, or plain text that does not start with { or [.`;
}

/** Save an over-long string and return a preview that names the file; the full text is never lost. */
export function limitString(text: string, options: OutputOptions): string {
  if (text.length <= MAX_OUTPUT_CHARS) return text;
  const dir = options.outputDir ?? defaultOutputDir();
  try {
    const file = saveOutput(dir, text);
    return `${text.slice(0, PREVIEW_CHARS)}\n… [${text.length} characters; full output saved to ${file}]`;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return `${text.slice(0, PREVIEW_CHARS)}\n… [${text.length} characters; could not save the rest: ${why}]`;
  }
}

/**
 * Validate a parsed JSON object field by field: a field of the wrong type is dropped with a
 * warning naming the hook and the field, never an exception. Unknown fields are ignored.
 */
export function validateOutput(
  json: Record<string, unknown>,
  options: OutputOptions,
): { output: HookOutput; warnings: string[] } {
  const warnings: string[] = [];
  const output: HookOutput = {};
  const drop = (field: string, expected: string, got: unknown) =>
    warnings.push(
      `Hook \`${options.hookName}\`: output field "${field}" must be ${expected}, got ${describe(got)}; the field was ignored.`,
    );
  const str = (field: string, value: unknown): string | undefined => {
    if (value === undefined) return undefined;
    if (typeof value === "string") return value;
    drop(field, "a string", value);
    return undefined;
  };
  const bool = (field: string, value: unknown): boolean | undefined => {
    if (value === undefined) return undefined;
    if (typeof value === "boolean") return value;
    drop(field, "true or false", value);
    return undefined;
  };

  const cont = bool("continue", json.continue);
  if (cont !== undefined) output.continue = cont;
  const stopReason = str("stopReason", json.stopReason);
  if (stopReason !== undefined) output.stopReason = limitString(stopReason, options);
  const suppress = bool("suppressOutput", json.suppressOutput);
  if (suppress !== undefined) output.suppressOutput = suppress;
  const systemMessage = str("systemMessage", json.systemMessage);
  if (systemMessage !== undefined) output.systemMessage = limitString(systemMessage, options);
  if (json.decision !== undefined) {
    // "approve" is the legacy spelling of "no objection"; only "block" decides anything.
    if (json.decision === "block") output.decision = "block";
    else if (json.decision !== "approve") drop("decision", '"block" (or omitted)', json.decision);
  }
  const reason = str("reason", json.reason);
  if (reason !== undefined) output.reason = limitString(reason, options);

  const specific = json.hookSpecificOutput;
  if (specific === undefined) return { output, warnings };
  if (!isRecord(specific)) {
    drop("hookSpecificOutput", "an object", specific);
    return { output, warnings };
  }
  const eventName = str("hookSpecificOutput.hookEventName", specific.hookEventName);
  if (eventName !== undefined && eventName !== options.event) {
    warnings.push(
      `Hook \`${options.hookName}\`: hookSpecificOutput.hookEventName is "${eventName}" but the hook ran for "${options.event}"; hookSpecificOutput was ignored.`,
    );
    return { output, warnings };
  }
  const out: NonNullable<HookOutput["hookSpecificOutput"]> = {};
  if (eventName !== undefined) out.hookEventName = eventName;
  const decision = specific.permissionDecision;
  if (decision !== undefined) {
    if (typeof decision === "string" && DECISIONS.includes(decision)) {
      out.permissionDecision = decision as PermissionDecision;
    } else drop("hookSpecificOutput.permissionDecision", "one of allow, deny, ask, defer", decision);
  }
  const decisionReason = str(
    "hookSpecificOutput.permissionDecisionReason",
    specific.permissionDecisionReason,
  );
  if (decisionReason !== undefined) out.permissionDecisionReason = limitString(decisionReason, options);
  if (specific.updatedInput !== undefined) {
    if (isRecord(specific.updatedInput)) out.updatedInput = specific.updatedInput;
    else drop("hookSpecificOutput.updatedInput", "an object", specific.updatedInput);
  }
  const context = str("hookSpecificOutput.additionalContext", specific.additionalContext);
  if (context !== undefined) out.additionalContext = limitString(context, options);
  const toolOutput = specific.updatedToolOutput ?? specific.updatedMCPToolOutput;
  if (toolOutput !== undefined) out.updatedToolOutput = toolOutput;
  output.hookSpecificOutput = out;
  return { output, warnings };
}

/**
 * Read an exit-0 stdout (or a 2xx body): a JSON object → validated output; anything else →
 * plain text. A leading BOM and surrounding whitespace are tolerated, and so are non-JSON lines
 * before a final JSON object line (what a chatty shell profile prints). Never throws.
 */
export function parseStdout(stdout: string, options: OutputOptions): HandlerResult {
  const text = stdout.replace(/^\uFEFF/, "").trim();
  if (text === "") return { status: "success", output: {}, warnings: [] };
  const validate = options.validate ?? validateOutput;
  const whole = tryParseObject(text);
  if (whole) return { status: "success", ...validate(whole, options) };
  const lines = text.split(/\r?\n/);
  const last = lines[lines.length - 1]?.trim() ?? "";
  const tail = lines.length > 1 ? tryParseObject(last) : undefined;
  // Noise lines are skipped only when none of them is JSON itself: two JSON answers are ambiguous.
  const noise = lines.slice(0, -1);
  if (tail && !noise.some((line) => tryParseObject(line.trim()))) {
    const { output, warnings } = validate(tail, options);
    warnings.unshift(
      `Hook \`${options.hookName}\`: ignored ${noise.length} line(s) of text printed before the JSON output (a shell profile?); print only the JSON object.`,
    );
    return { status: "success", output, warnings };
  }
  const why = brokenJson(text) ?? (lines.length > 1 ? brokenJson(last) : undefined);
  const result: HandlerResult = {
    status: "success",
    output: {},
    text: limitString(text, options),
    warnings: [],
  };
  // A failure, not a warning (`brokenJsonMessage`): a hook that meant to block printed it.
  if (why !== undefined) result.invalidJson = why;
  return result;
}

export function firstLine(text: string): string {
  const line = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .find((l) => l.trim() !== "");
  return line?.trim() ?? "";
}
