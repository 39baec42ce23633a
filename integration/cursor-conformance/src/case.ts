// A Cursor hooks case as data: hook files, scripts, the agent's tool calls, and what Cursor's docs say must happen.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  type HookScript,
  type KitCase,
  scriptText as kitScriptText,
  type ToolCall,
  writeFiles,
} from "@hookwire/conformance-kit";

export type { HookScript, ToolCall };

/** A hook definition in a case: `run: name` runs `scripts[name]`; other fields as in hooks.json. */
export type CaseHandler = Record<string, unknown> & { run?: string };

export type HookFile =
  /** `.cursor/hooks.json` (`version: 1`). `run` becomes `command: "sh <script>"` unless `command` is given. */
  | { format: "cursor"; hooks: Record<string, CaseHandler[]>; version?: unknown }
  /** A Claude Code settings file (Cursor's "third-party hooks"). */
  | { format: "claude"; hooks: Record<string, { matcher?: string; hooks: CaseHandler[] }[]> }
  | { format: "raw"; text: string };

/**
 * What must be observed, derived from Cursor's documentation. Every key given is checked; keys left
 * out are not. Hook inputs are checked as subsets: each run's input must hold these values.
 */
export interface Expectation {
  /** Model requests (each asks the model for its next step). */
  requests?: number;
  /** How many tool results reached the model. */
  toolResults?: number;
  /** Marker → whether it reached the model. */
  markers?: Record<string, boolean>;
  /** Project file → its content after the run, `null` when absent. */
  files?: Record<string, string | null>;
  /** Hook script → how many times it ran and, per run, values its stdin must hold (`"<string>"` etc. = any of that type). */
  hooks?: Record<string, Record<string, unknown>[]>;
}

export interface CursorCase extends KitCase {
  /** The documented behaviour the expectation encodes (page and what it says, or "decision: …"). */
  source: string;
  /** Hook files by path: `project/…` (relative to the project) or `home/…` (relative to HOME). */
  hookFiles: Record<string, HookFile>;
  scripts?: Record<string, HookScript>;
  /** Files written into the project before the run. */
  files?: Record<string, string>;
  calls: ToolCall[];
  prompt?: string;
  /** Default true: the workspace is trusted, so project hooks load. */
  trusted?: boolean;
  /** Strings whose presence in what the model received is observed. */
  markers?: string[];
  /** Project files observed after the run. */
  observeFiles?: string[];
  expect: Expectation;
}

/** The folders of one run. Scripts live in `.cursor/hooks/` of the file that runs them. */
export interface CaseDirs {
  root: string;
  project: string;
  home: string;
  logs: string;
}

/** A script's text with `@P@` (the project), `@LOG@` (the log folder) and `@H@` (HOME) filled in. */
function scriptText(name: string, script: HookScript, dirs: CaseDirs): string {
  return kitScriptText(name, script, dirs.logs)
    .replaceAll("@P@", dirs.project)
    .replaceAll("@LOG@", dirs.logs)
    .replaceAll("@H@", dirs.home);
}

/**
 * `run` handlers name a script written next to the hook file (`<file dir>/hooks/<name>.sh`); in a project
 * file the command is relative to the project root (`.cursor/hooks/x.sh`), in the user file to `~/.cursor`
 * (`./hooks/x.sh`), as Cursor's docs write them. Claude files use `${CLAUDE_PROJECT_DIR}`.
 */
function expand(handler: CaseHandler, where: "project" | "home" | "claude"): Record<string, unknown> {
  const { run, ...rest } = handler;
  if (run === undefined) return rest;
  if (where === "claude") {
    return { type: "command", command: `sh "\${CLAUDE_PROJECT_DIR}/.claude/hooks/${run}.sh"`, ...rest };
  }
  const command = where === "project" ? `sh .cursor/hooks/${run}.sh` : `sh ./hooks/${run}.sh`;
  return { command, ...rest };
}

/** Write the project, HOME, hook files and their scripts under `root`. */
export function materialize(testCase: CursorCase, root: string): CaseDirs {
  const dirs: CaseDirs = {
    root,
    project: path.join(root, "project"),
    home: path.join(root, "home"),
    logs: path.join(root, "logs"),
  };
  for (const dir of [dirs.project, dirs.home, dirs.logs]) mkdirSync(dir, { recursive: true });
  const write = (target: string, text: string) => {
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  };
  writeFiles(dirs.project, testCase.files ?? {});
  for (const [where, file] of Object.entries(testCase.hookFiles)) {
    const [base, ...rest] = where.split("/");
    if (base !== "project" && base !== "home")
      throw new Error(`hook file ${where}: start with project/ or home/`);
    const target = path.join(base === "project" ? dirs.project : dirs.home, ...rest);
    let text: string;
    if (file.format === "raw") {
      text = file.text;
    } else if (file.format === "cursor") {
      const hooks = Object.fromEntries(
        Object.entries(file.hooks).map(([event, list]) => [event, list.map((h) => expand(h, base))]),
      );
      text = `${JSON.stringify({ version: "version" in file ? file.version : 1, hooks }, null, 2)}\n`;
    } else {
      const hooks = Object.fromEntries(
        Object.entries(file.hooks).map(([event, groups]) => [
          event,
          groups.map((g) => ({ ...g, hooks: g.hooks.map((h) => expand(h, "claude")) })),
        ]),
      );
      text = `${JSON.stringify({ hooks }, null, 2)}\n`;
    }
    write(target, text);
    // Scripts go next to the file that names them: `<dir of file>/hooks/<name>.sh`.
    const handlers =
      file.format === "cursor"
        ? Object.values(file.hooks).flat()
        : file.format === "claude"
          ? Object.values(file.hooks).flatMap((groups) => groups.flatMap((g) => g.hooks))
          : [];
    for (const handler of handlers) {
      const script = handler.run === undefined ? undefined : testCase.scripts?.[handler.run];
      if (handler.run === undefined) continue;
      if (!script) throw new Error(`case ${testCase.id}: no script named ${handler.run}`);
      write(
        path.join(path.dirname(target), "hooks", `${handler.run}.sh`),
        scriptText(handler.run, script, dirs),
      );
    }
  }
  return dirs;
}
