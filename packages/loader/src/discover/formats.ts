// Which hook formats, at which levels, a host loads: the one table discovery, settings sources and the trust key read.
import type { HookLevel } from "../hooks/hook-item.js";

/**
 * A kind of hook a host can load. `hookwire`: the host's own app folders (`<app>/hooks` modules and pre/post
 * scripts, `<app>/settings.json`, `<app>/plugins`); the others are each agent's own files (Claude Code's
 * `.claude/settings*.json`, `.claude/hooks/{pre,post}` and plugins; Codex's `.codex/hooks.json`, `config.toml` and
 * `.codex/hooks/pre-*`; Gemini CLI's `.gemini/settings.json`; Copilot CLI's `.github/hooks/*.json` and
 * `~/.copilot/hooks`; Cursor's `.cursor/hooks.json`; OpenCode's plugins).
 */
export type HookFormat = "hookwire" | "claude" | "codex" | "gemini" | "copilot" | "cursor" | "opencode";

/** Every format, in discovery order: what the `hookwire` CLI loads. */
export const HOOK_FORMATS: readonly HookFormat[] = [
  "hookwire",
  "claude",
  "codex",
  "gemini",
  "copilot",
  "cursor",
  "opencode",
];

/** A format at both levels (`"claude"`), or at one (`"claude:project"`: the repository's, not `~/.claude`). */
export type FormatChoice = HookFormat | `${HookFormat}:${HookLevel}`;

/** What a host loads unless it says otherwise: its own app folders, the project's and the user's. */
export const DEFAULT_FORMATS: readonly FormatChoice[] = ["hookwire"];

export type FormatLevels = ReadonlyMap<HookFormat, ReadonlySet<HookLevel>>;

const LEVELS: readonly HookLevel[] = ["project", "user"];

/** The choices as format → levels; an unknown name throws (a typo must not silently load nothing). */
export function formatLevels(choices: readonly FormatChoice[]): FormatLevels {
  const levels = new Map<HookFormat, Set<HookLevel>>();
  for (const choice of choices) {
    const [format, level] = choice.split(":") as [HookFormat, HookLevel | undefined];
    if (!HOOK_FORMATS.includes(format) || (level !== undefined && !LEVELS.includes(level))) {
      throw new TypeError(
        `Unknown hook format ${JSON.stringify(choice)}; expected one of ${HOOK_FORMATS.join(", ")}, optionally with :project or :user.`,
      );
    }
    const set = levels.get(format) ?? new Set();
    for (const each of level ? [level] : LEVELS) set.add(each);
    levels.set(format, set);
  }
  return levels;
}

/** The format of a built-in provider (by its id); a host's own provider has none and always runs. */
export function providerFormat(id: string): HookFormat | undefined {
  if (id.startsWith("native:")) return "hookwire";
  if (id.startsWith("claude:")) return "claude";
  if (id.startsWith("codex:")) return "codex";
  if (id === "opencode") return "opencode";
  return undefined;
}

/**
 * What the trust store keys a project's record by besides its root: the formats and levels, the app folders, the
 * host's own providers and explicit settings files. Two hosts that discover differently keep a record each, so
 * neither untrusts the other.
 */
export function discoveryKey(init: {
  levels: FormatLevels;
  appDirs: readonly string[];
  providers: readonly string[];
  settingsFiles?: readonly string[];
}): string {
  const formats = HOOK_FORMATS.flatMap((format) => {
    const set = init.levels.get(format);
    if (!set) return [];
    return set.size === 2 ? [format] : [...set].map((level) => `${format}:${level}`);
  });
  const parts = [`formats=${formats.join(",")}`, `apps=${init.appDirs.join(",")}`];
  const own = init.providers.filter((id) => providerFormat(id) === undefined);
  if (own.length > 0) parts.push(`providers=${[...own].sort().join(",")}`);
  if (init.settingsFiles) parts.push(`settings=${init.settingsFiles.join(",")}`);
  return parts.join(";");
}
