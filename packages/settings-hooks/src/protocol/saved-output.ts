// Over-long hook output saved to a bounded per-user folder: a total-size cap, an age limit, oldest removed first.
import { randomUUID } from "node:crypto";
import { existsSync, lstatSync, mkdirSync, readdirSync, unlinkSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";

export interface SavedOutputLimits {
  /** Total bytes of saved outputs in the folder. Default 64 MiB. */
  maxBytes: number;
  /** Saved outputs older than this are removed. Default 7 days. */
  maxAgeMs: number;
  /** Number of saved outputs, which also bounds the cost of each clean-up. Default 500. */
  maxFiles: number;
}

export const SAVED_OUTPUT_LIMITS: Readonly<SavedOutputLimits> = Object.freeze({
  maxBytes: 64 * 1024 * 1024,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxFiles: 500,
});

// Older versions named files without the time; they are cleaned up too.
const NAME = /^hook-output-(?:\d+-)?[0-9a-f-]{36}\.txt$/;
/** A named output (a tool result, `<tool_use_id>.txt` as Claude Code names it): a short safe name. */
const SAFE_NAME = /^[A-Za-z0-9_%-]{1,160}$/;
/** In a folder of named outputs (a session's `tool-results`), every `<safe name>.txt` is one of ours. */
const NAMED = /^[A-Za-z0-9_%-]{1,160}\.txt$/;

/** The folder must be the user's own: hook output may hold secrets, and a shared folder could be read or swapped. */
function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  const uid = process.getuid?.();
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) {
    throw new Error(
      `the output folder ${dir} is not a private directory of this user (a symlink, another owner, or writable by others)`,
    );
  }
}

/**
 * Remove saved outputs past the age limit, then the oldest until the rest fit the size and count
 * caps. `keep` (the file just written) is never removed. Files being removed by another process
 * at the same time are skipped; only regular files with our naming are touched.
 */
export function pruneSavedOutputs(
  dir: string,
  limits: SavedOutputLimits = SAVED_OUTPUT_LIMITS,
  keep?: string,
  /** The folder holds named outputs (`saveOutput` with a `name`): every `<safe name>.txt` counts. */
  named = false,
): void {
  const now = Date.now();
  const files: Array<{ file: string; size: number; mtime: number }> = [];
  for (const name of readdirSync(dir)) {
    if (!(named ? NAMED : NAME).test(name)) continue;
    const file = path.join(dir, name);
    let stat: ReturnType<typeof lstatSync>;
    try {
      stat = lstatSync(file);
    } catch {
      continue;
    }
    if (!stat.isFile()) continue;
    files.push({ file, size: stat.size, mtime: stat.mtimeMs });
  }
  const remove = (file: string) => {
    try {
      unlinkSync(file);
    } catch {
      // Already removed by another host's clean-up.
    }
  };
  files.sort((a, b) => a.mtime - b.mtime || a.file.localeCompare(b.file));
  let total = files.reduce((sum, f) => sum + f.size, 0);
  let count = files.length;
  for (const f of files) {
    if (f.file === keep) continue;
    if (now - f.mtime <= limits.maxAgeMs && total <= limits.maxBytes && count <= limits.maxFiles) continue;
    remove(f.file);
    total -= f.size;
    count--;
  }
}

/** Outputs named but not written yet, by folder, in the order they came; written on the next turn of the loop. */
const pending = new Map<
  string,
  { limits: SavedOutputLimits; named: boolean; outputs: Array<{ file: string; text: string }> }
>();
let flushing: Promise<void> | undefined;
let scheduled = false;
let exitHook = false;

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    void flushSavedOutputs();
  });
}

/** One output to the disk: "wx" never follows or overwrites an existing file. */
function writeOne(dir: string, file: string, text: string, sync: boolean): Promise<void> | void {
  ensurePrivateDir(dir);
  if (sync) writeFileSync(file, text, { mode: 0o600, flag: "wx" });
  else return writeFile(file, text, { mode: 0o600, flag: "wx" });
}

function take(): Array<
  [string, { limits: SavedOutputLimits; named: boolean; outputs: Array<{ file: string; text: string }> }]
> {
  const batch = [...pending];
  pending.clear();
  return batch;
}

/**
 * Write every output saved so far, then prune each folder once. Runs by itself on the next turn of the
 * event loop after an output is saved (and synchronously at process exit for any still waiting); call it
 * to be sure the files are on disk. An output that cannot be written (the folder was swapped meanwhile)
 * is dropped: its preview already named the file, so a reader finds nothing rather than another's data.
 */
export function flushSavedOutputs(): Promise<void> {
  flushing ??= (async () => {
    // Outputs saved while a batch is being written wait for the next one, in the same flush.
    for (let batch = take(); batch.length > 0; batch = take()) {
      for (const [dir, { limits, named, outputs }] of batch) {
        for (const { file, text } of outputs) {
          try {
            await writeOne(dir, file, text, false);
          } catch {
            // See above: best effort, never an exception on the host's path.
          }
        }
        try {
          pruneSavedOutputs(dir, limits, outputs.at(-1)?.file, named);
        } catch {
          // The folder went away: nothing to prune.
        }
      }
    }
  })().finally(() => {
    flushing = undefined;
    if (pending.size > 0) schedule();
  });
  return flushing;
}

function flushAtExit(): void {
  for (const [dir, { outputs }] of take()) {
    for (const { file, text } of outputs) {
      try {
        writeOne(dir, file, text, true);
      } catch {
        // Best effort at exit.
      }
    }
  }
}

/** The file a new output goes to: checks that tell at once, then a name no other output has (saved or waiting). */
function fileFor(dir: string, text: string, limits: SavedOutputLimits, name: string | undefined): string {
  if (name !== undefined && !SAFE_NAME.test(name)) {
    throw new Error(`${JSON.stringify(name)} is not a safe output file name (letters, digits, _, -, %)`);
  }
  const bytes = Buffer.byteLength(text);
  if (bytes > limits.maxBytes) {
    throw new Error(`${bytes} bytes is more than the output folder may hold (${limits.maxBytes} bytes)`);
  }
  ensurePrivateDir(dir);
  // The time first, so names sort by age.
  const file = path.join(dir, `${name ?? `hook-output-${Date.now()}-${randomUUID()}`}.txt`);
  // A name already taken (an id a session used twice) gets a suffix: a preview must never name another output.
  if (name !== undefined && (existsSync(file) || pending.get(dir)?.outputs.some((o) => o.file === file))) {
    return path.join(dir, `${name.slice(0, 150)}-${randomUUID().slice(0, 8)}.txt`);
  }
  return file;
}

/**
 * Save `text` in `dir` and return the file. The text is kept in memory and written once, off the hot
 * path (on the next turn of the event loop, see `flushSavedOutputs`); older outputs are removed then to
 * keep the folder within `limits`. What can be told at once is: a text over the folder's size cap, or a
 * folder that is not this user's own, throws here.
 */
export function saveOutput(
  dir: string,
  text: string,
  limits: SavedOutputLimits = SAVED_OUTPUT_LIMITS,
  /** The file's name without `.txt` (a tool result's id); default `hook-output-<time>-<uuid>`. Must match `[A-Za-z0-9_%-]{1,160}`. */
  name?: string,
): string {
  const file = fileFor(dir, text, limits, name);
  let queue = pending.get(dir);
  if (!queue) {
    queue = { limits, named: name !== undefined, outputs: [] };
    pending.set(dir, queue);
  }
  queue.limits = limits;
  if (name !== undefined) queue.named = true;
  queue.outputs.push({ file, text });
  if (!exitHook) {
    exitHook = true;
    process.once("exit", flushAtExit);
  }
  schedule();
  return file;
}

/**
 * `saveOutput`, written before it returns: for a reader about to start (a hook handed the file's path).
 * Throws when the file cannot be written (a read-only folder, a full disk), so the caller never names a
 * file that is not there. The folder is pruned as after a flush.
 */
export function saveOutputNow(
  dir: string,
  text: string,
  limits: SavedOutputLimits = SAVED_OUTPUT_LIMITS,
  name?: string,
): string {
  const file = fileFor(dir, text, limits, name);
  writeOne(dir, file, text, true);
  try {
    pruneSavedOutputs(dir, limits, file, name !== undefined);
  } catch {
    // The folder went away meanwhile: nothing to prune.
  }
  return file;
}
