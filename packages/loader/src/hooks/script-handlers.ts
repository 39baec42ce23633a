// A discovered pre/post script as settings command handlers, so it runs under the settings-hook protocol.
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import path from "node:path";
import { type CommandHandlerConfig, type SettingsHandler, settingsToolName } from "@hookwire/settings-hooks";
import { HookLoadError } from "../errors.js";
import type { HookItem } from "./hook-item.js";

/** Interpreters for scripts that are not executable themselves. */
const INTERPRETERS: Readonly<Record<string, string>> = {
  ".sh": "sh",
  ".bash": "bash",
  ".py": "python3",
};

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function commandFor(file: string): Promise<CommandHandlerConfig | undefined> {
  // Exec form (args present) runs without a shell, so paths with spaces need no quoting.
  if (await isExecutable(file)) return { type: "command", command: file, args: [] };
  const interpreter = INTERPRETERS[path.extname(file).toLowerCase()];
  return interpreter ? { type: "command", command: interpreter, args: [file] } : undefined;
}

/** pre → PreToolUse; post → PostToolUse and PostToolUseFailure; `*` matches every tool. */
export async function scriptHandlers(
  item: HookItem & { type: "pre" | "post" },
  shown: string = item.path,
): Promise<SettingsHandler[] | HookLoadError> {
  const config = await commandFor(item.path);
  if (!config) {
    const known = Object.keys(INTERPRETERS).join(", ");
    return new HookLoadError({
      hookPath: shown,
      resolvedPath: item.path,
      reason: "script-not-runnable",
      message:
        `Hook script \`${shown}\` is not executable and its extension names no interpreter (${known}). ` +
        `Run \`chmod +x ${shown}\` and start it with a #! line.`,
    });
  }
  const events = item.type === "pre" ? ["PreToolUse"] : ["PostToolUse", "PostToolUseFailure"];
  return events.map((event) => ({
    // pre/post scripts speak Claude Code's protocol (its events, tool names and exit codes).
    dialect: "claude",
    event,
    // Matchers compare Claude tool names exactly: `pre/bash.sh` is for `Bash`.
    matcher: item.tool === "*" ? undefined : settingsToolName(item.tool),
    config,
    file: item.path,
    scope: item.level,
    jsonPath: "",
  }));
}
