// The edit tool: replaces one exact, unique occurrence of text in a file.

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ToolDefinition } from "@hookwire/core";

import { ToolInputError } from "../errors.js";
import { stringParam } from "./params.js";

export function createEditTool(options: { cwd: string }): ToolDefinition {
  return {
    name: "edit",
    label: "Edit",
    description: "Replace one exact occurrence of oldText with newText in a file.",
    parameters: {
      type: "object",
      properties: { path: { type: "string" }, oldText: { type: "string" }, newText: { type: "string" } },
      required: ["path", "oldText", "newText"],
    },
    async execute(_toolCallId, params) {
      const target = stringParam("edit", params, "path");
      const oldText = stringParam("edit", params, "oldText");
      const newText = stringParam("edit", params, "newText");
      const file = path.resolve(options.cwd, target);
      const before = await readFile(file, "utf8");
      const at = before.indexOf(oldText);
      if (oldText === "" || at === -1) {
        throw new ToolInputError("edit", `the text to replace was not found in ${target}.`);
      }
      if (before.indexOf(oldText, at + 1) !== -1) {
        throw new ToolInputError(
          "edit",
          `the text to replace occurs more than once in ${target}; include more context.`,
        );
      }
      await writeFile(file, before.slice(0, at) + newText + before.slice(at + oldText.length));
      return { content: [{ type: "text", text: `Edited ${target}` }] };
    },
  };
}
