// The trust store's records of a project: whether one trusts it as it is, what changed since, writing and forgetting.
import { existsSync } from "node:fs";
import path from "node:path";
import { recordHolds, type TrustEntry, trustingRecord } from "./decide.js";
import { itemText, pruneSnapshots, readSnapshot, snapshotDir, writeSnapshots } from "./snapshots.js";
import {
  MAX_RECORDS_PER_PROJECT,
  readTrustStore,
  type TrustRecord,
  updateTrustStore,
} from "./store/trust-store.js";

/** One item that differs from what was trusted, with the text on each side when both can be shown. */
export interface TrustChange {
  /** `<kind> <path relative to the root>`. */
  item: string;
  change: "added" | "removed" | "edited";
  /** The trusted text (`""` for an added file) and the current text (`""` for a removed one), or why there is no diff. */
  diff: { before: string; after: string } | { why: string };
}

/** A fingerprinted item as the store records it: its label and digest, its file, and what its reader made of it. */
export type TrustedEntry = TrustEntry & { file: string; view?: string };

/** What the store says of a project as it is now (`entries`, from `fingerprintProject`). */
export interface RecordedTrust {
  /** A record trusts every current item as it is (a project without items is trusted). */
  trusted: boolean;
  /** This discovery's record, else the record that trusts the project, else the newest, if any. */
  recorded?: TrustRecord;
  /** What differs from `recorded`: added, removed and edited items (empty when nothing was recorded). */
  changes: TrustChange[];
}

/** The store's records of `root` against the current entries, for the discovery keyed `discovery`. */
export async function recordedTrust(
  store: string,
  root: string,
  discovery: string,
  entries: readonly TrustedEntry[],
  /** The folder the entries' labels are relative to (the project's cwd). */
  from: string,
): Promise<RecordedTrust> {
  const records = (await readTrustStore(store)).projects[root];
  const trusting = trustingRecord(records, entries, discovery);
  const recorded =
    records?.[discovery] ??
    trusting ??
    Object.values(records ?? {}).sort((a, b) => (a.trustedAt < b.trustedAt ? 1 : -1))[0];
  return {
    trusted: entries.length === 0 || trusting !== undefined,
    ...(recorded ? { recorded } : {}),
    changes: changesSince(recorded, entries, snapshotDir(store), from),
  };
}

/** The changes from `record` to the current entries, each with both texts when a copy was kept and both are text. */
function changesSince(
  record: TrustRecord | undefined,
  entries: readonly TrustedEntry[],
  snapshots: string,
  root: string,
): TrustChange[] {
  if (!record) return [];
  const changes: TrustChange[] = [];
  const now = new Map(entries.map((entry) => [entry.label, entry]));
  const before = (label: string) => {
    const name = record.texts?.[label];
    return name === undefined ? undefined : readSnapshot(snapshots, name);
  };
  for (const entry of entries) {
    const old = record.files[entry.label];
    if (recordHolds(record, entry)) continue;
    const current = itemText(entry);
    // A record from before settings items were read by their hook parts kept the whole file: no like-for-like diff.
    const whole = old !== undefined && entry.view !== undefined && record.settings === undefined;
    const was = old === undefined ? "" : whole ? undefined : before(entry.label);
    const diff =
      "why" in current
        ? { why: `it is ${current.why}` }
        : whole
          ? {
              why: "it was trusted by an earlier hookwire, which covered the whole file; trusting it again covers only its hook settings",
            }
          : was === undefined
            ? { why: "no copy of the trusted version was kept" }
            : { before: was, after: current.text };
    changes.push({ item: entry.label, change: old === undefined ? "added" : "edited", diff });
  }
  for (const label of Object.keys(record.files)) {
    if (now.has(label)) continue;
    // An earlier record covered a settings file that now says nothing trust covers (permission rules alone).
    if (
      record.settings === undefined &&
      label.startsWith("settings ") &&
      existsSync(path.join(root, label.slice(9)))
    )
      continue;
    const was = before(label);
    changes.push({
      item: label,
      change: "removed",
      diff:
        was === undefined ? { why: "no copy of the trusted version was kept" } : { before: was, after: "" },
    });
  }
  return changes.sort((a, b) => (a.item < b.item ? -1 : a.item > b.item ? 1 : 0));
}

/**
 * Records the entries as trusted for `discovery` (a copy of each text file is kept beside the store, so the next
 * `hookwire trust` can show what changed), keeping the newest MAX_RECORDS_PER_PROJECT records of the root.
 */
export async function recordTrust(
  store: string,
  root: string,
  discovery: string,
  fingerprint: string,
  entries: readonly TrustedEntry[],
): Promise<TrustRecord> {
  const snapshots = snapshotDir(store);
  const recorded: TrustRecord = {
    fingerprint,
    trustedAt: new Date().toISOString(),
    discovery,
    files: Object.fromEntries(entries.map((entry) => [entry.label, entry.digest])),
    texts: writeSnapshots(snapshots, entries),
    settings: "hook-parts",
  };
  await updateTrustStore(store, (current) => {
    const records = { ...current.projects[root], [discovery]: recorded };
    // The newest records of the root, at most MAX_RECORDS_PER_PROJECT.
    const kept = Object.entries(records)
      .sort(([, a], [, b]) => (a.trustedAt < b.trustedAt ? 1 : -1))
      .slice(0, MAX_RECORDS_PER_PROJECT);
    current.projects[root] = Object.fromEntries(kept);
    pruneSnapshots(snapshots, referencedDigests(current.projects));
  });
  return recorded;
}

function referencedDigests(projects: Record<string, Record<string, TrustRecord>>): Set<string> {
  const digests = new Set<string>();
  for (const records of Object.values(projects))
    for (const record of Object.values(records))
      for (const name of Object.values(record.texts ?? {})) digests.add(name);
  return digests;
}

/** Forgets `root` (every discovery of it) and the copies only it kept; returns whether it was in the store. */
export async function forgetTrust(store: string, root: string): Promise<boolean> {
  if (!(root in (await readTrustStore(store)).projects)) return false;
  return updateTrustStore(store, (current) => {
    const had = root in current.projects;
    delete current.projects[root];
    pruneSnapshots(snapshotDir(store), referencedDigests(current.projects));
    return had;
  });
}
