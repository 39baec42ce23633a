// Reads and writes the trust store: per project root, the fingerprint the user trusted.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { errorMessage } from "@hookwire/core";
import { TrustStoreError } from "../errors.js";

export interface TrustRecord {
  fingerprint: string;
  /** ISO time it was trusted. */
  trustedAt: string;
  /** The project items the fingerprint covers, relative to the root, for `hookwire trust` listings. */
  items: string[];
}

export interface TrustStore {
  version: 1;
  projects: Record<string, TrustRecord>;
}

function emptyStore(): TrustStore {
  return { version: 1, projects: {} };
}

function isRecord(value: unknown): value is TrustRecord {
  const record = value as Partial<TrustRecord> | null;
  return typeof record?.fingerprint === "string" && Array.isArray(record.items);
}

/** A missing file is an empty store; anything else unreadable throws a TrustStoreError. */
export async function readTrustStore(file: string): Promise<TrustStore> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return emptyStore();
    throw new TrustStoreError(
      file,
      `Cannot read the trust store \`${file}\`: ${errorMessage(error)}.`,
      error,
    );
  }
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
  const projects = (json as Partial<TrustStore> | null)?.projects;
  if (typeof projects !== "object" || projects === null || Array.isArray(projects)) {
    throw new TrustStoreError(
      file,
      `The trust store \`${file}\` must be {"version": 1, "projects": {…}}. Delete it and trust your projects again.`,
    );
  }
  const store = emptyStore();
  for (const [root, record] of Object.entries(projects)) if (isRecord(record)) store.projects[root] = record;
  return store;
}

/** Written to a temporary file and renamed, so a crash never leaves half a store. */
export async function writeTrustStore(file: string, store: TrustStore): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(store, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}
