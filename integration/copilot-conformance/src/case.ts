// A Copilot CLI conformance case as data, and how it becomes a project folder both harnesses run in.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** A tool call the fake model makes, in Copilot CLI's names (`bash {command, description}`). */
export interface ToolCall {
  tool: string;
  input: Record<string, unknown>;
}

/** A generated hook script: logs its stdin, optionally runs `shell`, prints, exits. */
export interface HookScript {
  /** Printed on stdout; an object is printed as JSON. */
  stdout?: string | Record<string, unknown>;
  stderr?: string;
  /** Default 0. */
  exit?: number;
  /** Seconds to sleep before answering. */
  sleep?: number;
  /** Shell lines run after logging stdin; `@P@` is the project folder, `@LOG@` the log folder. */
  shell?: string;
}

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

export interface CopilotCase {
  id: string;
  /** One line: what the case checks. */
  about: string;
  /** Hook files by path: `project/…` (relative to the project) or `home/…` (relative to HOME). */
  hookFiles: Record<string, HookFile>;
  scripts?: Record<string, HookScript>;
  /** Files written into the project before the run. */
  files?: Record<string, string>;
  calls: ToolCall[];
  prompt?: string;
  /** Default true: `--trust-folder`, so repository hooks load. */
  trusted?: boolean;
  observe?: {
    /** Project files whose content (or absence) is observed after the run. */
    files?: string[];
    /** Strings whose presence in what the model received is observed. */
    markers?: string[];
  };
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

function scriptText(name: string, script: HookScript, dirs: CaseDirs): string {
  const log = path.join(dirs.logs, `${name}.jsonl`);
  const lines = ["#!/bin/sh", "input=$(cat)", `printf '%s\\n' "$input" >> ${quote(log)}`];
  if (script.shell) lines.push(script.shell);
  if (script.sleep) lines.push(`sleep ${script.sleep}`);
  if (script.stdout !== undefined) {
    const text = typeof script.stdout === "string" ? script.stdout : JSON.stringify(script.stdout);
    lines.push(`printf '%s\\n' ${quote(text)}`);
  }
  if (script.stderr !== undefined) lines.push(`printf '%s\\n' ${quote(script.stderr)} >&2`);
  lines.push(`exit ${script.exit ?? 0}`);
  return `${lines.join("\n")}\n`.replaceAll("@P@", dirs.project).replaceAll("@LOG@", dirs.logs);
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
  for (const [file, content] of Object.entries(testCase.files ?? {}))
    write(path.join(dirs.project, file), content);
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

/** Tool inputs may name files by absolute path; cases write `@P@/x` for `<project>/x`. */
export function resolveCalls(calls: readonly ToolCall[], project: string): ToolCall[] {
  return calls.map((call) => ({
    tool: call.tool,
    input: JSON.parse(JSON.stringify(call.input).replaceAll("@P@", project)),
  }));
}
