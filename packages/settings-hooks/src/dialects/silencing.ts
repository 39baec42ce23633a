// The switches that silence hookwire in an agent, found in its files as the agent reads them: what `connect`,
// `doctor` and the adapter's first event of a session report (hookwire's entries are there, the agent runs none).
import { readFileSync, realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseConnectionEntry } from "../connection.js";
import { jsoncParser } from "../lazy-deps.js";
import { parseTomlFile } from "../toml-file.js";
import type { AgentId, AgentSpec, Silencer } from "./agent-spec.js";
import { AGENTS } from "./agents.js";
import { loadDialect } from "./registry.js";

/** One switch found: the file, the key and value, and what it does to hookwire there. */
export interface Silencing {
  agent: AgentId;
  file: string;
  key: string;
  /** One sentence: what the switch does to hookwire's entries. */
  says: string;
  /** What to change in `file`. */
  fix: string;
}

export interface SilencingOptions {
  /** The project root (its files are read as the agent reads a project's). */
  root: string;
  home?: string;
}

/** Settings files are a few KB; a larger one is not read here (connect refuses it elsewhere). */
const MAX_BYTES = 1024 * 1024;

function readData(file: string, format: Silencer["format"]): Record<string, unknown> | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  if (text.length > MAX_BYTES) return undefined;
  if (format === "toml") {
    const read = parseTomlFile(text);
    return read.ok ? read.value : undefined;
  }
  // Comments allowed: a file the agent itself cannot parse is reported by connect's own reading.
  const value = jsoncParser().parse(text, [], { allowTrailingComma: true });
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : undefined;
}

function at(data: Record<string, unknown>, key: string): unknown {
  let value: unknown = data;
  for (const part of key.split(".")) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    value = Object.hasOwn(value, part) ? (value as Record<string, unknown>)[part] : undefined;
  }
  return value;
}

/** The state ids of hookwire's entries in the agent's connected files (Codex: `<file>:<event>:<group>:<index>`). */
async function ownStateIds(agent: AgentSpec, options: Required<SilencingOptions>): Promise<Set<string>> {
  const ids = new Set<string>();
  if (agent.kind !== "hook") return ids;
  const state = (await loadDialect(agent.dialect)).settings.handlerState;
  if (!state) return ids;
  for (const file of [
    path.join(options.root, agent.project.file),
    path.join(options.home, agent.user.file),
  ]) {
    const hooks = at(readData(file, "json") ?? {}, "hooks");
    if (typeof hooks !== "object" || hooks === null) continue;
    for (const [event, groups] of Object.entries(hooks)) {
      if (!Array.isArray(groups)) continue;
      groups.forEach((group, g) => {
        const handlers: unknown[] = Array.isArray(group?.hooks) ? group.hooks : [];
        handlers.forEach((handler, h) => {
          if (parseConnectionEntry(handler)?.agent === agent.id)
            ids.add(state.id(path.resolve(file), event, g, h));
        });
      });
    }
  }
  return ids;
}

/** The project lists hookwire's package in the agent's project settings (a project-level connect). */
function listsOwnPackage(agent: AgentSpec, root: string): boolean {
  if (agent.kind !== "package") return false;
  return agent.project.files.some((file) => {
    const list = at(readData(path.join(root, file), "json") ?? {}, agent.list);
    return Array.isArray(list) && list.some((item) => agent.isOwn(item));
  });
}

/**
 * The agent's own trust decision for `root` (pi 1.6): the nearest folder at or above it its store names, else its
 * default. A hit when the project-level package would be skipped.
 */
/** The agent's flag for a one-run trust, as a fix: `, run pi with --approve (that run only)`. */
const oneRun = (silencer: Silencer, label: string) =>
  silencer.oneRun ? `, run ${label} with ${silencer.oneRun} (that run only)` : "";

function untrusted(agent: AgentSpec, silencer: Silencer, options: Required<SilencingOptions>) {
  if (!listsOwnPackage(agent, options.root)) return undefined;
  const store = readData(path.join(options.home, silencer.file), "json") ?? {};
  let dir: string;
  try {
    dir = realpathSync(options.root);
  } catch {
    dir = path.resolve(options.root);
  }
  for (;;) {
    const decision = store[dir];
    if (decision === true) return undefined;
    if (decision === false)
      return {
        says: `${agent.label}'s trust store declines ${dir}, so ${agent.label} 1.6 skips the project's settings and hookwire's package with them`,
        fix: `trust the project in ${agent.label} (/trust)${oneRun(silencer, agent.label)}, or connect --user`,
      };
    if (path.dirname(dir) === dir) break;
    dir = path.dirname(dir);
  }
  const fallback = silencer.defaultIn;
  if (!fallback) return undefined;
  const settings = readData(path.join(options.home, fallback.file), "json") ?? {};
  const value = at(settings, fallback.key) ?? fallback.otherwise;
  if (value === fallback.trusts) return undefined;
  return {
    says: `${agent.label} 1.6 loads a project's settings, hookwire's package included, only in a project it trusts: none is saved for this one (${fallback.key}: ${JSON.stringify(value)}), so it asks at start and print mode (-p) skips the package without a word`,
    fix: `start ${agent.label} here and choose Trust (or /trust), set ${fallback.key}: ${JSON.stringify(fallback.trusts)} in ~/${fallback.file}${oneRun(silencer, agent.label)}, or connect --user`,
  };
}

/**
 * Every switch in the agent's files (project and user level) that keeps the agent from running hookwire's
 * entries: an off switch saying off (where the agent merges the key across files, only the last file that sets
 * it counts), a list of skipped hooks naming hookwire's command, a per-hook state turning one of its entries off.
 */
export async function silencingSwitches(id: AgentId, options: SilencingOptions): Promise<Silencing[]> {
  const agent = AGENTS[id];
  const full = { root: options.root, home: options.home ?? os.homedir() };
  const found: Silencing[] = [];
  const lastSetter = new Map<string, Silencing | undefined>();
  let ownIds: Set<string> | undefined;
  for (const silencer of agent.silencers) {
    const file = path.join(silencer.base === "home" ? full.home : full.root, silencer.file);
    if (silencer.kind === "projectTrust") {
      const hit = untrusted(agent, silencer, full);
      if (hit) found.push({ agent: id, file, key: silencer.key, ...hit });
      continue;
    }
    // The home folder as the project: its files are the user's, read once.
    if (silencer.base === "project" && path.resolve(full.root) === path.resolve(full.home)) continue;
    const data = readData(file, silencer.format);
    const value = data === undefined ? undefined : at(data, silencer.key);
    if (value === undefined) continue;
    const where = { agent: id, file, key: silencer.key };
    if (silencer.kind === "off") {
      const hit =
        JSON.stringify(value) === JSON.stringify(silencer.value)
          ? {
              ...where,
              says: `${silencer.key}: ${JSON.stringify(value)} turns every hook off in ${agent.label}, hookwire's included`,
              fix: `remove ${silencer.key} from that file`,
            }
          : undefined;
      if (silencer.lastFileWins) lastSetter.set(silencer.key, hit);
      else if (hit) found.push(hit);
    } else if (silencer.kind === "names" && Array.isArray(value)) {
      const own = value.filter(
        (name) => typeof name === "string" && parseConnectionEntry({ command: name })?.agent === id,
      );
      if (own.length > 0)
        found.push({
          ...where,
          says: `${silencer.key} lists hookwire's ${own.length === 1 ? "entry" : `${own.length} entries`}: ${agent.label} skips ${own.length === 1 ? "it" : "them"}`,
          fix: `take hookwire's commands out of ${silencer.key} there`,
        });
    } else if (silencer.kind === "states" && typeof value === "object" && value !== null) {
      ownIds ??= await ownStateIds(agent, full);
      const off = Object.entries(value).filter(
        ([key, state]) => ownIds?.has(key) && (state as { enabled?: unknown })?.enabled === false,
      );
      if (off.length > 0)
        found.push({
          ...where,
          says: `${silencer.key} turns ${off.length === 1 ? "one of hookwire's entries" : `${off.length} of hookwire's entries`} off (enabled = false)`,
          fix: `remove those entries of ${silencer.key} from that file (or enable them in ${agent.label}'s /hooks)`,
        });
    }
  }
  for (const hit of lastSetter.values()) if (hit) found.push(hit);
  return found;
}
