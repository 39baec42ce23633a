// Small builders that keep the case tables short: a shell call that leaves a mark, hook groups, outputs.
import type {
  CaseHandler,
  ConformanceCase,
  HookScript,
  HookSource,
  HooksBlock,
  ToolCall,
} from "../src/case.js";

/** A shell call (Codex's `exec_command`) whose side effect (`ran.txt`) shows whether it ran. */
export const bashRan: ToolCall = { tool: "exec_command", input: { cmd: "echo ran > ran.txt" } };
export const ranFile = ["ran.txt"];

/** `{ [event]: [{ matcher, hooks: [{ run: name, ...extra }] }] }`. */
export function hook(
  event: string,
  name: string,
  options: { matcher?: string; extra?: Record<string, unknown> } = {},
): HooksBlock {
  const group: { matcher?: string; hooks: CaseHandler[] } = { hooks: [{ run: name, ...options.extra }] };
  if (options.matcher !== undefined) group.matcher = options.matcher;
  return { [event]: [group] };
}

/** Merge several `hook(...)` fragments (groups of the same event are concatenated). */
export function hooks(...parts: HooksBlock[]): HooksBlock {
  const out: HooksBlock = {};
  for (const part of parts) {
    for (const [event, groups] of Object.entries(part)) out[event] = [...(out[event] ?? []), ...groups];
  }
  return out;
}

/** `{ hookSpecificOutput: { hookEventName: event, ...fields } }`. */
export function specific(event: string, fields: Record<string, unknown>): Record<string, unknown> {
  return { hookSpecificOutput: { hookEventName: event, ...fields } };
}

/** A case with one hook script named `h` on `event` (in the project's `.codex/hooks.json` unless told). */
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
    source?: HookSource;
    prompt?: string;
  } = {},
): ConformanceCase {
  const testCase: ConformanceCase = {
    id,
    about,
    hooks: {
      [options.source ?? "project"]: hook(event, "h", { matcher: options.matcher, extra: options.extra }),
    },
    scripts: { h: script },
    calls: options.calls ?? [bashRan],
    observe: { files: options.files ?? ranFile, markers: options.markers ?? [] },
  };
  if (options.setup) testCase.files = options.setup;
  if (options.prompt) testCase.prompt = options.prompt;
  return testCase;
}
