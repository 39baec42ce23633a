// Small builders that keep the case tables short: a shell call that leaves a mark, hook groups, outputs.
import type { CaseGroup, CaseHandler, GeminiCase, HookScript, ToolCall } from "../src/case.js";

/** A `run_shell_command` call whose side effect (`ran.txt`) shows whether it ran. */
export const shellRan: ToolCall = {
  tool: "run_shell_command",
  input: { command: "echo ran > ran.txt", description: "write ran.txt" },
};
export const ranFile = ["ran.txt"];

export type Hooks = Record<string, CaseGroup[]>;

/** `{ [event]: [{ matcher?, sequential?, hooks: [{ run: name, ...extra }] }] }`. */
export function hook(
  event: string,
  name: string,
  options: { matcher?: string; sequential?: boolean; extra?: Record<string, unknown> } = {},
): Hooks {
  const group: CaseGroup = { hooks: [{ run: name, ...options.extra } as CaseHandler] };
  if (options.matcher !== undefined) group.matcher = options.matcher;
  if (options.sequential !== undefined) group.sequential = options.sequential;
  return { [event]: [group] };
}

/** Merge several `hook(...)` fragments (groups of the same event are concatenated). */
export function hooks(...parts: Hooks[]): Hooks {
  const out: Hooks = {};
  for (const part of parts) {
    for (const [event, groups] of Object.entries(part)) out[event] = [...(out[event] ?? []), ...groups];
  }
  return out;
}

/** `{ hookSpecificOutput: { hookEventName: event, ...fields } }`. */
export function specific(event: string, fields: Record<string, unknown>): Record<string, unknown> {
  return { hookSpecificOutput: { hookEventName: event, ...fields } };
}

/** A case with one hook script named `h` on `event` in the project settings, observing `ran.txt` and markers. */
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
): GeminiCase {
  return {
    id,
    about,
    project: { hooks: hook(event, "h", { matcher: options.matcher, extra: options.extra }) },
    scripts: { h: script },
    calls: options.calls ?? [shellRan],
    files: options.setup,
    observe: { files: options.files ?? ranFile, markers: options.markers ?? [] },
  };
}
