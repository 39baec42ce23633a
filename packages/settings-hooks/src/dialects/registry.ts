// Every dialect hookwire reads, in the order their sources are read and their handlers listed. Claude Code's
// is built in; each other dialect is imported when a file of its is read (`loadDialect`): a host start whose
// project has Claude settings only compiles none of them. Where each dialect's files are is known up front.
import type { Dialect, DialectId, SourceSpec } from "../dialect-kit/types.js";
import { HOOK_AGENT_IDS } from "./agents.js";
import { claude } from "./claude/dialect.js";
import { codexSources } from "./codex/sources.js";
import { copilotSources } from "./copilot/sources.js";
import { cursorSources } from "./cursor/sources.js";
import { geminiSources } from "./gemini/sources.js";

interface Entry {
  readonly sources: readonly SourceSpec[];
  readonly load: () => Promise<Dialect>;
}

const ENTRIES: { readonly [Id in DialectId]: Entry } = {
  claude: { sources: claude.sources, load: async () => claude },
  codex: { sources: codexSources, load: async () => (await import("./codex/dialect.js")).codex },
  gemini: { sources: geminiSources, load: async () => (await import("./gemini/dialect.js")).gemini },
  copilot: { sources: copilotSources, load: async () => (await import("./copilot/dialect.js")).copilot },
  cursor: { sources: cursorSources, load: async () => (await import("./cursor/dialect.js")).cursor },
};

/** Every dialect's id, in registry order: one per command-hook agent of `agents.ts`. */
export const DIALECT_IDS: readonly DialectId[] = HOOK_AGENT_IDS;

const loaded = new Map<DialectId, Dialect>([["claude", claude]]);

/** Where a dialect's files are (its `sources`), without loading the dialect. */
export function dialectSources(id: DialectId): readonly SourceSpec[] {
  return entry(id).sources;
}

/** The dialect of that id, once loaded (Claude Code's always is); throws for one not loaded yet. */
export function dialectById(id: DialectId): Dialect {
  const found = loaded.get(id);
  if (found) return found;
  entry(id);
  throw new Error(
    `The ${id} dialect is not loaded yet: \`await loadDialect("${id}")\` first (readSettingsFile and createSettingsHooks load the dialects they read).`,
  );
}

/** Loads a dialect (once; later calls get the same object). */
export async function loadDialect(id: DialectId): Promise<Dialect> {
  const found = loaded.get(id);
  if (found) return found;
  const dialect = await entry(id).load();
  loaded.set(id, dialect);
  return dialect;
}

/** Loads the dialects of those ids, every registered one by default, in the order asked. */
export function loadDialects(ids: Iterable<DialectId> = DIALECT_IDS): Promise<Dialect[]> {
  return Promise.all([...ids].map(loadDialect));
}

function entry(id: DialectId): Entry {
  const found = Object.hasOwn(ENTRIES, id) ? ENTRIES[id] : undefined;
  if (id === undefined)
    throw new Error(
      `No dialect named: a settings source says the format it is written in (dialect: "claude", …).`,
    );
  if (!found) throw new Error(`No dialect "${id}" is registered in dialects/registry.ts.`);
  return found;
}
