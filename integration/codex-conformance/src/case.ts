// A Codex conformance case as data, and how it becomes the project and home folders both harnesses run in.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  type HookScript,
  type KitCase,
  type ObserveSpec,
  scriptText,
  type ToolCall,
} from "@hookwire/conformance-kit";
import { stringify } from "smol-toml";

export type { HookScript, ToolCall };

/** A handler in a case's hooks: `run: name` is a command handler running `scripts[name]`; other fields as written. */
export type CaseHandler = Record<string, unknown> & ({ run: string } | { type: string });

/** A `hooks` block: event → matcher groups, as in `hooks.json` and the `[hooks]` tables of `config.toml`. */
export type HooksBlock = Record<string, { matcher?: string; hooks: CaseHandler[] }[]>;

/**
 * Where a block of hooks is written: `project` = `<project>/.codex/hooks.json`, `user` = `~/.codex/hooks.json`,
 * `project-toml` / `user-toml` = inline `[hooks]` in the `config.toml` next to them.
 */
export type HookSource = "project" | "user" | "project-toml" | "user-toml";
export const HOOK_SOURCES: readonly HookSource[] = ["project", "user", "project-toml", "user-toml"];

export interface ConformanceCase extends KitCase {
  hooks: Partial<Record<HookSource, HooksBlock>>;
  /**
   * Codex's two gates, both open by default: `project` = the project's `.codex/` layer is trusted
   * (`[projects."<cwd>"] trust_level = "trusted"`), `hooks` = unmanaged hooks run without review
   * (`--dangerously-bypass-hook-trust`). In hookwire both map onto trusting the project.
   */
  trust?: { project?: boolean; hooks?: boolean };
  scripts?: Record<string, HookScript>;
  /** Files written into the project before the run (path relative to the project). */
  files?: Record<string, string>;
  calls: ToolCall[];
  prompt?: string;
  /**
   * Extra tables of the user `config.toml` (`features`, `hooks.state`, …); `@P@` in keys and values is the
   * project folder.
   */
  config?: Record<string, unknown>;
  /**
   * Absent: approvals and the sandbox are bypassed (`--dangerously-bypass-approvals-and-sandbox`; hooks
   * decide alone). `"on-request"`: `--approve-for-me` — a call that asks for escalation goes through the
   * approval path, which runs PermissionRequest hooks before the automatic reviewer.
   */
  approval?: "on-request";
  observe?: ObserveSpec;
}

/** The folders of one run: `project` (cwd), `home` (a fresh HOME; `CODEX_HOME` is `home/.codex`), `logs`. */
export interface CaseDirs {
  root: string;
  project: string;
  home: string;
  codexHome: string;
  logs: string;
}

function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** A hooks block with `run` handlers expanded to command handlers naming the script by absolute path. */
export function expandHooks(block: HooksBlock, scriptsDir: string): { hooks: Record<string, unknown[]> } {
  const hooks: Record<string, unknown[]> = {};
  for (const [event, groups] of Object.entries(block)) {
    hooks[event] = groups.map((group) => ({
      ...group,
      hooks: group.hooks.map((handler) => {
        const { run, ...rest } = handler as { run?: string };
        if (run === undefined) return rest;
        return { type: "command", command: `sh ${quote(path.join(scriptsDir, `${run}.sh`))}`, ...rest };
      }),
    }));
  }
  return { hooks };
}

export interface MaterializeOptions {
  /** Extra top-level tables of the user `config.toml` (the Codex harness adds its model provider). */
  userConfig?: Record<string, unknown>;
}

function writeFile(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Write the project (files, hook scripts, `.codex/`) and the home (`~/.codex/`) under `root`. */
export function materialize(
  testCase: ConformanceCase,
  root: string,
  options: MaterializeOptions = {},
): CaseDirs {
  const project = path.join(root, "project");
  const home = path.join(root, "home");
  const dirs: CaseDirs = {
    root,
    project,
    home,
    codexHome: path.join(home, ".codex"),
    logs: path.join(root, "logs"),
  };
  for (const dir of [dirs.project, dirs.codexHome, dirs.logs]) mkdirSync(dir, { recursive: true });
  const fill = (text: string) => text.replaceAll("@P@", dirs.project).replaceAll("@LOG@", dirs.logs);
  for (const [file, content] of Object.entries(testCase.files ?? {})) {
    writeFile(path.join(dirs.project, file), fill(content));
  }
  const scriptsDir = path.join(dirs.project, ".codex", "hooks");
  for (const [name, script] of Object.entries(testCase.scripts ?? {})) {
    writeFile(path.join(scriptsDir, `${name}.sh`), fill(scriptText(name, script, dirs.logs)));
  }
  const blocks = testCase.hooks;
  if (blocks.project) {
    writeFile(
      path.join(dirs.project, ".codex", "hooks.json"),
      `${fill(JSON.stringify(expandHooks(blocks.project, scriptsDir), null, 2))}\n`,
    );
  }
  if (blocks.user) {
    writeFile(
      path.join(dirs.codexHome, "hooks.json"),
      `${fill(JSON.stringify(expandHooks(blocks.user, scriptsDir), null, 2))}\n`,
    );
  }
  if (blocks["project-toml"]) {
    writeFile(
      path.join(dirs.project, ".codex", "config.toml"),
      fill(stringify(expandHooks(blocks["project-toml"], scriptsDir))),
    );
  }
  const user: Record<string, unknown> = { ...options.userConfig, ...testCase.config };
  if (testCase.trust?.project !== false) {
    user.projects = { [dirs.project]: { trust_level: "trusted" } };
  }
  if (blocks["user-toml"]) Object.assign(user, expandHooks(blocks["user-toml"], scriptsDir));
  writeFile(path.join(dirs.codexHome, "config.toml"), fill(stringify(user)));
  return dirs;
}
