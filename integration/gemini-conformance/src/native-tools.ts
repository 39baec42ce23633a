// The hookwire harness's own tools, pi-style native names and inputs (bash {command}, read {path}, …), with Gemini CLI's result rules.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { exec } from "@hookwire/core";
import type { AgentTool } from "@hookwire/tool-wrapper";

function text(value: string) {
  return [{ type: "text" as const, text: value }];
}

function param(tool: string, params: Record<string, unknown>, name: string): string {
  const value = params[name];
  if (typeof value !== "string")
    throw new Error(`${tool} requires "${name}" (a string), got ${typeof value}`);
  return value;
}

export function nativeTools(cwd: string): AgentTool[] {
  const resolve = (file: string) => path.resolve(cwd, file);
  return [
    {
      name: "bash",
      description: "Run a shell command.",
      parameters: {},
      // A failing command is not a failed tool call in Gemini CLI: the exit code is part of the output.
      async execute(_id, params, signal) {
        const command = param("bash", params, "command");
        const result = await exec("bash", ["-c", `exec 2>&1\n${command}`], { cwd, timeout: 30_000, signal });
        const output = result.stdout.trimEnd();
        const code = result.code === 0 ? "" : `\nExit Code: ${result.code}`;
        return { content: text(`${output}${code}`), details: { exitCode: result.code } };
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
        const file = resolve(param("write", params, "path"));
        const content = param("write", params, "content");
        const originalFile = existsSync(file) ? readFileSync(file, "utf8") : null;
        writeFileSync(file, content);
        return { content: text(`Wrote ${file}`), details: { originalFile } };
      },
    },
    {
      name: "edit",
      description: "Replace text in a file.",
      parameters: {},
      async execute(_id, params) {
        const file = resolve(param("edit", params, "path"));
        const oldText = param("edit", params, "oldText");
        const newText = param("edit", params, "newText");
        if (!existsSync(file)) throw new Error(`File not found: ${file}`);
        const originalFile = readFileSync(file, "utf8");
        if (!originalFile.includes(oldText)) throw new Error(`Text to replace not found in ${file}`);
        writeFileSync(file, originalFile.replace(oldText, newText));
        return { content: text(`Edited ${file}`), details: { originalFile } };
      },
    },
  ];
}
