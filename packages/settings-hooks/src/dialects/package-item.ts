// How an in-process agent's settings name hookwire's package: the test that tells hookwire's item from the user's,
// whether the item is the published name or a path to the installed package.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Folders looked at above a path for its package.json (a package's files are a few folders deep). */
const MAX_DEPTH = 16;

/** The `name` in the nearest package.json at or above `dir`, if any. */
export function nearestPackageName(dir: string): string | undefined {
  for (let current = dir, depth = 0; depth < MAX_DEPTH; depth++) {
    try {
      const name = JSON.parse(readFileSync(path.join(current, "package.json"), "utf8")).name;
      return typeof name === "string" ? name : undefined;
    } catch {}
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
  return undefined;
}

/** The package an absolute path or `file:` URL item points into (a package folder, or a file of one). */
function packageAt(item: string): string | undefined {
  let file: string;
  try {
    file = item.startsWith("file:") ? fileURLToPath(item) : item;
  } catch {
    return undefined;
  }
  if (!path.isAbsolute(file)) return undefined;
  const isDirectory = statSync(file, { throwIfNoEntry: false })?.isDirectory();
  if (isDirectory === undefined) return undefined;
  return nearestPackageName(isDirectory ? file : path.dirname(file));
}

/**
 * hookwire's package however a list names it: `npm:@hookwire/pi`, `npm:@hookwire/pi@1.2.3`,
 * `@hookwire/opencode@latest` (the published name, any version), or an absolute path or `file:` URL into a folder
 * whose package.json is named `pkg` (the package installed beside hookwire, as `connect` writes it).
 */
export const namesPackage =
  (spec: string, pkg: string) =>
  (item: unknown): boolean =>
    typeof item === "string" &&
    (item === spec ||
      (item.startsWith(`${spec}@`) && !item.slice(spec.length + 1).includes("/")) ||
      packageAt(item) === pkg);
