// Which JavaScript files run in the loader's runner rather than natively: those whose imports name an aliased package.
import path from "node:path";
import { readRegularFile } from "@hookwire/core/internal";
import {
  engineOf,
  type ImportCache,
  importsOfSource,
  MAX_SCRIPT_BYTES,
  type Resolver,
} from "@hookwire/trust/modules";

const JAVASCRIPT = /\.[cm]?js$/i;
/** JavaScript files followed at most; past this many the file runs in the runner, where aliases apply anyway. */
const MAX_FOLLOWED = 512;

/** A quoted path, `file:` URL or `#` import: what may name another file of the project. */
const NAMES_A_FILE = /["'`](?:\.{0,2}\/|file:|#)/;

/**
 * Whether the text may lead to an alias: it spells an aliased name, or names another file. Most hooks import only
 * built-ins, and need no module lexer (loading it and reading every file is most of what this check costs).
 */
function mayNameAlias(text: string, aliases: readonly string[]): boolean {
  return NAMES_A_FILE.test(text) || aliases.some((name) => text.includes(name));
}

function isInstalled(file: string): boolean {
  return file.split(path.sep).includes("node_modules");
}

/**
 * Whether a JavaScript file (`.js`, `.mjs`, `.cjs`) of the project must run where the host's aliases apply: it, or
 * a JavaScript file it imports in turn, imports or requires a package the `alias` option maps (`@hookwire/core`,
 * pi's own package), which Node would look for in a `node_modules` the project may not have. pi loads every
 * extension through jiti with its aliases for the same reason. Read with the trust walk's scan (`readImports`)
 * and resolved by the same resolver, so the files this follows are the files trust fingerprinted. Not followed:
 * installed packages (`node_modules`, resolved by Node), TypeScript files (the runner runs them anyway) and what an
 * `import()` of a computed value names at run time.
 */
export function namesAlias(file: string, resolver: Resolver, cache?: ImportCache): boolean {
  if (!JAVASCRIPT.test(file) || isInstalled(file)) return false;
  const seen = new Set([file]);
  const queue = [file];
  for (let at = 0; at < queue.length; at++) {
    const from = queue[at]!;
    // Read once, for the prefilter and the scan: a file that cannot be read names nothing to follow.
    const read = readRegularFile(from, MAX_SCRIPT_BYTES);
    if (!read.ok) continue;
    const text = read.data.toString("utf8");
    if (!mayNameAlias(text, resolver.aliases)) continue;
    for (const { specifier, kind } of importsOfSource(text, cache).specifiers) {
      if (resolver.isAliased(specifier)) return true;
      const resolved = resolver.resolve(specifier, from, kind);
      if (resolved.kind !== "file" || seen.has(resolved.file)) continue;
      if (engineOf(resolved.file) !== "node" || !JAVASCRIPT.test(resolved.file) || isInstalled(resolved.file))
        continue;
      seen.add(resolved.file);
      if (queue.push(resolved.file) > MAX_FOLLOWED) return true;
    }
  }
  return false;
}
