// A conformance case as data, and how it becomes a project folder both harnesses run in.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** A tool call the fake model makes, in Claude Code's names (`Bash {command}`). */
export interface ToolCall {
  tool: string;
  input: Record<string, unknown>;
}

/** A generated hook script: logs its stdin, optionally runs `shell`, prints, exits. */
export interface HookScript {
  /** Printed on stdout; an object is printed as JSON. `@P@` is the project folder, as in tool inputs. */
  stdout?: string | Record<string, unknown>;
  stderr?: string;
  /** Default 0. */
  exit?: number;
  /** Seconds to sleep before answering. */
  sleep?: number;
  /** Shell lines run after logging stdin; `@LOG@` is the log folder, `$n` the run count (1-based). */
  shell?: string;
}

/** What the http hook server answers for one route. */
export interface HttpRoute {
  status?: number;
  body?: string | Record<string, unknown>;
}

/**
 * A handler in a case's settings: `run: name` is a command handler running `scripts[name]`,
 * `route: name` an http handler posting to the case's server at `/name`; other fields as in settings.
 */
export type CaseHandler = Record<string, unknown> & ({ run: string } | { route: string } | { type: string });

export interface CaseSettings {
  hooks?: Record<string, { matcher?: string; hooks: CaseHandler[] }[]>;
  /**
   * Written to the user settings (`~/.claude/settings.json`): Claude Code ignores a project's allow
   * rules until the project is trusted, and a headless run never asks.
   */
  permissions?: { allow?: string[]; deny?: string[]; ask?: string[] };
}

export interface ConformanceCase {
  id: string;
  /** One line: what the case checks. */
  about: string;
  settings: CaseSettings;
  scripts?: Record<string, HookScript>;
  http?: Record<string, HttpRoute>;
  /** Files written into the project before the run (path relative to the project). */
  files?: Record<string, string>;
  calls: ToolCall[];
  prompt?: string;
  /** Default "bypassPermissions". */
  permissionMode?: "bypassPermissions" | "default" | "acceptEdits" | "plan" | "dontAsk";
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
}

function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function scriptText(name: string, script: HookScript, logs: string): string {
  const log = path.join(logs, `${name}.jsonl`);
  const lines = [
    "#!/bin/sh",
    "input=$(cat)",
    `printf '%s\\n' "$input" >> ${quote(log)}`,
    `n=$(wc -l < ${quote(log)} | tr -d ' ')`,
  ];
  if (script.shell) lines.push(script.shell.replaceAll("@LOG@", logs));
  if (script.sleep) lines.push(`sleep ${script.sleep}`);
  if (script.stdout !== undefined) {
    const text = typeof script.stdout === "string" ? script.stdout : JSON.stringify(script.stdout);
    lines.push(`printf '%s\\n' ${quote(text)}`);
  }
  if (script.stderr !== undefined) lines.push(`printf '%s\\n' ${quote(script.stderr)} >&2`);
  lines.push(`exit ${script.exit ?? 0}`);
  return `${lines.join("\n")}\n`;
}

/** The settings JSON with `run` / `route` handlers expanded to real command and http handlers. */
export function settingsJson(testCase: ConformanceCase, httpBase: string | undefined): unknown {
  const hooks: Record<string, unknown[]> = {};
  for (const [event, groups] of Object.entries(testCase.settings.hooks ?? {})) {
    hooks[event] = groups.map((group) => ({
      ...group,
      hooks: group.hooks.map((handler) => {
        const { run, route, ...rest } = handler as { run?: string; route?: string };
        if (run !== undefined) {
          return { type: "command", command: `sh "\${CLAUDE_PROJECT_DIR}/.claude/hooks/${run}.sh"`, ...rest };
        }
        if (route !== undefined) return { type: "http", url: `${httpBase}/${route}`, ...rest };
        return rest;
      }),
    }));
  }
  return { hooks };
}

/** Write the project (files, hook scripts, `.claude/settings.json`) under `root`. */
export function materialize(testCase: ConformanceCase, root: string, httpBase: string | undefined): CaseDirs {
  const dirs: CaseDirs = {
    root,
    project: path.join(root, "project"),
    home: path.join(root, "home"),
    logs: path.join(root, "logs"),
  };
  for (const dir of [dirs.project, dirs.home, dirs.logs, path.join(dirs.project, ".claude", "hooks")]) {
    mkdirSync(dir, { recursive: true });
  }
  for (const [file, content] of Object.entries(testCase.files ?? {})) {
    const target = path.join(dirs.project, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  for (const [name, script] of Object.entries(testCase.scripts ?? {})) {
    const text = scriptText(name, script, dirs.logs).replaceAll("@P@", dirs.project);
    writeFileSync(path.join(dirs.project, ".claude", "hooks", `${name}.sh`), text);
  }
  if (testCase.settings.permissions) {
    mkdirSync(path.join(dirs.home, ".claude"), { recursive: true });
    writeFileSync(
      path.join(dirs.home, ".claude", "settings.json"),
      `${JSON.stringify({ permissions: testCase.settings.permissions }, null, 2)}\n`,
    );
  }
  writeFileSync(
    path.join(dirs.project, ".claude", "settings.json"),
    `${JSON.stringify(settingsJson(testCase, httpBase), null, 2).replaceAll("@P@", dirs.project)}\n`,
  );
  return dirs;
}

/** Tool inputs name files by absolute path in Claude Code; cases write `@P@/x` for `<project>/x`. */
export function resolveCalls(calls: readonly ToolCall[], project: string): ToolCall[] {
  return calls.map((call) => ({
    tool: call.tool,
    input: JSON.parse(JSON.stringify(call.input).replaceAll("@P@", project)),
  }));
}
