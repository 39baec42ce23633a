// A Gemini CLI conformance case as data, and how it becomes a project folder (and home) both harnesses run in.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  type CaseDirs,
  caseDirs,
  type HookScript,
  type KitCase,
  type ObserveSpec,
  type ToolCall,
} from "@hookwire/conformance-kit";

export type { CaseDirs, HookScript, ToolCall };

/** A handler in a case's settings: `run: name` is a command handler running `scripts[name]`; other fields as in settings. */
export type CaseHandler = Record<string, unknown> & ({ run: string } | { type: string });

export interface CaseGroup {
  matcher?: string;
  sequential?: boolean;
  hooks: CaseHandler[];
}

/** One settings file: `hooks` (handlers expanded), any other top-level keys (`hooksConfig`, …) as written. */
export interface CaseSettingsFile {
  hooks?: Record<string, CaseGroup[]>;
  hooksConfig?: Record<string, unknown>;
}

export interface GeminiCase extends KitCase {
  /** `<project>/.gemini/settings.json`. */
  project?: CaseSettingsFile;
  /** `~/.gemini/settings.json` (the auth selection is added by the Gemini harness). */
  user?: CaseSettingsFile;
  scripts?: Record<string, HookScript>;
  /** Files written into the project before the run (path relative to the project). */
  files?: Record<string, string>;
  calls: ToolCall[];
  /** Default "go". */
  prompt?: string;
  /** Default true: the folder is trusted (`GEMINI_CLI_TRUST_WORKSPACE=true`). */
  trusted?: boolean;
  /** Default true: `--yolo`, every tool call approved without asking. */
  yolo?: boolean;
  observe?: ObserveSpec;
}

/** A settings file with `run` handlers expanded to command handlers (scripts live in `<logs>/../scripts`). */
export function settingsJson(file: CaseSettingsFile, scripts: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...file };
  if (file.hooks) {
    out.hooks = Object.fromEntries(
      Object.entries(file.hooks).map(([event, groups]) => [
        event,
        groups.map((group) => ({
          ...group,
          hooks: group.hooks.map((handler) => {
            const { run, ...rest } = handler as { run?: string };
            if (run === undefined) return rest;
            return { type: "command", command: `sh ${path.join(scripts, `${run}.sh`)}`, ...rest };
          }),
        })),
      ]),
    );
  }
  return out;
}

function writeJson(file: string, value: unknown, project: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2).replaceAll("@P@", project)}\n`);
}

/**
 * Write the project (files, `.gemini/settings.json`), the user settings and the hook scripts under `root`.
 * `userExtra` is merged into the user settings (the Gemini harness's auth selection).
 */
export function materialize(
  testCase: GeminiCase,
  root: string,
  userExtra: Record<string, unknown> = {},
): CaseDirs {
  const dirs = caseDirs(testCase, root, "scripts");
  const scripts = path.join(root, "scripts");
  if (testCase.project) {
    writeJson(
      path.join(dirs.project, ".gemini", "settings.json"),
      settingsJson(testCase.project, scripts),
      dirs.project,
    );
  }
  writeJson(
    path.join(dirs.home, ".gemini", "settings.json"),
    { ...settingsJson(testCase.user ?? {}, scripts), ...userExtra },
    dirs.project,
  );
  return dirs;
}
