// How an agent finds hookwire at run time: the shell entry beside the CLI that ran `connect` (where a POSIX shell runs
// the agent's hooks), else the absolute paths of that node and that CLI.
import { spawnSync } from "node:child_process";
import { accessSync, constants, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { tooling } from "@hookwire/settings-hooks";
import { onPath } from "../on-path.js";

/**
 * The words a connection entry starts hookwire with: this node and this CLI's script, both absolute and
 * resolved. Not a PATH lookup: agents start hooks with the PATH of wherever they were launched (a desktop
 * app, an IDE), where `hookwire` may not be, and a PATH entry can change under the entry without a word.
 * An absolute path either runs this hookwire or fails to start, which the entry refuses (fail-closed) and
 * `hookwire doctor` reports; `hookwire connect` again after moving or upgrading hookwire rewrites it.
 */
export function currentInvocation(script = process.argv[1]): string[] {
  if (!script) throw new Error("hookwire cannot tell where its own script is (process.argv[1] is empty).");
  return [realpathSync(process.execPath), realpathSync(path.resolve(script))];
}

/**
 * What connect writes before `hook <agent> <event>`: `bin/hookwire-hook` of this CLI, absolute and resolved, which
 * sends the call to this user's server (or runs the Node adapter with the `node` on PATH when there is none), after
 * the bash to run it with (`entryBash`) when there is one; on Windows, where agents run hooks without a POSIX shell,
 * the Node entry (`currentInvocation`).
 */
export function entryInvocation({
  script = process.argv[1],
  platform = process.platform,
  env = process.env,
  project,
}: {
  script?: string;
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  /** The project being connected: a bash inside it is the repository's, not the machine's. */
  project?: string;
} = {}): string[] {
  const node = currentInvocation(script);
  if (platform === "win32") return node;
  const entry = path.join(path.dirname(node[1] as string), "hookwire-hook");
  try {
    accessSync(entry, constants.X_OK);
  } catch {
    return node;
  }
  const bash = entryBash(env, project);
  return bash ? [bash, realpathSync(entry)] : [realpathSync(entry)];
}

/** `major minor` of the bash asked. */
const VERSION = /^(\d+) (\d+)$/;

/**
 * The bash on this PATH when it can send a call to the server (4.1 or newer, as the entry requires), as PATH names it:
 * not resolved, since a package manager's upgrade moves the file its link names. Named in the command, it spares each
 * call the entry's `#!/usr/bin/env bash` (an exec of env and a PATH search: ~2 ms, a tenth of a call the server
 * answers), and a desktop agent whose PATH holds only an older bash still gets this one. `undefined` when there is
 * none, or when the one PATH finds is not the machine's to keep naming (`foreignBash`): the entry's own first line
 * then finds a bash at each call, as before.
 */
function entryBash(env: NodeJS.ProcessEnv, project: string | undefined): string | undefined {
  const bash = onPath("bash", env);
  if (bash === undefined || !path.isAbsolute(bash) || foreignBash(bash, project)) return undefined;
  // biome-ignore lint/suspicious/noTemplateCurlyInString: bash expands it, not JavaScript
  const asked = spawnSync(bash, ["-c", 'echo "${BASH_VERSINFO[0]} ${BASH_VERSINFO[1]}"'], {
    // SHLVL: Debian's bash reads ~/.bashrc for `bash -c` without it.
    env: { PATH: env.PATH ?? "", SHLVL: "1" },
    encoding: "utf8",
    timeout: 5000,
  });
  const [, major = "0", minor = "0"] = VERSION.exec(asked.stdout?.trim() ?? "") ?? [];
  return Number(major) > 4 || (Number(major) === 4 && Number(minor) >= 1) ? bash : undefined;
}

/** Why an entry's words no longer start hookwire (a moved install, a removed node), or `undefined`. */
export function invocationProblem(invocation: readonly string[]): string | undefined {
  for (const word of invocation) {
    if (!path.isAbsolute(word)) continue;
    try {
      if (!statSync(word).isFile()) return `${word} is not a file`;
      accessSync(word, word === invocation[0] ? constants.X_OK : constants.R_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return code === "ENOENT" ? `${word} does not exist` : `${word} cannot be run (${code})`;
    }
  }
  return undefined;
}

const realpath = (file: string) => {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
};

/**
 * Why the `hookwire-hook` a committed entry finds on `env`'s PATH is not this hookwire (the CLI at `script`), or
 * `undefined` when it is. `missing`: nothing of that name on PATH (the agent refuses each tool call, saying how to
 * install hookwire); otherwise another install answers. The entry says which CLI it runs (`--cli-path`), so npm's
 * links and pnpm's shims alike are followed to the script itself.
 */
export function pathEntryProblem(
  env: NodeJS.ProcessEnv = process.env,
  script = process.argv[1],
): { missing: boolean; says: string; fix: string } | undefined {
  const name = tooling.PATH_ENTRY;
  const found = onPath(name, env);
  const mine = script ? realpath(path.resolve(script)) : undefined;
  // This hookwire's own folder, to put on PATH: where its bin link or its entry is.
  const folder = path.dirname(mine ?? script ?? name);
  if (!found)
    return {
      missing: true,
      says: `${name} is not on PATH`,
      fix: `npm install -g hookwire, or put ${folder} on the agent's PATH`,
    };
  const asked = spawnSync(found, ["--cli-path"], { env, encoding: "utf8", timeout: 5000 });
  const runs = asked.status === 0 ? asked.stdout.trim() : "";
  if (runs !== "" && mine !== undefined && realpath(runs) === mine) return undefined;
  return {
    missing: false,
    says: `${name} on PATH is ${found}, which runs ${runs === "" ? "no hookwire this version knows" : runs}, not this hookwire (${mine ?? script})`,
    fix: `put ${folder} before ${path.dirname(found)} on PATH, or run doctor with the hookwire the agent finds`,
  };
}

/**
 * Whether the bash PATH found is one the command must not name for good: inside the project being connected (a
 * repository's `bin/` that a tool put on PATH), or where another user could replace it (the file, or a folder on the
 * way to it or to its link, writable by its group or by everyone without the sticky bit).
 */
function foreignBash(bash: string, project: string | undefined): boolean {
  let real: string;
  try {
    real = realpathSync(bash);
  } catch {
    return true;
  }
  if (project !== undefined) {
    const root = realpath(project) ?? path.resolve(project);
    for (const file of [real, path.resolve(bash)]) {
      const inside = path.relative(root, file);
      if (!inside.startsWith("..") && !path.isAbsolute(inside)) return true;
    }
  }
  try {
    if ((statSync(real).mode & 0o022) !== 0) return true;
    return [path.dirname(real), path.dirname(path.resolve(bash))].some(othersMayReplace);
  } catch {
    // A folder on the way that cannot be read: not one to vouch for.
    return true;
  }
}

/** Whether anyone but its owner may replace what `dir` or a folder above it holds. */
function othersMayReplace(dir: string): boolean {
  for (let current = dir; ; current = path.dirname(current)) {
    const mode = statSync(current).mode;
    if ((mode & 0o022) !== 0 && (mode & 0o1000) === 0) return true;
    if (path.dirname(current) === current) return false;
  }
}
