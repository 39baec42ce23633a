// Reads and writes the trust store: per project root and discovery, each file the user trusted and its digest.
import { randomUUID } from "node:crypto";
import { lstatSync, type Stats, statSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { errorMessage } from "@hookwire/core";
import { readRegularFile } from "@hookwire/core/internal";
import { TrustStoreError } from "../errors.js";
import { properLockfile } from "../lazy-deps.js";

/** What one discovery of a project was trusted as. */
export interface TrustRecord {
  fingerprint: string;
  /** ISO time it was trusted. */
  trustedAt: string;
  /** What was discovered (`discoveryKey`: formats, levels, app folders). */
  discovery: string;
  /** Every trusted item, `<kind> <path relative to the root>`, with the SHA-256 of its contents as trusted. */
  files: Record<string, string>;
  /** The kept copy of each text item (`trust-snapshots/<name>`), for diffs. */
  texts?: Record<string, string>;
  /**
   * `"hook-parts"`: a settings item's digest and copy are of its hook-relevant parts. Absent (records written
   * before): of the whole file; such a digest is still accepted while the file is unchanged (`recordHolds`).
   */
  settings?: "hook-parts";
}

/** Per project root (its real path), a record per discovery: hosts that discover differently never untrust each other. */
export interface TrustStore {
  version: 2;
  projects: Record<string, Record<string, TrustRecord>>;
}

function emptyStore(): TrustStore {
  return { version: 2, projects: {} };
}

/** A root keeps at most this many records (one per way of discovering it); the oldest go first. */
export const MAX_RECORDS_PER_PROJECT = 8;

function isRecord(value: unknown): value is TrustRecord {
  const record = value as Partial<TrustRecord> | null;
  return (
    typeof record?.fingerprint === "string" &&
    typeof record.discovery === "string" &&
    typeof record.files === "object" &&
    record.files !== null &&
    Object.values(record.files).every((digest) => typeof digest === "string") &&
    (record.texts === undefined ||
      (typeof record.texts === "object" &&
        record.texts !== null &&
        Object.values(record.texts).every((name) => typeof name === "string")))
  );
}

/** A version 1 record (one per root, items without digests): kept so the project reads as changed, not as new. */
function fromVersion1(value: unknown): TrustRecord | undefined {
  const old = value as { fingerprint?: unknown; trustedAt?: unknown; items?: unknown } | null;
  if (typeof old?.fingerprint !== "string" || !Array.isArray(old.items)) return undefined;
  return {
    fingerprint: old.fingerprint,
    trustedAt: typeof old.trustedAt === "string" ? old.trustedAt : "",
    discovery: "version 1",
    files: {},
  };
}

/**
 * Why someone other than this user could change `stat`'s file, or `undefined`. Group write counts only
 * for a group other than the user's own (usergroups systems create 0775 folders by default).
 */
function writableByOthers(stat: Stats): string | undefined {
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid && stat.uid !== 0) return `it is owned by user ${stat.uid}`;
  if ((stat.mode & 0o002) !== 0) return "anyone can write it";
  if ((stat.mode & 0o020) !== 0 && stat.gid !== process.getgid?.()) return `group ${stat.gid} can write it`;
  return undefined;
}

/** A store past this size is refused rather than read (one record is ~1 KB; a user trusts a few hundred projects). */
export const MAX_TRUST_STORE_BYTES = 16 * 1024 * 1024;

/** A store that others could write would let them trust any project in the user's name: it is refused. */
function checkOwnership(file: string): void {
  for (const target of [path.dirname(file), file]) {
    let info: Stats;
    try {
      info = lstatSync(target);
      if (info.isSymbolicLink()) info = statSync(target);
    } catch {
      continue;
    }
    const problem = writableByOthers(info);
    if (problem) {
      throw new TrustStoreError(
        file,
        `The trust store \`${file}\` is not used because ${target === file ? "" : `its folder \`${target}\` is writable by others: `}${problem}. ` +
          `Make it yours and private (\`chmod 700 ${path.dirname(file)} && chmod 600 ${file}\`).`,
      );
    }
  }
}

/**
 * A missing file is an empty store; anything else unreadable throws a TrustStoreError. Read synchronously
 * (every host start reads it) and only as a regular file: a FIFO or a device at its path is an error,
 * never a read that waits.
 */
export async function readTrustStore(file: string): Promise<TrustStore> {
  checkOwnership(file);
  const read = readRegularFile(file, MAX_TRUST_STORE_BYTES);
  if (!read.ok) {
    if (read.reason === "missing") return emptyStore();
    const why = read.reason === "unreadable" ? read.message : `it ${read.message}`;
    throw new TrustStoreError(
      file,
      `Cannot read the trust store \`${file}\`: ${why}. Remove it and trust your projects again (\`hookwire trust\`).`,
    );
  }
  const text = read.data.toString("utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new TrustStoreError(
      file,
      `The trust store \`${file}\` is not valid JSON (${errorMessage(error)}). Delete it and trust your projects again.`,
      error,
    );
  }
  const { projects, version } = (json as { projects?: unknown; version?: unknown } | null) ?? {};
  if (typeof projects !== "object" || projects === null || Array.isArray(projects)) {
    throw new TrustStoreError(
      file,
      `The trust store \`${file}\` must be {"version": 2, "projects": {…}}. Delete it and trust your projects again.`,
    );
  }
  const store = emptyStore();
  for (const [root, entry] of Object.entries(projects as Record<string, unknown>)) {
    if (version === 1) {
      const old = fromVersion1(entry);
      if (old) store.projects[root] = { [old.discovery]: old };
      continue;
    }
    if (typeof entry !== "object" || entry === null) continue;
    const records: Record<string, TrustRecord> = {};
    for (const [key, record] of Object.entries(entry)) if (isRecord(record)) records[key] = record;
    if (Object.keys(records).length > 0) store.projects[root] = records;
  }
  return store;
}

/** Written to a temporary file of its own and renamed, so a crash or a concurrent writer never leaves half a store. */
async function writeTrustStore(file: string, store: TrustStore): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(store, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** How long a lock may go without its holder refreshing it before another process takes it over. */
const LOCK_STALE_MS = 10_000;

/**
 * Read, change and write the store under a lock (`<store>.lock`, held across processes with
 * proper-lockfile), so concurrent `trustProject` calls, in one process or many, each keep their record.
 * `change` sees the store as it is on disk inside the lock and returns what to answer.
 */
export async function updateTrustStore<T>(file: string, change: (store: TrustStore) => T): Promise<T> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  checkOwnership(file);
  let release: () => Promise<void>;
  try {
    release = await properLockfile().lock(file, {
      realpath: false,
      stale: LOCK_STALE_MS,
      retries: { retries: 200, factor: 1.2, minTimeout: 5, maxTimeout: 100, randomize: true },
    });
  } catch (error) {
    throw new TrustStoreError(
      file,
      `Cannot lock the trust store \`${file}\`: ${errorMessage(error)}. If no other hookwire is running, remove \`${file}.lock\`.`,
      error,
    );
  }
  try {
    const store = await readTrustStore(file);
    const answer = change(store);
    await writeTrustStore(file, store);
    return answer;
  } finally {
    await release().catch(() => {});
  }
}
