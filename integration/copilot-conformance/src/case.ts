// A Copilot CLI conformance case as data, and how it becomes a project folder both harnesses run in.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  type HookScript,
  type KitCase,
  scriptText as kitScriptText,
  type ObserveSpec,
  type ToolCall,
  writeFiles,
} from "@hookwire/conformance-kit";

export type { HookScript, ToolCall };

/**
 * A handler in a case's hook file: `run: name` runs `scripts[name]` (in Copilot's native format it
 * becomes `bash`, in Claude's format `command`); other fields as in the file.
 */
export type CaseHandler = Record<string, unknown> & { run?: string };

/** One hook file: Copilot's native format (`version: 1`, `bash` handlers) or Claude's (matcher groups). */
export type HookFile =
  | { format: "copilot"; hooks: Record<string, CaseHandler[]>; extra?: Record<string, unknown> }
  | { format: "claude"; hooks: Record<string, { matcher?: string; hooks: CaseHandler[] }[]> }
  | { format: "raw"; text: string };

export interface CopilotCase extends KitCase {
  /** Hook files by path: `project/…` (relative to the project) or `home/…` (relative to HOME). */
  hookFiles: Record<string, HookFile>;
  scripts?: Record<string, HookScript>;
  /** Files written into the project before the run. */
  files?: Record<string, string>;
  calls: ToolCall[];
  prompt?: string;
  /** Default true: `--trust-folder`, so repository hooks load. */
  trusted?: boolean;
  observe?: ObserveSpec;
}

/** The folders of one run: `project` (cwd), `home` (a fresh HOME), `logs` (what hooks received). */
export interface CaseDirs {
  root: string;
  project: string;
  home: string;
  logs: string;
  /** Where the generated hook scripts live (outside the project, so they never show up in it). */
  scripts: string;
}

function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** A script's text with `@P@` (the project) and `@LOG@` (the log folder) filled in. */
function scriptText(name: string, script: HookScript, dirs: CaseDirs): string {
  return kitScriptText(name, script, dirs.logs)
    .replaceAll("@P@", dirs.project)
    .replaceAll("@LOG@", dirs.logs);
}

function expand(handler: CaseHandler, key: "bash" | "command", dirs: CaseDirs): Record<string, unknown> {
  const { run, ...rest } = handler;
  if (run === undefined) return rest;
  return { type: "command", [key]: `sh ${quote(path.join(dirs.scripts, `${run}.sh`))}`, ...rest };
}

/** The JSON text of a hook file with `run` handlers expanded to real commands. */
export function hookFileText(file: HookFile, dirs: CaseDirs): string {
  if (file.format === "raw") return file.text;
  let json: unknown;
  if (file.format === "copilot") {
    const hooks = Object.fromEntries(
      Object.entries(file.hooks).map(([event, handlers]) => [
        event,
        handlers.map((h) => expand(h, "bash", dirs)),
      ]),
    );
    json = { version: 1, ...file.extra, hooks };
  } else {
    const hooks = Object.fromEntries(
      Object.entries(file.hooks).map(([event, groups]) => [
        event,
        groups.map((group) => ({ ...group, hooks: group.hooks.map((h) => expand(h, "command", dirs)) })),
      ]),
    );
    json = { hooks };
  }
  return `${JSON.stringify(json, null, 2)}\n`;
}

/** Write the project, HOME, hook files and scripts under `root`. */
export function materialize(testCase: CopilotCase, root: string): CaseDirs {
  const dirs: CaseDirs = {
    root,
    project: path.join(root, "project"),
    home: path.join(root, "home"),
    logs: path.join(root, "logs"),
    scripts: path.join(root, "scripts"),
  };
  for (const dir of [dirs.project, dirs.home, dirs.logs, dirs.scripts]) mkdirSync(dir, { recursive: true });
  const write = (target: string, text: string) => {
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  };
  writeFiles(dirs.project, testCase.files ?? {});
  for (const [name, script] of Object.entries(testCase.scripts ?? {})) {
    write(path.join(dirs.scripts, `${name}.sh`), scriptText(name, script, dirs));
  }
  for (const [where, file] of Object.entries(testCase.hookFiles)) {
    const [base, ...rest] = where.split("/");
    if (base !== "project" && base !== "home")
      throw new Error(`hook file ${where}: start with project/ or home/`);
    write(path.join(base === "project" ? dirs.project : dirs.home, ...rest), hookFileText(file, dirs));
  }
  return dirs;
}
