// The files a JavaScript hook script imports by path, so that trust covers a script's helpers as well as the script.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readRegularFile } from "@hookwire/core";
import { esModuleLexer } from "../lazy-deps.js";

/** Scripts whose imports are read: what `node x` runs. */
export const SCRIPT_EXTENSIONS: ReadonlySet<string> = new Set([".js", ".mjs", ".cjs"]);
/** A script larger than this is fingerprinted itself, and its imports count as unknown. */
const MAX_SCRIPT_BYTES = 4 * 1024 * 1024;
/** `require("./x")` with a literal path; CommonJS has no import syntax for the module lexer. */
const LITERAL_REQUIRE = /\brequire\s*\(\s*(["'])((?:\.{1,2}\/|\/)[^"'\n]*)\1\s*\)/g;
/** `require(` of anything but a string literal: a module named at run time. */
const COMPUTED_REQUIRE = /\brequire\s*\(\s*(?!["'][^"'\n]*["']\s*\))/;

export interface ScriptImports {
  /** Files the script imports by relative, absolute or file: path, resolved as Node resolves them. */
  files: string[];
  /** Why some imports cannot be known before the script runs, if so. */
  unknown?: string;
}

/** Node's resolution of a path specifier: the file, else with an extension, else a folder's index. */
export function resolveSpecifier(specifier: string, from: string): string | undefined {
  const target = specifier.startsWith("file:")
    ? fileURLToPath(specifier)
    : path.resolve(path.dirname(from), specifier);
  const candidates = [target, ...[".js", ".mjs", ".cjs", ".json"].map((ext) => target + ext)];
  candidates.push(
    ...["index.js", "index.mjs", "index.cjs", "index.json"].map((name) => path.join(target, name)),
  );
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

function isPathSpecifier(specifier: string): boolean {
  return /^(\.{1,2}\/|\/|file:)/.test(specifier);
}

/**
 * The path imports of one script: static `import`/`export … from`, literal `import()` and literal `require()`.
 * Packages (`import "x"`) are left to their lockfile; a computed `import()` or `require()` is unknown.
 */
export function scriptImports(
  file: string,
  resolve: (specifier: string, from: string) => string | undefined = resolveSpecifier,
): ScriptImports {
  const read = readRegularFile(file, MAX_SCRIPT_BYTES);
  if (!read.ok) return { files: [], unknown: `${read.message}` };
  const source = read.data.toString("utf8");
  const specifiers: string[] = [];
  let unknown: string | undefined;
  try {
    const { initSync, parse } = esModuleLexer();
    initSync();
    const [imports] = parse(source);
    for (const entry of imports) {
      // `import.meta` is not an import; a dynamic import of a computed value has no name.
      if (entry.d === -2) continue;
      if (entry.n === undefined)
        unknown = "it imports a module named only at run time (`import(…)` of a value)";
      else specifiers.push(entry.n);
    }
  } catch {
    // Not ES module syntax the lexer reads (CommonJS with a syntax it rejects): the require calls still count.
  }
  for (const match of source.matchAll(LITERAL_REQUIRE)) specifiers.push(match[2] as string);
  if (COMPUTED_REQUIRE.test(source))
    unknown ??= "it requires a module named only at run time (`require(…)` of a value)";
  const files = new Set<string>();
  for (const specifier of specifiers) {
    if (!isPathSpecifier(specifier)) continue;
    const resolved = resolve(specifier, file);
    if (resolved) files.add(resolved);
  }
  return unknown ? { files: [...files], unknown } : { files: [...files] };
}
