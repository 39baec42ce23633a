// Content digests of trusted files, with a stat cache so checking an unchanged file costs one `stat`.
import { createHash } from "node:crypto";
import { closeSync, readSync, statSync } from "node:fs";
import { openRegularFile } from "@hookwire/core/internal";

/** Files larger than this are not hashed (64 MiB); they count as `too-large`, which any change of size alters. */
export const MAX_FINGERPRINT_BYTES = 64 * 1024 * 1024;

/** SHA-256 hex of the contents, or why there is none: `missing`, `not-regular`, `too-large`, `unreadable`. */
export type FileDigest = string;

/**
 * The digest of a file read by what it says when it says nothing (a settings file holding only hookwire's
 * own connection entries, or `{}`): the fingerprint leaves it out, as if it were not there.
 */
export const SAYS_NOTHING: FileDigest = "says-nothing";

/** What a reader makes of a file's text (a settings file: its hook-relevant parts). */
export interface ContentRead {
  /** `undefined` when it says nothing trust covers. */
  digest: string | undefined;
  /** The text `hookwire trust` shows and diffs instead of the file's. */
  view?: string;
  /** A digest an older trust record may hold for the same contents, accepted in its place. */
  legacy?: string;
}

/** Reads a file's text into its digest (a settings file: what it says). */
export type ContentReader = (text: string) => ContentRead;

interface Cached {
  key: string;
  digest: FileDigest;
  read?: ContentRead;
}

/** Identity of a file's current contents as far as `stat` can tell: device, inode, size, mtime, ctime (ns). */
function statKey(file: string): string | undefined {
  try {
    const s = statSync(file, { bigint: true, throwIfNoEntry: false });
    if (!s) return undefined;
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch {
    return undefined;
  }
}

function hashFile(file: string, reader?: ContentReader): { digest: FileDigest; read?: ContentRead } {
  const opened = openRegularFile(file, MAX_FINGERPRINT_BYTES);
  // Never read: a FIFO or device (it could block or never end), a file over the cap.
  if (!opened.ok) return { digest: opened.reason };
  const hash = createHash("sha256");
  const kept: Buffer[] = [];
  const chunk = Buffer.allocUnsafe(1 << 16);
  let total = 0;
  try {
    for (;;) {
      const read = readSync(opened.fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      total += read;
      if (total > MAX_FINGERPRINT_BYTES) return { digest: "too-large" };
      if (reader) kept.push(Buffer.from(chunk.subarray(0, read)));
      else hash.update(chunk.subarray(0, read));
    }
    if (!reader) return { digest: hash.digest("hex") };
    const read = reader(Buffer.concat(kept).toString("utf8"));
    return { digest: read.digest ?? SAYS_NOTHING, read };
  } catch {
    return { digest: "unreadable" };
  } finally {
    closeSync(opened.fd);
  }
}

/**
 * Digests files and remembers them by stat identity: an unchanged file is not read again, a changed
 * one (any of dev/inode/size/mtime/ctime; ctime cannot be set back by a user) is hashed anew.
 */
export class FileDigests {
  readonly #cache = new Map<string, Cached>();
  readonly #readers = new Map<string, ContentReader>();

  /**
   * Digest `file` by what `reader` makes of its text instead of its bytes: the fingerprint and the guard
   * both ask this object, so they read a settings file the same way.
   */
  readAs(file: string, reader: ContentReader): void {
    this.#readers.set(file, reader);
    this.#cache.delete(file);
  }

  digest(file: string): FileDigest {
    const key = statKey(file);
    if (key === undefined) {
      this.#cache.delete(file);
      return "missing";
    }
    const cached = this.#cache.get(file);
    if (cached?.key === key) return cached.digest;
    const { digest, read } = hashFile(file, this.#readers.get(file));
    this.#cache.set(file, { key, digest, ...(read ? { read } : {}) });
    return digest;
  }

  /** What the reader made of `file` when it was last digested (its view and legacy digest), if it has one. */
  readOf(file: string): ContentRead | undefined {
    return this.#cache.get(file)?.read;
  }
}
