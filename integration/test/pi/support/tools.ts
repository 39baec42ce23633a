// Small real tools (a shell, file read, write and edit) that act on the scenario's project folder.
import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export interface ToolResult {
  content: Array<{ type: "text"; text: string }>;
  details?: unknown;
}

export interface RealTool {
  name: string;
  label: string;
  description: string;
  parameters: unknown;
  execute(toolCallId: string, params: Record<string, unknown>): Promise<ToolResult>;
}

const text = (t: string, details?: unknown): ToolResult => ({
  content: [{ type: "text", text: t }],
  details,
});

export function realTools(cwd: string): RealTool[] {
  const inside = (p: unknown) => path.resolve(cwd, String(p));
  return [
    {
      name: "bash",
      label: "bash",
      description: "Run a shell command",
      parameters: { type: "object", properties: { command: { type: "string" } } },
      execute: (_id, params) =>
        new Promise((resolve, reject) => {
          execFile(
            "sh",
            ["-c", String(params.command)],
            { cwd, timeout: 10_000 },
            (error, stdout, stderr) => {
              if (error && typeof error.code !== "number") return reject(error);
              const code = error ? Number(error.code) : 0;
              if (code !== 0)
                return reject(new Error(`${stdout}${stderr}\nCommand exited with code ${code}`.trim()));
              resolve(text(stdout + stderr, { exitCode: code }));
            },
          );
        }),
    },
    {
      name: "read",
      label: "read",
      description: "Read a file",
      parameters: { type: "object", properties: { path: { type: "string" } } },
      execute: async (_id, params) => text(await readFile(inside(params.path), "utf8")),
    },
    {
      name: "write",
      label: "write",
      description: "Write a file",
      parameters: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } } },
      execute: async (_id, params) => {
        await writeFile(inside(params.path), String(params.content));
        return text(`Wrote ${String(params.path)}`);
      },
    },
    {
      name: "edit",
      label: "edit",
      description: "Replace text in a file",
      parameters: { type: "object", properties: { path: { type: "string" } } },
      execute: async (_id, params) => {
        const file = inside(params.path);
        const before = await readFile(file, "utf8");
        if (!before.includes(String(params.oldText)))
          throw new Error(`oldText not found in ${String(params.path)}`);
        await writeFile(file, before.replace(String(params.oldText), String(params.newText)));
        return text(`Edited ${String(params.path)}`);
      },
    },
  ];
}

/** The tool calls every scenario makes, harmless even when no hook stops them. */
export const TOOL_CALLS: Array<{ toolName: string; input: Record<string, unknown> }> = [
  { toolName: "bash", input: { command: "ls" } },
  { toolName: "bash", input: { command: "rm -rf build" } },
  { toolName: "bash", input: { command: "chmod -R 777 src" } },
  { toolName: "write", input: { path: ".env", content: "SECRET=1\n" } },
  { toolName: "edit", input: { path: "src/a.ts", oldText: "export", newText: "export /* edited */" } },
  { toolName: "read", input: { path: "README.md" } },
  { toolName: "bash", input: { command: "exit 3" } },
];
