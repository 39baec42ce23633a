// How the user started this CLI, so the commands it suggests can be pasted back as they are.
import { realpathSync } from "node:fs";
import path from "node:path";

function realpath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

/** The first `hookwire` on PATH, resolved. */
function onPath(env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const found = realpath(path.join(dir, "hookwire"));
    if (found) return found;
  }
  return undefined;
}

/**
 * `pnpm exec hookwire`, `npx hookwire`, `yarn hookwire`, `bunx hookwire` when a package manager started
 * it (its user agent is in the environment, for `exec` and for package scripts alike); `hookwire`
 * when that is what PATH finds; else `node <the script, as a path from here>`.
 */
export function invokedAs(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv,
  cwd = process.cwd(),
): string {
  const agent = env.npm_config_user_agent?.split("/")[0];
  if (agent === "pnpm") return "pnpm exec hookwire";
  if (agent === "npm") return "npx hookwire";
  if (agent === "yarn") return "yarn hookwire";
  if (agent === "bun") return "bunx hookwire";
  const script = argv[1];
  if (!script) return "hookwire";
  const resolved = realpath(script);
  if (resolved !== undefined && resolved === onPath(env)) return "hookwire";
  const relative = path.relative(cwd, script);
  const shown = relative.startsWith("..") || path.isAbsolute(relative) ? script : `./${relative}`;
  return path.basename(script) === "hookwire" ? shown : `node ${shown}`;
}

/** A command the loader or this CLI spelled `hookwire …`, in the user's spelling. */
export function spellCommand(command: string, prefix = invokedAs()): string {
  return command.startsWith("hookwire ") ? `${prefix}${command.slice("hookwire".length)}` : command;
}
