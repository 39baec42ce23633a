// The modules pi gives the extensions it loads (its own packages under both scopes, TypeBox), from the pi running us.
import { realpathSync } from "node:fs";
import path from "node:path";
import { readRegularFile } from "@hookwire/core/internal";
import { Resolver } from "@hookwire/trust/modules";

/** pi's package: the current scope first, then the one it left at 0.73.1. */
const PI_SCOPES = ["@earendil-works", "@mariozechner"] as const;
const PI_PACKAGE = "pi-coding-agent";

/**
 * Every name pi aliases for its extensions, and what it names inside the running pi, first that exists: `self:` a
 * file of pi's own package, else a specifier resolved from pi's package (its scope in front of a `pi-…` name).
 * Derived once from pi 1.6.0's own table (`getAliases()` in `dist/core/extensions/loader.js` of
 * `@earendil-works/pi-coding-agent`, which 0.73.1's is a subset of); `pi-aliases.test.ts` reads that table from the
 * installed package and fails when pi names one this does not. Both scopes name the running pi's packages, as pi
 * 1.6 does, so a hook written for either pi loads in both.
 */
const PI_MODULES: Readonly<Record<string, readonly string[]>> = {
  [PI_PACKAGE]: ["self:dist/index.js"],
  "pi-agent-core": ["pi-agent-core"],
  "pi-tui": ["pi-tui"],
  // pi 1.6 gives the pi-ai root its extension view: pi-ai's compat entry plus TypeBox's `Type` and a `StringEnum`.
  "pi-ai": ["self:dist/core/extensions/pi-ai-extension-view.js", "pi-ai"],
  "pi-ai/compat": ["self:dist/core/extensions/pi-ai-extension-view.js", "pi-ai/compat"],
  "pi-ai/models": ["pi-ai/models"],
  "pi-ai/oauth": ["pi-ai/oauth"],
  "pi-ai/providers/all": ["pi-ai/providers/all"],
};
/** TypeBox, under its name and its old `@sinclair` one: pi gives both its own TypeBox 1. */
const TYPEBOX_MODULES = ["typebox", "typebox/compile", "typebox/value"];

/**
 * The root of the pi package this process runs (`process.argv[1]` is its CLI, through any link), or undefined:
 * hookwire inside pi. Anything else (the hookwire CLI, a host of its own) gives pi's names no meaning of its own,
 * and a hook's imports of them resolve from the project as any package's do.
 */
export function runningPi(main = process.argv[1]): { root: string; scope: string } | undefined {
  if (main === undefined) return undefined;
  let real: string;
  try {
    real = realpathSync(main);
  } catch {
    return undefined;
  }
  const parts = real.split(path.sep);
  for (let at = parts.lastIndexOf(PI_PACKAGE); at > 0; at = parts.lastIndexOf(PI_PACKAGE, at - 1)) {
    const scope = parts[at - 1]!;
    if (!(PI_SCOPES as readonly string[]).includes(scope)) continue;
    const root = parts.slice(0, at + 1).join(path.sep);
    const manifest = readRegularFile(path.join(root, "package.json"), 1024 * 1024);
    if (!manifest.ok) continue;
    try {
      if (
        (JSON.parse(manifest.data.toString("utf8")) as { name?: unknown }).name === `${scope}/${PI_PACKAGE}`
      )
        return { root, scope };
    } catch {
      // Not pi's manifest: look further up.
    }
  }
  return undefined;
}

/** pi's aliases as files of the pi at `root` (package scope `scope`); a name whose module is not there is left out. */
export function piAliases(root: string, scope: string): Record<string, string> {
  const resolver = new Resolver();
  const from = path.join(root, "package.json");
  const find = (candidates: readonly string[]): string | undefined => {
    for (const candidate of candidates) {
      const specifier = candidate.startsWith("self:")
        ? path.join(root, candidate.slice("self:".length))
        : candidate.startsWith("pi-")
          ? `${scope}/${candidate}`
          : candidate;
      const found = resolver.resolve(specifier, from, "import");
      if (found.kind === "file") return found.file;
    }
    return undefined;
  };
  const alias: Record<string, string> = {};
  for (const [name, candidates] of Object.entries(PI_MODULES)) {
    const file = find(candidates);
    if (file === undefined) continue;
    for (const each of PI_SCOPES) alias[`${each}/${name}`] = file;
  }
  for (const name of TYPEBOX_MODULES) {
    const file = find([name]);
    if (file === undefined) continue;
    alias[name] = file;
    alias[`@sinclair/${name}`] = file;
  }
  return alias;
}

let cached: Record<string, string> | undefined;
/** The running pi's aliases (empty outside pi), worked out once per process. */
export function runningPiAliases(): Record<string, string> {
  if (cached) return cached;
  const pi = runningPi();
  cached = pi === undefined ? {} : piAliases(pi.root, pi.scope);
  return cached;
}
