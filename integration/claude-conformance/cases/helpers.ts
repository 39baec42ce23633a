// Small builders that keep the case tables short: a Bash call that leaves a mark, hook groups, outputs.
import type { CaseHandler, CaseSettings, ConformanceCase, HookScript, ToolCall } from "../src/case.js";

/** A Bash call whose side effect (`ran.txt`) shows whether it ran. */
export const bashRan: ToolCall = { tool: "Bash", input: { command: "echo ran > ran.txt" } };
export const ranFile = ["ran.txt"];

/** `{ [event]: [{ matcher, hooks: [{ run: name, ...extra }] }] }`. */
export function hook(
  event: string,
  name: string,
  options: { matcher?: string; extra?: Record<string, unknown> } = {},
): NonNullable<CaseSettings["hooks"]> {
  const group: { matcher?: string; hooks: CaseHandler[] } = { hooks: [{ run: name, ...options.extra }] };
  if (options.matcher !== undefined) group.matcher = options.matcher;
  return { [event]: [group] };
}

/** Merge several `hook(...)` fragments (groups of the same event are concatenated). */
export function hooks(...parts: NonNullable<CaseSettings["hooks"]>[]): NonNullable<CaseSettings["hooks"]> {
  const out: NonNullable<CaseSettings["hooks"]> = {};
  for (const part of parts) {
    for (const [event, groups] of Object.entries(part)) out[event] = [...(out[event] ?? []), ...groups];
  }
  return out;
}

/** `{ hookSpecificOutput: { hookEventName: event, ...fields } }`. */
export function specific(event: string, fields: Record<string, unknown>): Record<string, unknown> {
  return { hookSpecificOutput: { hookEventName: event, ...fields } };
}

/** A case with one hook script named `h` on `event`, observing `ran.txt` and the given markers. */
export function oneHook(
  id: string,
  about: string,
  event: string,
  script: HookScript,
  options: {
    matcher?: string;
    extra?: Record<string, unknown>;
    calls?: ToolCall[];
    markers?: string[];
    files?: string[];
    setup?: Record<string, string>;
  } = {},
): ConformanceCase {
  return {
    id,
    about,
    settings: { hooks: hook(event, "h", { matcher: options.matcher, extra: options.extra }) },
    scripts: { h: script },
    calls: options.calls ?? [bashRan],
    files: options.setup,
    observe: { files: options.files ?? ranFile, markers: options.markers ?? [] },
  };
}
