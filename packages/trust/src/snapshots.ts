// Copies of trusted text files beside the trust store, by digest, so `hookwire trust` can show what changed since.
import { randomUUID } from "node:crypto";
import { closeSync, readdirSync, readSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openRegularFile, sha256 } from "@hookwire/core/internal";
import { ensurePrivateDir } from "./private/cache-dir.js";
import { readPrivateFile } from "./private/cache-entry.js";

/** A file larger than this is named in a diff, not shown. */
export const MAX_SNAPSHOT_BYTES = 256 * 1024;
/** What one trust keeps in copies at most; the files past it are named, not diffed. */
export const MAX_SNAPSHOT_TOTAL = 8 * 1024 * 1024;

/** The snapshots folder of a trust store: `<store folder>/trust-snapshots`, private like the caches. */
export function snapshotDir(store: string): string {
  return path.join(path.dirname(store), "trust-snapshots");
}

export type TextRead = { text: string } | { why: string };

/** A file's text when it is a regular file of at most MAX_SNAPSHOT_BYTES that is valid UTF-8 with no NUL byte. */
export function readText(file: string): TextRead {
  const opened = openRegularFile(file, MAX_SNAPSHOT_BYTES);
  if (!opened.ok)
    return {
      why: opened.reason === "too-large" ? `larger than ${MAX_SNAPSHOT_BYTES} bytes` : opened.message,
    };
  try {
    const buffer = Buffer.allocUnsafe(opened.stat.size);
    const read = readSync(opened.fd, buffer, 0, buffer.length, 0);
    const bytes = buffer.subarray(0, read);
    const text = bytes.toString("utf8");
    if (bytes.includes(0) || !Buffer.from(text, "utf8").equals(bytes)) return { why: "not a text file" };
    return { text };
  } catch (error) {
    return { why: error instanceof Error ? error.message : String(error) };
  } finally {
    closeSync(opened.fd);
  }
}

/** What trust shows of an item: what its reader made of it (a settings file's hook parts), else the file's text. */
export function itemText(entry: { file: string; view?: string }): TextRead {
  if (entry.view === undefined) return readText(entry.file);
  if (Buffer.byteLength(entry.view) > MAX_SNAPSHOT_BYTES)
    return { why: `larger than ${MAX_SNAPSHOT_BYTES} bytes` };
  return { text: entry.view };
}

/**
 * Keeps a copy of each item's text (`itemText`), named by its SHA-256 (a copy that exists is not written again),
 * and returns those names by label. A trust digest may be of what a file says (settings files), not of its bytes,
 * so the copies have names of their own.
 */
export function writeSnapshots(
  dir: string,
  entries: ReadonlyArray<{ label: string; file: string; view?: string }>,
): Record<string, string> {
  const names: Record<string, string> = {};
  if (!ensurePrivateDir(dir)) return names;
  let total = 0;
  const have = new Set(readdirSync(dir));
  for (const entry of entries) {
    const { label } = entry;
    const read = itemText(entry);
    if (!("text" in read)) continue;
    total += read.text.length;
    if (total > MAX_SNAPSHOT_TOTAL) return names;
    const digest = sha256(read.text);
    names[label] = digest;
    if (have.has(digest)) continue;
    const temporary = path.join(dir, `${digest}.${process.pid}.${randomUUID()}.tmp`);
    try {
      writeFileSync(temporary, read.text, { mode: 0o600, flag: "wx" });
      renameSync(temporary, path.join(dir, digest));
      have.add(digest);
    } catch {
      rmSync(temporary, { force: true });
      delete names[label];
    }
  }
  return names;
}

/** The trusted text of `digest`, when a copy of it was kept and is still this user's and intact. */
export function readSnapshot(dir: string, digest: string): string | undefined {
  if (!/^[0-9a-f]{64}$/.test(digest)) return undefined;
  const text = readPrivateFile(path.join(dir, digest));
  return text !== undefined && sha256(text) === digest ? text : undefined;
}

/** Removes the copies no record refers to any more. */
export function pruneSnapshots(dir: string, referenced: ReadonlySet<string>): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) if (!referenced.has(name)) rmSync(path.join(dir, name), { force: true });
}
