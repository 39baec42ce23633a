// Reads a file that may come from an untrusted repository: regular files only, never more than a cap.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  type Stats,
  statSync,
} from "node:fs";

/** Why a file was not read; `missing` is ENOENT/ENOTDIR, `not-regular` a FIFO, device, socket or folder. */
export type UnreadableReason = "missing" | "not-regular" | "too-large" | "unreadable";

export type RegularFileRead =
  | { ok: true; data: Buffer; stat: Stats }
  | { ok: false; reason: UnreadableReason; message: string };

export type RegularFileOpen =
  | { ok: true; fd: number; stat: Stats }
  | { ok: false; reason: UnreadableReason; message: string };

function kindOf(stat: Stats): string {
  if (stat.isFIFO()) return "a FIFO";
  if (stat.isCharacterDevice()) return "a character device";
  if (stat.isBlockDevice()) return "a block device";
  if (stat.isSocket()) return "a socket";
  if (stat.isDirectory()) return "a folder";
  return "not a regular file";
}

function failure(error: unknown): { ok: false; reason: UnreadableReason; message: string } {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT" || code === "ENOTDIR")
    return { ok: false, reason: "missing", message: "does not exist" };
  return { ok: false, reason: "unreadable", message: error instanceof Error ? error.message : String(error) };
}

// O_NONBLOCK: a FIFO swapped in after the check must not block the open until a writer comes.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * Opens `file` for reading when it is a regular file (a symbolic link to one is followed) of at most
 * `maxBytes`: lstat, stat of the target, open without blocking, then fstat of the open handle, which
 * must be the same regular file. The caller closes `fd`.
 */
export function openRegularFile(file: string, maxBytes: number): RegularFileOpen {
  let stat: Stats;
  try {
    const link = lstatSync(file);
    stat = link.isSymbolicLink() ? statSync(file) : link;
  } catch (error) {
    return failure(error);
  }
  if (!stat.isFile()) return { ok: false, reason: "not-regular", message: `is ${kindOf(stat)}` };
  if (stat.size > maxBytes) {
    return {
      ok: false,
      reason: "too-large",
      message: `is ${stat.size} bytes, over the limit of ${maxBytes}`,
    };
  }
  let fd: number;
  try {
    fd = openSync(file, OPEN_FLAGS);
  } catch (error) {
    return failure(error);
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile() || opened.ino !== stat.ino || opened.dev !== stat.dev) {
      closeSync(fd);
      return { ok: false, reason: "not-regular", message: "was replaced while it was opened" };
    }
    return { ok: true, fd, stat: opened };
  } catch (error) {
    closeSync(fd);
    return failure(error);
  }
}

/**
 * The contents of a regular file of at most `maxBytes` bytes, or why not. Synchronous: the files it is
 * for are small, and a read that cannot block (no FIFO, no device) costs less than a thread-pool trip.
 * A file that grows past the cap while it is read is refused too.
 */
export function readRegularFile(file: string, maxBytes: number): RegularFileRead {
  const opened = openRegularFile(file, maxBytes);
  if (!opened.ok) return opened;
  try {
    const chunks: Buffer[] = [];
    let length = 0;
    // The size from fstat is a hint, not a promise: read until the end, and stop one byte past the cap.
    while (length <= maxBytes) {
      const chunk = Buffer.allocUnsafe(
        Math.min(Math.max(opened.stat.size - length, 0) + 1, maxBytes + 1 - length, 1 << 20),
      );
      const read = readSync(opened.fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
      length += read;
    }
    if (length > maxBytes) {
      return {
        ok: false,
        reason: "too-large",
        message: `grew over the limit of ${maxBytes} bytes while it was read`,
      };
    }
    return { ok: true, data: Buffer.concat(chunks, length), stat: opened.stat };
  } catch (error) {
    return failure(error);
  } finally {
    closeSync(opened.fd);
  }
}
