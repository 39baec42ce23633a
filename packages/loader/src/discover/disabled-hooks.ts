// The hooks the user turned off: `{ "disabled": [id…], "pinned": {…} }` in the user's hooks.json, honoured by every
// discovery.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { errorMessage } from "@hookwire/core";
import { sha256 } from "@hookwire/core/internal";
import type { SettingsHandler } from "@hookwire/settings-hooks";
import { properLockfile } from "../lazy-deps.js";
import { defaultHooksConfigPath } from "../user-config-paths.js";

/**
 * A hook's id is its absolute file (a module, a pre/post script, a settings file) and, for a settings handler,
 * its JSON path: `/repo/.claude/settings.json#hooks.PreToolUse[0].hooks[1]`. An id turns off what it names and
 * everything under it (a file's id, every handler in it; `#hooks.PreToolUse[0]`, that group's handlers).
 */
export type HookId = string;

/** A settings handler's id: its file, absolute, and its JSON path. */
export function handlerId(handler: SettingsHandler): HookId {
  const file = path.resolve(handler.file);
  return handler.jsonPath ? `${file}#${handler.jsonPath}` : file;
}

/** What a handler is, apart from where it sits: its event, matcher and fields, hashed. */
export function handlerFingerprint(handler: SettingsHandler): string {
  const what = [
    handler.dialect,
    handler.event,
    handler.matcher ?? null,
    handler.config,
    handler.fields ?? null,
  ];
  return sha256(JSON.stringify(what)).slice(0, 16);
}

/**
 * Whether an id names a position (`…PreToolUse[0]`, `…PreToolUse[0].hooks[1]`), which an edit of the file can move
 * to another handler: such an id is pinned to the handlers it named when it was turned off.
 */
export function isPositional(id: HookId): boolean {
  return /#.*\]$/s.test(id);
}

/** Whether `id` is `off` or lies under it (`off` followed by `#`, `.` or `[`). */
function covers(off: HookId, id: HookId): boolean {
  if (id === off) return true;
  if (!id.startsWith(off)) return false;
  const next = id[off.length];
  return next === "#" || next === "." || next === "[";
}

/** The id among `ids` that turns `id` off (itself, its file or its group), if any. */
export function turnedOffBy(ids: readonly HookId[], id: HookId): HookId | undefined {
  return ids.find((off) => covers(off, id));
}

/** For each positional id turned off: the handlers it named then, by id, with their fingerprints. */
export type Pins = Readonly<Record<HookId, Readonly<Record<HookId, string>>>>;

/** A positional id whose handler moved or changed since it was turned off: it is left on. */
export interface MovedHandler {
  /** The id as configured. */
  off: HookId;
  /** The handler now at (or under) that position. */
  id: HookId;
}

/** What `hooks.json` turns off, for matching; a missing file turns off nothing. */
export class DisabledHooks {
  readonly ids: readonly HookId[];
  readonly pins: Pins;
  /**
   * The configured ids that turned something off, in the order met: what `hookwire hooks enable` takes to turn it
   * on again (a file's id, when a whole file was turned off, not each of its handlers).
   */
  readonly applied = new Set<HookId>();
  /** Handlers a pinned id covers that are not the ones it was pinned to: left on, and worth a warning. */
  readonly moved: MovedHandler[] = [];

  constructor(ids: readonly HookId[], pins: Pins = {}) {
    this.ids = ids;
    this.pins = pins;
  }

  /**
   * The configured id that turns `id` off, if any (and records it as applied). With `handler`, a pinned id turns it
   * off only while it is the handler that was turned off: one moved there by an edit stays on (the safe side).
   */
  off(id: HookId, handler?: SettingsHandler): HookId | undefined {
    const hit = turnedOffBy(this.ids, id);
    if (hit === undefined) return undefined;
    const pinned = this.pins[hit];
    if (handler && pinned && pinned[id] !== handlerFingerprint(handler)) {
      this.moved.push({ off: hit, id });
      return undefined;
    }
    this.applied.add(hit);
    return hit;
  }
}

const isPins = (value: unknown): value is Pins =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every(
    (entry) =>
      typeof entry === "object" &&
      entry !== null &&
      !Array.isArray(entry) &&
      Object.values(entry).every((fingerprint) => typeof fingerprint === "string"),
  );

/** `file`'s ids; a malformed or unreadable file is a problem and turns nothing off (hooks stay on: the safe side). */
export function readDisabledHooks(file: string): { disabled: DisabledHooks; problem?: string } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { disabled: new DisabledHooks([]) };
    return { disabled: new DisabledHooks([]), problem: `cannot be read (${errorMessage(error)})` };
  }
  let config: { disabled?: unknown; pinned?: unknown } | null;
  try {
    config = JSON.parse(text) as { disabled?: unknown; pinned?: unknown } | null;
  } catch (error) {
    return { disabled: new DisabledHooks([]), problem: `is not JSON (${errorMessage(error)})` };
  }
  const list = config?.disabled ?? [];
  if (!Array.isArray(list) || !list.every((id) => typeof id === "string")) {
    const problem = `must hold {"disabled": [hook ids]}, got "disabled": ${JSON.stringify(list).slice(0, 80)}`;
    return { disabled: new DisabledHooks([]), problem };
  }
  const pins = config?.pinned ?? {};
  if (!isPins(pins)) {
    const problem = `must hold "pinned": {id: {handler id: fingerprint}}, got ${JSON.stringify(pins).slice(0, 80)}`;
    return { disabled: new DisabledHooks([]), problem };
  }
  return { disabled: new DisabledHooks(list, pins) };
}

/** The hooks config as written (a missing file: nothing), for the keys other than `disabled` and `pinned`. */
function otherSettings(file: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(readFileSync(file, "utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The warning for a pinned id whose handler moved or changed: it stays on until the user says again. */
export function movedHandlerWarning(moved: MovedHandler, showFile: (file: string) => string): string {
  const show = (id: HookId) => {
    const [file = "", jsonPath] = id.split(/#(.*)/s);
    return `${showFile(file)}${jsonPath === undefined ? "" : `#${jsonPath}`}`;
  };
  const off = show(moved.off);
  const what =
    moved.id === moved.off
      ? `${off} was turned off (\`hookwire hooks disable\`) when another handler was there`
      : `${show(moved.id)} is under ${off}, turned off (\`hookwire hooks disable\`) when other handlers were there`;
  return (
    `${what}; the file was edited since, so the one there now stays on. \`hookwire hooks disable ${off}\` again ` +
    `turns off what is there now; \`hookwire hooks enable ${off}\` drops the entry.`
  );
}

/** The message for a hooks config that could not be used. */
export function hooksConfigProblem(file: string, problem: string): string {
  return `The hooks config \`${file}\` ${problem}; no hook is turned off. Fix or remove the file.`;
}

/**
 * Adds (`disabled: true`) or removes `id` in the user's hooks config under a lock (`file`, default
 * `$XDG_CONFIG_HOME/hookwire/hooks.json`); answers the file and whether it changed. `pins`: the handlers a
 * positional id names now (`handlerFingerprint`), so that an edit moving another handler there does not turn it off.
 */
export async function setHookDisabled(
  id: HookId,
  disabled: boolean,
  options: {
    file?: string;
    home?: string;
    env?: Record<string, string | undefined>;
    pins?: Readonly<Record<HookId, string>>;
  } = {},
): Promise<{ file: string; changed: boolean }> {
  const file = options.file ?? defaultHooksConfigPath(options);
  return { file, changed: await writeDisabled(file, id, disabled, options.pins) };
}

async function writeDisabled(
  file: string,
  id: HookId,
  disabled: boolean,
  pins: Readonly<Record<HookId, string>> | undefined,
): Promise<boolean> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const release = await properLockfile().lock(file, {
    realpath: false,
    stale: 10_000,
    retries: { retries: 200, factor: 1.2, minTimeout: 5, maxTimeout: 100, randomize: true },
  });
  try {
    const current = readDisabledHooks(file);
    if (current.problem) throw new Error(hooksConfigProblem(file, current.problem));
    const { ids, pins: pinned } = current.disabled;
    const { [id]: old, ...others } = pinned;
    const next = disabled && pins && Object.keys(pins).length > 0 ? { ...others, [id]: pins } : others;
    const samePins = JSON.stringify(old ?? null) === JSON.stringify(next[id] ?? null);
    if (ids.includes(id) === disabled && samePins) return false;
    const nextIds = disabled ? (ids.includes(id) ? ids : [...ids, id]) : ids.filter((other) => other !== id);
    // The file's other settings (`onFailure`, read by connected agents) are kept as they are.
    const { disabled: _ids, pinned: _pins, ...settings } = otherSettings(file);
    const own = Object.keys(next).length > 0 ? { disabled: nextIds, pinned: next } : { disabled: nextIds };
    const body = { ...settings, ...own };
    const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600, flag: "wx" });
      await rename(temporary, file);
    } finally {
      await rm(temporary, { force: true });
    }
    return true;
  } finally {
    await release().catch(() => {});
  }
}
