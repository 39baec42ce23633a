// The bash grammar's analyses of commands, kept in the private per-user cache: a warm start loads no grammar.
import path from "node:path";
import { sha256 } from "@hookwire/core/internal";
import { SHELL_ANALYSER_ID, type ShellAnalysis } from "@hookwire/shell-rules";
import { defaultCacheRoot } from "./private/cache-dir.js";
import { type KeyedCache, keyedCache } from "./private/keyed-cache.js";

/** Commands longer than this are analysed every time (real ones are a line); entries kept at most. */
const MAX_CACHED_CHARS = 64 * 1024;
const MAX_ENTRIES = 4096;

export interface ShellAnalyses {
  get(text: string): ShellAnalysis | undefined;
  set(text: string, analysis: ShellAnalysis): void;
}

/**
 * `<cache root>/shell-analyses` (0700); `undefined` when it is not private to this user. Entries are keyed by
 * `analyser` (`SHELL_ANALYSER_ID`: the shell-rules code and parser that analyse) and the text: another analyser's are
 * never read.
 */
export function shellAnalyses(
  dir = path.join(defaultCacheRoot(), "shell-analyses"),
  analyser = SHELL_ANALYSER_ID,
): ShellAnalyses | undefined {
  let cache: KeyedCache | undefined;
  const opened = () => {
    cache ??= keyedCache(dir, MAX_ENTRIES);
    return cache;
  };
  const key = (text: string) => sha256(`${analyser}\0${text}`);
  if (!opened()) return undefined;
  return {
    get(text) {
      if (text.length > MAX_CACHED_CHARS) return undefined;
      const entry = opened()?.get(key(text)) as { text?: unknown; analysis?: ShellAnalysis } | undefined;
      // The text is kept with the analysis: a key that names another command is a miss, whatever wrote it.
      if (
        entry?.text !== text ||
        !Array.isArray(entry.analysis?.commands) ||
        !Array.isArray(entry.analysis?.unknowns)
      )
        return undefined;
      return entry.analysis;
    },
    set(text, analysis) {
      if (text.length <= MAX_CACHED_CHARS) opened()?.set(key(text), { text, analysis });
    },
  };
}
