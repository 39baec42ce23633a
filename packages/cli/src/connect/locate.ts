// How an agent finds hookwire at run time: the shell entry beside the CLI that ran `connect` (where a POSIX shell runs
// the agent's hooks), else the absolute paths of that node and that CLI.
import { accessSync, constants, realpathSync, statSync } from "node:fs";
import path from "node:path";

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
 * sends the call to this user's server (or runs the Node adapter with the `node` on PATH when there is none); on
 * Windows, where agents run hooks without a POSIX shell, the Node entry (`currentInvocation`).
 */
export function entryInvocation(script = process.argv[1], platform = process.platform): string[] {
  const node = currentInvocation(script);
  if (platform === "win32") return node;
  const entry = path.join(path.dirname(node[1] as string), "hookwire-hook");
  try {
    accessSync(entry, constants.X_OK);
    return [realpathSync(entry)];
  } catch {
    return node;
  }
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
