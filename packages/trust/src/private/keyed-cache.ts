// One JSON value per key in a folder of the private per-user cache, read back only as this user wrote it.
import { randomUUID } from "node:crypto";
import { readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sha256 } from "@hookwire/core/internal";
import { ensurePrivateDir } from "./cache-dir.js";
import { readPrivateBytes } from "./cache-entry.js";

const HEADER = "//hookwire-verdict ";

export interface KeyedCache {
  /** The value stored under `key` (64 hex digits), or `undefined` when there is none this user wrote. */
  get(key: string): unknown;
  /** Stores `value` (JSON) under `key`; a folder that cannot be written is no error (the cache only saves work). */
  set(key: string, value: unknown): void;
}

/**
 * Entries in `dir` (0700), one file per key. An entry counts only when it is a regular file of this user
 * that nobody else can write, names its key and still has the hash written with it. `undefined` when the
 * folder is not private to this user. `maxEntries`: past it, each write first removes the oldest tenth.
 */
export function keyedCache(dir: string, maxEntries = Number.POSITIVE_INFINITY): KeyedCache | undefined {
  if (!(ensurePrivateDir(path.dirname(dir)) && ensurePrivateDir(dir))) return undefined;
  const entry = (key: string) => path.join(dir, `${key}.json`);
  const valid = (key: string) => /^[0-9a-f]{64}$/.test(key);
  return {
    get(key) {
      if (!valid(key)) return undefined;
      const body = readKeyedEntry(entry(key), key);
      if (body === undefined) return undefined;
      try {
        return JSON.parse(body.toString("utf8"));
      } catch {
        return undefined;
      }
    },
    set(key, value) {
      if (!valid(key)) return;
      if (Number.isFinite(maxEntries)) {
        try {
          pruneOldest(dir, maxEntries, ".json");
        } catch {}
      }
      writeKeyedEntry(entry(key), key, Buffer.from(JSON.stringify(value), "utf8"));
    },
  };
}

/**
 * The body of `file` when it is a private entry of this user (`readPrivateBytes`: a regular file, not a link, this
 * user's, no other permission bits) that names `key` and still has the hash written with it; else `undefined`.
 * A rewritten, truncated, swapped or planted entry is nothing.
 */
export function readKeyedEntry(file: string, key: string): Buffer | undefined {
  const read = readPrivateBytes(file);
  if (!read.ok) return undefined;
  const { bytes } = read;
  const newline = bytes.indexOf(10);
  if (newline === -1 || bytes.toString("latin1", 0, HEADER.length) !== HEADER) return undefined;
  try {
    const header = JSON.parse(bytes.toString("utf8", HEADER.length, newline)) as {
      key?: unknown;
      sha256?: unknown;
    };
    const body = bytes.subarray(newline + 1);
    return header.key === key && header.sha256 === sha256(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

/** Writes `body` under `key` (0600, whole or not at all: a temporary file renamed); a failure is no error. */
export function writeKeyedEntry(file: string, key: string, body: Buffer): void {
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  try {
    const header = Buffer.from(`${HEADER}${JSON.stringify({ key, sha256: sha256(body) })}\n`, "utf8");
    writeFileSync(temporary, Buffer.concat([header, body]), { mode: 0o600, flag: "wx" });
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
}

/** At `max` entries (named `*<suffix>`), the oldest tenth goes: a cache a repository fills stays bounded. */
export function pruneOldest(dir: string, max: number, suffix: string): void {
  const names = readdirSync(dir).filter((name) => name.endsWith(suffix));
  if (names.length < max) return;
  const aged = names
    .map((name) => {
      try {
        return { name, mtime: statSync(path.join(dir, name)).mtimeMs };
      } catch {
        return { name, mtime: 0 };
      }
    })
    .sort((a, b) => a.mtime - b.mtime);
  for (const { name } of aged.slice(0, Math.max(1, Math.ceil(max / 10))))
    rmSync(path.join(dir, name), { force: true });
}
