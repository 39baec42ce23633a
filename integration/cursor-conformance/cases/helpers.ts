// Small builders for the Cursor case tables: a Shell call that leaves a mark, hook files, the documented sources.
import type { CaseHandler, HookFile, ToolCall } from "../src/case.js";

/** A Shell call whose side effect (`ran.txt`) shows whether it ran. */
export const shellRan: ToolCall = { tool: "Shell", input: { command: "echo ran > ran.txt" } };
export const RAN = { "ran.txt": "ran\n" };
export const NOT_RAN = { "ran.txt": null };

export function cursor(hooks: Record<string, CaseHandler[]>): HookFile {
  return { format: "cursor", hooks };
}

export function claude(hooks: Record<string, { matcher?: string; hooks: CaseHandler[] }[]>): HookFile {
  return { format: "claude", hooks };
}

/** Where each expectation comes from. */
export const DOCS = {
  hooks: "cursor.com/docs/hooks",
  thirdParty: "cursor.com/docs/reference/third-party-hooks",
};

/** Values every Cursor hook input carries (common schema). */
export const COMMON = {
  conversation_id: "<string>",
  generation_id: "<string>",
  workspace_roots: ["<root>/project"],
};
