// Resolves an `opencode.json` plugin entry to the file hookwire imports: a path, or an installed npm package.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { escapeForTerminal } from "@hookwire/core";

/** npm's package names (`name`, `@scope/name`): nothing that could walk out of `node_modules`. */
const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/i;

const INDEX_FILES = ["index.ts", "index.tsx", "index.js", "index.mjs", "index.cjs"];

export type SpecResolution = { file: string } | { problem: string };

/** As opencode reads them: `file://…`, `./…`, `../…` and absolute paths are paths; anything else is npm. */
export function isPathSpec(spec: string): boolean {
  return spec.startsWith("file://") || spec.startsWith(".") || path.isAbsolute(spec);
}

/** `name`, `name@1.2.3`, `@scope/name@^1` → the package name. */
export function packageName(spec: string): string {
  const at = spec.indexOf("@", spec.startsWith("@") ? 1 : 0);
  return at > 0 ? spec.slice(0, at) : spec;
}

function isDirectory(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isDirectory() === true;
}

function isFile(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

function exportTarget(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null) return undefined;
  for (const key of ["import", "default"]) {
    const nested = (value as Record<string, unknown>)[key];
    if (typeof nested === "string") return nested;
  }
  return undefined;
}

/** A package folder's server entry, as opencode picks it: `exports["./server"]`, `exports["."]`, `main`, an index file. */
function packageEntry(dir: string): string | undefined {
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  } catch {}
  const exports = json.exports;
  const candidates = [
    typeof exports === "object" && exports !== null
      ? (exportTarget((exports as Record<string, unknown>)["./server"]) ??
        exportTarget((exports as Record<string, unknown>)["."]) ??
        exportTarget(exports))
      : exportTarget(exports),
    typeof json.main === "string" && json.main.trim() !== "" ? json.main.trim() : undefined,
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const file = path.resolve(dir, candidate);
    // As in opencode: an entry outside the package folder is refused.
    if (file.startsWith(dir + path.sep) && isFile(file)) return file;
  }
  return INDEX_FILES.map((name) => path.join(dir, name)).find(isFile);
}

/**
 * `configDir` is the folder of the `opencode.json` that lists the entry (paths are relative to it). npm
 * packages are looked up in `<configDir>/node_modules` and `<cacheDir>/node_modules`; hookwire never
 * installs them (it runs offline and a project must not make it download code).
 */
export function resolvePluginSpec(spec: string, configDir: string, cacheDir: string): SpecResolution {
  // One odd entry (a NUL byte, `file://host/x`, a path the OS refuses) is a finding about that entry, never a throw
  // that takes the provider, and the user's own plugins, down with it.
  if (spec.includes("\0")) return { problem: `\`${escapeForTerminal(spec)}\` holds a NUL byte` };
  try {
    return resolveSpec(spec, configDir, cacheDir);
  } catch (error) {
    return {
      problem: `\`${escapeForTerminal(spec)}\` cannot be resolved: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

function resolveSpec(spec: string, configDir: string, cacheDir: string): SpecResolution {
  if (isPathSpec(spec)) {
    const file = spec.startsWith("file://") ? fileURLToPath(spec) : path.resolve(configDir, spec);
    if (isFile(file)) return { file };
    if (isDirectory(file)) {
      const entry = packageEntry(file);
      if (entry) return { file: entry };
      return { problem: `plugin folder \`${file}\` has no package.json entry or index file` };
    }
    return { problem: `plugin file \`${file}\` does not exist` };
  }
  const name = packageName(spec);
  if (!PACKAGE_NAME.test(name)) {
    return { problem: `\`${escapeForTerminal(spec)}\` is neither a path (./x.ts) nor an npm package name` };
  }
  for (const root of [configDir, cacheDir]) {
    const dir = path.join(root, "node_modules", name);
    if (!isDirectory(dir)) continue;
    const entry = packageEntry(dir);
    if (entry) return { file: entry };
    return { problem: `npm plugin \`${spec}\` is installed at \`${dir}\` but has no server entry` };
  }
  return {
    problem:
      `npm plugin \`${spec}\` is not installed; hookwire does not install plugins. ` +
      `Install it next to the config (\`npm install ${name}\` in \`${configDir}\`) or list its file path instead`,
  };
}
