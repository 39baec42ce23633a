// The write tool: creates or replaces a file of the project, making parent folders as needed.

import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ToolDefinition } from "@hookwire/core";

import { stringParam } from "./params.js";

export function createWriteTool(options: { cwd: string }): ToolDefinition {
  return {
    name: "write",
    label: "Write",
    description: "Write a file (path relative to the project).",
    parameters: {
      type: "object",
      properties: { path: { type: "string" }, content: { type: "string" } },
      required: ["path", "content"],
    },
    async execute(_toolCallId, params) {
      const target = stringParam("write", params, "path");
      const content = stringParam("write", params, "content");
      const file = path.resolve(options.cwd, target);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
      return { content: [{ type: "text", text: `Wrote ${Buffer.byteLength(content)} bytes to ${target}` }] };
    },
  };
}
