// The read tool: returns a text file of the project.

import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ToolDefinition } from "@hookwire/core";

import { stringParam } from "./params.js";

export function createReadTool(options: { cwd: string }): ToolDefinition {
  return {
    name: "read",
    label: "Read",
    description: "Read a text file (path relative to the project).",
    parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    async execute(_toolCallId, params) {
      const file = path.resolve(options.cwd, stringParam("read", params, "path"));
      return { content: [{ type: "text", text: await readFile(file, "utf8") }] };
    },
  };
}
