// Building blocks of cases: a plugin module with a `log` helper, and the usual tool calls.
import type { ToolCall } from "../src/case.js";

/** A plugin module: `body` may call `log(value)` (appends a JSON line to the case's log). */
export function plugin(body: string): string {
  return `import { appendFileSync } from "node:fs";\nconst log = (value: unknown) => appendFileSync("@LOG@", JSON.stringify(value) + "\\n");\n${body}\n`;
}

export const bash = (command: string, description = "run it"): ToolCall => ({
  tool: "bash",
  args: { command, description },
});

export const write = (filePath: string, content: string): ToolCall => ({
  tool: "write",
  args: { filePath, content },
});

export const edit = (filePath: string, oldString: string, newString: string): ToolCall => ({
  tool: "edit",
  args: { filePath, oldString, newString },
});

export const read = (filePath: string): ToolCall => ({ tool: "read", args: { filePath } });
