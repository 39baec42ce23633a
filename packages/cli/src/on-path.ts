// A program looked up on PATH as a shell would: the first executable regular file of that name.
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

export function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where `name` resolves on PATH, as `env` would look it up; undefined when it does not. */
export function onPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    if (dir === "") continue;
    const candidate = path.join(dir, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}
