// The hookwire harness's tools, pi-style names and inputs, behaving as opencode's do where plugins can tell.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { exec } from "@hookwire/core";
import type { AgentTool } from "@hookwire/tool-wrapper";

const text = (value: string) => [{ type: "text" as const, text: value }];

function param(tool: string, params: Record<string, unknown>, name: string): string {
  const value = params[name];
  if (typeof value !== "string")
    throw new Error(`${tool} requires "${name}" (a string), got ${typeof value}`);
  return value;
}

/** The model calls opencode's tools; a host maps them onto its own (the inverse of the loader's tool table). */
export function nativeCall(args: Record<string, unknown>): Record<string, unknown> {
  const names: Record<string, string> = { filePath: "path", oldString: "oldText", newString: "newText" };
  return Object.fromEntries(Object.entries(args).map(([key, value]) => [names[key] ?? key, value]));
}

export function nativeTools(cwd: string): AgentTool[] {
  const resolve = (file: string) => path.resolve(cwd, file);
  return [
    {
      name: "bash",
      description: "Run a shell command.",
      parameters: {},
      // As opencode's bash: a non-zero exit is output, not a failure.
      async execute(_id, params) {
        const result = await exec("bash", ["-c", `exec 2>&1\n${param("bash", params, "command")}`], { cwd });
        const output = result.stdout || "(no output)";
        return { content: text(output), details: { output, exit: result.code, truncated: false } };
      },
    },
    {
      name: "read",
      description: "Read a file.",
      parameters: {},
      async execute(_id, params) {
        const file = resolve(param("read", params, "path"));
        if (!existsSync(file)) throw new Error(`File not found: ${file}`);
        return { content: text(readFileSync(file, "utf8")) };
      },
    },
    {
      name: "write",
      description: "Write a file.",
      parameters: {},
      async execute(_id, params) {
        writeFileSync(resolve(param("write", params, "path")), param("write", params, "content"));
        return { content: text("Wrote file successfully.") };
      },
    },
    {
      name: "edit",
      description: "Replace text in a file.",
      parameters: {},
      async execute(_id, params) {
        const file = resolve(param("edit", params, "path"));
        const before = readFileSync(file, "utf8");
        const oldText = param("edit", params, "oldText");
        if (!before.includes(oldText)) throw new Error(`oldString not found in content`);
        writeFileSync(file, before.replace(oldText, param("edit", params, "newText")));
        return { content: text("Edit applied successfully.") };
      },
    },
  ];
}
