// Reading a file of the private per-user caches so that nothing but what this user wrote there is used.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";

/** Cached files larger than this are not read (a hook module itself is capped at 8 MiB). */
export const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

// O_NOFOLLOW: a link in place of an entry is refused by the open itself; O_NONBLOCK: so is waiting on a FIFO.
const ENTRY_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | (constants.O_NONBLOCK ?? 0);

export type PrivateEntry = { ok: true; text: string } | { ok: false; missing: boolean; reason: string };
type PrivateBytes = { ok: true; bytes: Buffer } | { ok: false; missing: boolean; reason: string };

/**
 * A private file's text when it is a regular file (not a link) of this user, with no group or other
 * permission bits, of at most MAX_ENTRY_BYTES; else why not. One open, one fstat, the reads, one close:
 * every check is on the open handle, so nothing can be swapped between a check and the read.
 */
export function readPrivateEntry(entry: string): PrivateEntry {
  const read = readPrivateBytes(entry);
  return read.ok ? { ok: true, text: read.bytes.toString("utf8") } : read;
}

/** `readPrivateEntry`'s bytes, as read: for an entry that is not text (a V8 code cache). */
export function readPrivateBytes(entry: string): PrivateBytes {
  let fd: number;
  try {
    fd = openSync(entry, ENTRY_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { ok: false, missing: true, reason: "it does not exist" };
    return {
      ok: false,
      missing: false,
      reason: code === "ELOOP" ? "it is a link" : (error as Error).message,
    };
  }
  const refused = (reason: string): PrivateBytes => ({ ok: false, missing: false, reason });
  try {
    const stat = fstatSync(fd);
    const uid = process.getuid?.();
    if (!stat.isFile()) return refused("it is not a regular file");
    if (uid !== undefined && stat.uid !== uid) return refused(`it is owned by user ${stat.uid}`);
    if ((stat.mode & 0o077) !== 0) return refused("other users have permissions on it");
    if (stat.size > MAX_ENTRY_BYTES) return refused(`it is larger than ${MAX_ENTRY_BYTES} bytes`);
    // One byte more than fstat says, so a read that fills it shows the file grew; read on to the end.
    let buffer = Buffer.allocUnsafe(stat.size + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > MAX_ENTRY_BYTES) return refused(`it is larger than ${MAX_ENTRY_BYTES} bytes`);
      if (length === buffer.length) {
        const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, MAX_ENTRY_BYTES + 1));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
    }
    return { ok: true, bytes: buffer.subarray(0, length) };
  } catch (error) {
    return refused((error as Error).message);
  } finally {
    closeSync(fd);
  }
}

/** `readPrivateEntry`'s text, or `undefined` for a file that is missing or not private. */
export function readPrivateFile(entry: string): string | undefined {
  const read = readPrivateEntry(entry);
  return read.ok ? read.text : undefined;
}
