// Runs the built `hookwire` binary as a subprocess in an isolated home (build it first: scripts/ensure-built.ts).
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const bin = path.join(repoRoot, "packages/cli/bin/hookwire.js");
const fixtures = path.join(repoRoot, "packages/cli/test/fixtures");

/** Claude Code's PreToolUse stdin for a Bash `command` run from `cwd` in session `session`. */
export const claudeBash = (cwd: string, command: string, session: string): string =>
  JSON.stringify({
    session_id: session,
    transcript_path: "",
    cwd,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
    tool_use_id: "toolu_1",
  });

export interface Sandbox {
  /** The copied project. */
  cwd: string;
  /** HOME of every run: user-level hooks and the trust store live here. */
  home: string;
  run(args: string[], options?: RunOptions): CliRun;
}

export interface RunOptions {
  input?: string;
  cwd?: string;
  /** Changes to the environment; `undefined` removes a variable (e.g. `NO_COLOR`). */
  env?: Record<string, string | undefined>;
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

const roots: string[] = [];
// Every test file that makes sandboxes removes them when it is done.
afterAll(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** The folders of a sandbox: the copied project, its own home, and what a run's output says instead of them. */
export interface SandboxFolders {
  cwd: string;
  home: string;
  /** The environment of a run: this one, in the sandbox's home, without colour, changed by `changes`. */
  env(changes?: Record<string, string | undefined>): Record<string, string>;
  /** A run's output with the sandbox's paths and the timings replaced by placeholders. */
  clean(text: string): string;
}

/** Copy `fixtures/<name>` into a fresh folder with its own home (removed when the test file is done). */
export function sandboxFolders(name: string): SandboxFolders {
  const root = mkdtempSync(path.join(tmpdir(), "hookwire-cli-"));
  roots.push(root);
  const cwd = path.join(root, "project");
  const home = path.join(root, "home");
  cpSync(path.join(fixtures, name), cwd, { recursive: true });
  mkdirSync(home);
  const env = (changes: Record<string, string | undefined> = {}): Record<string, string> => {
    const all: Record<string, string | undefined> = {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, ".config"),
      NO_COLOR: "1",
      // Suggested commands are spelled for the package manager that started the CLI; tests say pnpm.
      npm_config_user_agent: "pnpm/test",
      // pnpm points NODE_PATH at its store for scripts; a user's shell has none.
      NODE_PATH: undefined,
      ...changes,
    };
    return Object.fromEntries(
      Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
  };
  const clean = (text: string) =>
    text
      .replaceAll(cwd, "<cwd>")
      .replaceAll(home, "<home>")
      .replace(/ +\d+\.\d ms/g, " <n> ms")
      .replace(/"durationMs": [\d.e-]+/g, '"durationMs": 0');
  return { cwd, home, env, clean };
}

/** Start the built binary in `folders` with `args`, and wait for it to end. */
export function runBinary(folders: SandboxFolders, args: string[], options: RunOptions = {}): CliRun {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? folders.cwd,
    input: options.input ?? "",
    encoding: "utf8",
    env: folders.env(options.env),
    timeout: 60_000,
  });
  return { code: result.status, stdout: folders.clean(result.stdout), stderr: folders.clean(result.stderr) };
}

/** Copy `fixtures/<name>` into a fresh folder with its own home; `run` starts the built binary there. */
export function sandbox(name: string): Sandbox {
  const folders = sandboxFolders(name);
  return { cwd: folders.cwd, home: folders.home, run: (args, options) => runBinary(folders, args, options) };
}
