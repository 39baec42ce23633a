// An agent's settings file read and written safely: no link on the way to it, bounded, replaced atomically.
import { lstatSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CliUsageError } from "../errors.js";

/** Settings files above this are refused (they are a few KB; the agents cap theirs too). */
const MAX_SETTINGS_BYTES = 1024 * 1024;

/**
 * `relative` under `base`, refused when a link could send the edit elsewhere: every folder from `base` down
 * to the file, and the file itself, must be real (a repository can commit `.claude/settings.local.json` as a
 * link to a file of the user's).
 */
export function unlinkedFile(base: string, relative: string): string {
  const file = path.join(base, relative);
  let current = base;
  for (const segment of relative.split("/")) {
    current = path.join(current, segment);
    let stat: ReturnType<typeof lstatSync> | undefined;
    try {
      stat = lstatSync(current);
    } catch {
      break;
    }
    if (stat.isSymbolicLink()) {
      throw new CliUsageError(
        `${current} is a link; hookwire does not edit through links (it could point anywhere). Replace it with the real file or folder.`,
      );
    }
  }
  return file;
}

/** The file's bytes, `undefined` when it does not exist; anything but a regular file of a sane size is refused. */
export function readExisting(file: string): Buffer | undefined {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(file);
  } catch {
    return undefined;
  }
  if (!stat.isFile()) throw new CliUsageError(`${file} is not a regular file; hookwire will not edit it.`);
  if (stat.size > MAX_SETTINGS_BYTES)
    throw new CliUsageError(`${file} is over 1 MiB; hookwire will not edit it.`);
  return readFileSync(file);
}

/** Written beside the file and renamed over it, with the file's mode: the agent never reads half of it. */
export function writeAtomically(file: string, text: string, mode: number | undefined): void {
  const temporary = `${file}.hookwire-${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text, { mode: mode ?? 0o644, flag: "wx" });
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}
