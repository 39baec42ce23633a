// What each script imports, kept in the private per-user cache: a warm start loads no module lexer.
import path from "node:path";
import { sha256 } from "@hookwire/core/internal";
import { defaultCacheRoot } from "../private/cache-dir.js";
import { type KeyedCache, keyedCache } from "../private/keyed-cache.js";
import { READER_ID } from "./reader-id.js";
import type { FileImports, ImportCache } from "./script-imports.js";

const MAX_ENTRIES = 4096;

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
 * while it is not private to this user, nothing is kept and every file is lexed. Entries are keyed by `reader`
 * (`READER_ID`: the lexer and the code that reads its output) and the text: another reader's are never read.
 */
export function importCache(dir = path.join(defaultCacheRoot(), "imports"), reader = READER_ID): ImportCache {
  let cache: KeyedCache | undefined | null;
  const opened = () => {
    if (cache === undefined) cache = keyedCache(dir, MAX_ENTRIES) ?? null;
    return cache ?? undefined;
  };
  const key = (source: string) => sha256(`${reader}\0${source}`);
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
