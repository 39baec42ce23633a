// What each script imports, kept in the private per-user cache: a warm start loads no module lexer.
import { statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defaultCacheRoot } from "../private/cache-dir.js";
import { sha256 } from "../private/cache-entry.js";
import { type KeyedCache, keyedCache } from "../private/keyed-cache.js";
import type { FileImports, ImportCache } from "./script-imports.js";

const MAX_ENTRIES = 4096;

/**
 * The reader an entry came from: this build of the loader (the file this code is bundled in) and the lexer's
 * installed build. What a file imports is a pure function of its text and of that code, so nothing else can
 * make an entry stale; another build never reads this one's entries.
 */
function readerVersion(): string {
  const stamp = (file: string) => {
    const stat = statSync(file);
    return `${file}:${stat.size}:${stat.mtimeMs}`;
  };
  try {
    return `${stamp(fileURLToPath(import.meta.url))}\0${stamp(fileURLToPath(import.meta.resolve("es-module-lexer")))}`;
  } catch {
    return "unknown";
  }
}

const isImports = (value: unknown): value is FileImports => {
  const found = value as Partial<FileImports> | undefined;
  return (
    Array.isArray(found?.specifiers) &&
    found.specifiers.every(
      (entry) =>
        typeof entry?.specifier === "string" && (entry.kind === "import" || entry.kind === "require"),
    ) &&
    (found.unknown === undefined || typeof found.unknown === "string")
  );
};

/**
 * `<cache root>/imports` (0700), opened when first used (a project without scripts or modules creates nothing);
 * while it is not private to this user, nothing is kept and every file is lexed.
 */
export function importCache(dir = path.join(defaultCacheRoot(), "imports")): ImportCache {
  let cache: KeyedCache | undefined | null;
  let version: string | undefined;
  const opened = () => {
    if (cache === undefined) cache = keyedCache(dir, MAX_ENTRIES) ?? null;
    return cache ?? undefined;
  };
  const key = (source: string) => {
    version ??= readerVersion();
    return sha256(`${version}\0${source}`);
  };
  return {
    get(source) {
      const entry = opened()?.get(key(source)) as { source?: unknown; imports?: unknown } | undefined;
      // The text's own hash is kept with its imports: a key that names another text is a miss, whatever wrote it.
      if (entry?.source !== sha256(source) || !isImports(entry.imports)) return undefined;
      return entry.imports;
    },
    set(source, imports) {
      opened()?.set(key(source), { source: sha256(source), imports });
    },
  };
}
