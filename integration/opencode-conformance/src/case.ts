// What a conformance case is: plugin files, config, the model's tool calls, and what to observe.
import type { KitCase } from "@hookwire/conformance-kit";
import type { ToolCall } from "./fake-api.js";

export interface PluginCase extends KitCase {
  /**
   * Files of the project, relative to it (`.opencode/plugin/guard.ts`, `opencode.json` entries' targets).
   * `@LOG@` in a file is replaced by the path of the log every plugin appends JSON lines to (`log(value)`).
   */
  files: Record<string, string>;
  /** The `plugin` list of the project's `opencode.json`. */
  plugin?: unknown[];
  /** The tool calls the fake model makes, in order, with opencode's tool names and arguments. */
  calls: ToolCall[];
  /** Strings whose arrival in a tool result the model reads is observed. */
  markers?: string[];
}

export type { ToolCall };
