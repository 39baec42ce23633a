// The hooks the user turned off: `{ "disabled": [id…] }` in the user's hooks.json, honoured by every discovery.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { errorMessage } from "@hookwire/core";
import { properLockfile } from "../lazy-deps.js";
import { defaultHooksConfigPath } from "../trust/store-path.js";

/**
 * A hook's id is its absolute file (a module, a pre/post script, a settings file) and, for a settings handler,
 * its JSON path: `/repo/.claude/settings.json#hooks.PreToolUse[0].hooks[1]`. An id turns off what it names and
 * everything under it (a file's id, every handler in it; `#hooks.PreToolUse[0]`, that group's handlers).
 */
export type HookId = string;

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

/** What `hooks.json` turns off, for matching; a missing file turns off nothing. */
export class DisabledHooks {
  readonly ids: readonly HookId[];
  /**
   * The configured ids that turned something off, in the order met: what `hookwire hooks enable` takes to turn it
   * on again (a file's id, when a whole file was turned off, not each of its handlers).
   */
  readonly applied = new Set<HookId>();

  constructor(ids: readonly HookId[]) {
    this.ids = ids;
  }

  /** The configured id that turns `id` off, if any (and records it as applied). */
  off(id: HookId): HookId | undefined {
    const hit = turnedOffBy(this.ids, id);
    if (hit !== undefined) this.applied.add(hit);
    return hit;
  }
}

/** `file`'s ids; a malformed or unreadable file is a problem and turns nothing off (hooks stay on: the safe side). */
export function readDisabledHooks(file: string): { disabled: DisabledHooks; problem?: string } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { disabled: new DisabledHooks([]) };
    return { disabled: new DisabledHooks([]), problem: `cannot be read (${errorMessage(error)})` };
  }
  let list: unknown;
  try {
    list = (JSON.parse(text) as { disabled?: unknown } | null)?.disabled ?? [];
  } catch (error) {
    return { disabled: new DisabledHooks([]), problem: `is not JSON (${errorMessage(error)})` };
  }
  if (!Array.isArray(list) || !list.every((id) => typeof id === "string")) {
    const problem = `must hold {"disabled": [hook ids]}, got "disabled": ${JSON.stringify(list).slice(0, 80)}`;
    return { disabled: new DisabledHooks([]), problem };
  }
  return { disabled: new DisabledHooks(list) };
}

/** The message for a hooks config that could not be used. */
export function hooksConfigProblem(file: string, problem: string): string {
  return `The hooks config \`${file}\` ${problem}; no hook is turned off. Fix or remove the file.`;
}

/**
 * Adds (`disabled: true`) or removes `id` in the user's hooks config under a lock (`file`, default
 * `$XDG_CONFIG_HOME/hookwire/hooks.json`); answers the file and whether it changed.
 */
export async function setHookDisabled(
  id: HookId,
  disabled: boolean,
  options: { file?: string; home?: string; env?: Record<string, string | undefined> } = {},
): Promise<{ file: string; changed: boolean }> {
  const file = options.file ?? defaultHooksConfigPath(options);
  return { file, changed: await writeDisabled(file, id, disabled) };
}

async function writeDisabled(file: string, id: HookId, disabled: boolean): Promise<boolean> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const release = await properLockfile().lock(file, {
    realpath: false,
    stale: 10_000,
    retries: { retries: 200, factor: 1.2, minTimeout: 5, maxTimeout: 100, randomize: true },
  });
  try {
    const current = readDisabledHooks(file);
    if (current.problem) throw new Error(hooksConfigProblem(file, current.problem));
    const ids = current.disabled.ids;
    if (ids.includes(id) === disabled) return false;
    const next = disabled ? [...ids, id] : ids.filter((other) => other !== id);
    const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, `${JSON.stringify({ disabled: next }, null, 2)}\n`, {
        mode: 0o600,
        flag: "wx",
      });
      await rename(temporary, file);
    } finally {
      await rm(temporary, { force: true });
    }
    return true;
  } finally {
    await release().catch(() => {});
  }
}
