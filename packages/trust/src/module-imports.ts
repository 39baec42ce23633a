// The files code runs besides itself: what it imports and requires, resolved by the one resolver, and theirs in turn.
import path from "node:path";
import { MAX_SUPPORT_FILES } from "./module-folders.js";
import type { Resolver } from "./modules/resolve.js";
import { type ImportCache, readImports } from "./modules/script-imports.js";
import { isSystemFile } from "./system-files.js";

/** An import chain longer than this is not followed further (what lies beyond counts as unknown). */
export const MAX_IMPORT_DEPTH = 256;

export interface ModuleImports {
  /** Every file reached, the entries left out, in the order found. */
  files: string[];
  /** Why part of what it loads cannot be known before it runs, naming the file. */
  unknowns: string[];
}

const DATA = /\.(?:json|node|wasm)$/i;

/**
 * The closure of `entries` (hook modules, or scripts `node x` runs): every file their imports, requires and
 * `createRequire` requires name, as `resolver` resolves them for the engine that runs each file (so `./lib.js`
 * names `./lib.ts` only where TypeScript's conventions hold, `#sub` goes through package.json `imports`, a
 * package through `exports` / `main`), and theirs in turn. Inside `root` everything counts, `node_modules` too;
 * outside it, installed packages (`node_modules`) and system folders do not. Walked with a queue, at most
 * `MAX_SUPPORT_FILES` files and `MAX_IMPORT_DEPTH` links deep, so no repository makes it overflow or run on.
 */
export function moduleImports(
  entries: readonly string[],
  root: string,
  resolver: Resolver,
  show: (file: string) => string = (file) => path.basename(file),
  /** What files read before import (`importCache()`): their text needs no lexer. */
  cache?: ImportCache,
): ModuleImports {
  const seen = new Set<string>(entries);
  const files: string[] = [];
  const unknowns: string[] = [];
  const queue: Array<{ file: string; depth: number }> = entries.map((file) => ({ file, depth: 0 }));
  for (let at = 0; at < queue.length; at++) {
    const { file, depth } = queue[at]!;
    const found = readImports(file, cache);
    if (found.unknown) unknowns.push(`\`${show(file)}\`: ${found.unknown}`);
    for (const { specifier, kind } of found.specifiers) {
      const resolved = resolver.resolve(specifier, file, kind);
      if (resolved.kind !== "file") continue;
      const target = resolved.file;
      if (seen.has(target) || !counts(target, root)) continue;
      seen.add(target);
      files.push(target);
      if (files.length >= MAX_SUPPORT_FILES) {
        unknowns.push(
          `\`${show(file)}\`: it reaches more than ${MAX_SUPPORT_FILES} files; the rest are not fingerprinted`,
        );
        return { files, unknowns };
      }
      // Data and native addons are covered, not read.
      if (DATA.test(target)) continue;
      if (depth + 1 >= MAX_IMPORT_DEPTH) {
        unknowns.push(
          `\`${show(target)}\`: its imports nest deeper than ${MAX_IMPORT_DEPTH} files; the rest are not fingerprinted`,
        );
        continue;
      }
      queue.push({ file: target, depth: depth + 1 });
    }
  }
  return { files, unknowns };
}

/** Inside the project everything runs from the repository; outside it, installed packages and the system do not count. */
function counts(file: string, root: string): boolean {
  const relative = path.relative(root, file);
  if (relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative))) return true;
  return !file.split(path.sep).includes("node_modules") && !isSystemFile(file);
}
