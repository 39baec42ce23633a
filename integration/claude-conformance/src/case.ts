// A conformance case as data, and how it becomes a project folder both harnesses run in.
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

export interface ConformanceCase extends KitCase {
  settings: CaseSettings;
  scripts?: Record<string, HookScript>;
  http?: Record<string, HttpRoute>;
  /** Files written into the project before the run (path relative to the project). */
  files?: Record<string, string>;
  calls: ToolCall[];
  prompt?: string;
  /** Default "bypassPermissions". */
  permissionMode?: "bypassPermissions" | "default" | "acceptEdits" | "plan" | "dontAsk";
  observe?: ObserveSpec;
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
  const dirs = caseDirs(testCase, root, path.join("project", ".claude", "hooks"));
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
