// Small builders that keep the case tables short: a bash call that leaves a mark, hook files, one-hook cases.
import type { CaseHandler, CopilotCase, HookFile, HookScript, ToolCall } from "../src/case.js";

/** A bash call whose side effect (`ran.txt`) shows whether it ran. */
export const bashRan: ToolCall = {
  tool: "bash",
  input: { command: "echo ran > ran.txt", description: "write ran.txt" },
};
export const ranFile = ["ran.txt"];

/** A native (`version: 1`) hook file. */
export function native(hooks: Record<string, CaseHandler[]>, extra?: Record<string, unknown>): HookFile {
  return { format: "copilot", hooks, extra };
}

/** A Claude-format hook file (matcher groups). */
export function claude(hooks: Record<string, { matcher?: string; hooks: CaseHandler[] }[]>): HookFile {
  return { format: "claude", hooks };
}

/** A case with one native hook script `h` on `event` in `.github/hooks/guard.json`, observing `ran.txt`. */
export function oneHook(
  id: string,
  about: string,
  event: string,
  script: HookScript,
  options: {
    extra?: Record<string, unknown>;
    calls?: ToolCall[];
    markers?: string[];
    files?: string[];
    setup?: Record<string, string>;
    prompt?: string;
  } = {},
): CopilotCase {
  return {
    id,
    about,
    hookFiles: { "project/.github/hooks/guard.json": native({ [event]: [{ run: "h", ...options.extra }] }) },
    scripts: { h: script },
    calls: options.calls ?? [bashRan],
    files: options.setup,
    prompt: options.prompt,
    observe: { files: options.files ?? ranFile, markers: options.markers ?? [] },
  };
}
