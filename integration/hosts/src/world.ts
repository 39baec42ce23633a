// A user's world for one host test: a home, hookwire's folders, a project with hooks, and the real hookwire CLI.
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

const require = createRequire(import.meta.url);
/** The hookwire CLI as a user runs it: its bin script (the built dist). */
export const HOOKWIRE_BIN = path.join(path.dirname(require.resolve("hookwire")), "..", "bin", "hookwire.js");

/**
 * This process's PATH without any folder holding a `hookwire-hook`: a machine where hookwire is not installed (a
 * teammate's), whatever the test runner put on PATH.
 */
export const PATH_WITHOUT_HOOKWIRE = (process.env.PATH ?? "/usr/bin:/bin")
  .split(path.delimiter)
  .filter((dir) => dir !== "" && !existsSync(path.join(dir, "hookwire-hook")))
  .join(path.delimiter);

export interface World {
  root: string;
  project: string;
  home: string;
  /**
   * What both hookwire and the agent see: the user's home, hookwire's own folders, and a PATH that finds this
   * checkout's `hookwire-hook` first (as `npm install -g hookwire` would): the committed files connect writes run it.
   */
  env: Record<string, string>;
  /** Writes `text` at `file` (relative to the project), creating folders. */
  write(file: string, text: string): void;
  read(file: string): string | undefined;
  /** Runs the real `hookwire` CLI in the project (the one `world` was given). */
  hookwire(...args: string[]): { code: number | null; stdout: string; stderr: string };
  /** The same with `env` (the world's own and more) as its environment. */
  hookwireWith(
    env: Record<string, string>,
    ...args: string[]
  ): { code: number | null; stdout: string; stderr: string };
  /** Runs `hookwire hook <agent> <event>` as the agent would: its JSON on stdin. */
  hook(agent: string, event: string, stdin: unknown): { code: number | null; stdout: string; stderr: string };
  remove(): void;
}

/** `bin`: the hookwire CLI to run (default: this checkout's; a test of the README's install passes the installed one). */
export function world(bin = HOOKWIRE_BIN): World {
  const root = mkdtempSync(path.join(os.tmpdir(), "hw-hosts-"));
  const project = path.join(root, "project");
  const home = path.join(root, "home");
  // The shell entry of the CLI the world runs, on PATH as its install puts it (the checkout's when it has none).
  const onPath = path.join(root, "bin");
  for (const dir of [project, home, onPath, path.join(project, ".git")]) mkdirSync(dir, { recursive: true });
  const besideCli = path.join(path.dirname(bin), "hookwire-hook");
  const entry = existsSync(besideCli) ? besideCli : path.join(path.dirname(HOOKWIRE_BIN), "hookwire-hook");
  symlinkSync(entry, path.join(onPath, "hookwire-hook"));
  const env = {
    PATH: `${onPath}${path.delimiter}${PATH_WITHOUT_HOOKWIRE}`,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_CACHE_HOME: path.join(home, ".cache"),
    XDG_STATE_HOME: path.join(home, ".local", "state"),
  };
  const cli = (args: string[], input: string, extra: Record<string, string> = env) => {
    const run = spawnSync(process.execPath, [bin, ...args], {
      cwd: project,
      env: { LANG: "C.UTF-8", ...extra },
      encoding: "utf8",
      input,
    });
    return { code: run.status, stdout: run.stdout, stderr: run.stderr };
  };
  return {
    root,
    project,
    home,
    env,
    write(file, text) {
      const full = path.join(project, file);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, text);
      if (file.endsWith(".sh")) chmodSync(full, 0o755);
    },
    read(file) {
      try {
        return readFileSync(path.join(project, file), "utf8");
      } catch {
        return undefined;
      }
    },
    hookwire: (...args) => cli(args, ""),
    hookwireWith: (extra, ...args) => cli(args, "", extra),
    hook: (agent, event, stdin) => cli(["hook", agent, event], JSON.stringify(stdin)),
    remove: () => {
      // The agent's hook calls started this home's hookwire server (as they do for a user): end it with the run. It may
      // still be starting (the entry starts it once a call has ended), so it is stopped until none holds the start lock
      // (5 s at most), and the removal retries while a late start still writes in the folder.
      const lock = path.join(env.XDG_STATE_HOME, "hookwire", "run", "serve.lock");
      const end = Date.now() + 5000;
      for (;;) {
        cli(["serve", "--stop"], "");
        if (!existsSync(lock) || Date.now() > end) break;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      }
      rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

/**
 * The TS module every host runs: it blocks `rm -rf`, rewrites `echo original` to `echo rewritten`, dies
 * (a real crash of the hookwire process) on `CRASH_ME`, gives the model context after each call with how
 * many calls the session has seen so far (kept across processes), and asks the agent once to go on.
 */
export const GUARD_MODULE = `import type { HookAPI } from "@hookwire/core";

export default function guard(pi: HookAPI): void {
  pi.on("tool_call", (event) => {
    if (event.toolName !== "bash") return;
    const command = String(event.input.command ?? "");
    if (command.includes("CRASH_ME")) process.abort();
    if (command.includes("rm -rf")) return { block: true, reason: "HW_BLOCKED: rm -rf is not allowed here" };
    pi.appendEntry("hw-call", { command });
    if (command.includes("echo original")) return { input: { ...event.input, command: command.replace("original", "rewritten") } };
  });
  pi.on("tool_result", (_event, ctx) => {
    const calls = ctx.sessionManager.getEntries().filter((entry) => entry.customType === "hw-call").length;
    return { additionalContext: \`HW_CONTEXT_MARK calls=\${calls}\` };
  });
  pi.on("agent_end", (_event, ctx) => {
    if (ctx.sessionManager.getEntries().some((entry) => entry.customType === "hw-follow-up")) return;
    pi.appendEntry("hw-follow-up", {});
    pi.sendMessage({ customType: "hw", content: "HW_FOLLOW_UP: run the tests too", display: true }, { triggerTurn: true });
  });
}
`;

/** A command hook in another agent's format: it appends a line to `cross.txt` when it runs. */
export const CROSS_SCRIPT = '#!/bin/sh\ncat > /dev/null\necho "$1" >> cross.txt\n';

/** A hooks block (Claude Code's and Codex's shape) running `.hooks/cross.sh <label>` before every Bash call. */
export const crossHooks = (label: string) =>
  `${JSON.stringify(
    {
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: `sh .hooks/cross.sh ${label}` }] },
        ],
      },
    },
    null,
    2,
  )}\n`;

/** The calls of one run, as shell commands; each agent's harness turns them into its own tool calls. */
export const COMMANDS = {
  rewrite: "echo original > rewritten.txt",
  destroy: "rm -rf victim",
  harmless: "echo harmless > harmless.txt",
  crash: "echo crashed > crashed.txt # CRASH_ME",
} as const;
