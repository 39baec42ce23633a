// What every conformance case is made of (id, a line about it, hook scripts, tool calls) and how scripts are written.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The least a case is: a unique id and one line saying what it checks (the test's name). */
export interface KitCase {
  id: string;
  about: string;
}

/** A tool call the fake model makes, in the agent's own names (`Bash {command}`, `exec_command {cmd}`). */
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

/** What is observed of a run beyond hook inputs. */
export interface ObserveSpec {
  /** Project files whose content (or absence) is observed after the run. */
  files?: string[];
  /** Strings whose presence in what the model received is observed. */
  markers?: string[];
}

function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The `sh` text of a hook script that appends its stdin to `<logs>/<name>.jsonl` (the run's hook log). */
export function scriptText(name: string, script: HookScript, logs: string): string {
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

/** Write `files` (paths relative to `base`), making their folders. */
export function writeFiles(base: string, files: Readonly<Record<string, string>>): void {
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(base, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
}

/** Tool inputs name files by absolute path; cases write `@P@/x` for `<project>/x`. */
export function resolveCalls(calls: readonly ToolCall[], project: string): ToolCall[] {
  return calls.map((call) => ({
    tool: call.tool,
    input: JSON.parse(JSON.stringify(call.input).replaceAll("@P@", project)),
  }));
}

/** The folders of one run: `project` (cwd), `home` (a fresh HOME), `logs` (what hooks received). */
export interface CaseDirs {
  root: string;
  project: string;
  home: string;
  logs: string;
}

/**
 * The start of every case's folders under `root`: `project` with the case's files, `home`, `logs`, and the
 * hook scripts in `scripts` (relative to `root`; `@P@` in a script is the project).
 */
export function caseDirs(
  testCase: { files?: Readonly<Record<string, string>>; scripts?: Readonly<Record<string, HookScript>> },
  root: string,
  scripts: string,
): CaseDirs {
  const dirs: CaseDirs = {
    root,
    project: path.join(root, "project"),
    home: path.join(root, "home"),
    logs: path.join(root, "logs"),
  };
  const scriptsDir = path.join(root, scripts);
  for (const dir of [dirs.project, dirs.home, dirs.logs, scriptsDir]) mkdirSync(dir, { recursive: true });
  writeFiles(dirs.project, testCase.files ?? {});
  for (const [name, script] of Object.entries(testCase.scripts ?? {})) {
    const text = scriptText(name, script, dirs.logs).replaceAll("@P@", dirs.project);
    writeFileSync(path.join(scriptsDir, `${name}.sh`), text);
  }
  return dirs;
}
