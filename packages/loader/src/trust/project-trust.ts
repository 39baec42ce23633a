// trustProject / revokeProject / projectTrustStatus: the trust store operations behind `hookwire trust`.
import { existsSync } from "node:fs";
import path from "node:path";
import { displayPath } from "@hookwire/core/internal";
import { collectProject, type HookSwitch, type UnfingerprintedCommand } from "../discover/collect.js";
import { type HookPair, hookPairs } from "../discover/discover-and-load.js";
import { type DiscoverOptions, resolveDiscoverOptions } from "../discover/options.js";
import { recordHolds, type TrustEntry, trustingRecord } from "./decide.js";
import { fingerprintProject } from "./fingerprint.js";
import { projectRoot } from "./project-root.js";
import { itemText, pruneSnapshots, readSnapshot, snapshotDir, writeSnapshots } from "./snapshots.js";
import { MAX_RECORDS_PER_PROJECT, readTrustStore, type TrustRecord, updateTrustStore } from "./store.js";

/** One item that differs from what was trusted, with the text on each side when both can be shown. */
export interface TrustChange {
  /** `<kind> <path relative to the root>`. */
  item: string;
  change: "added" | "removed" | "edited";
  /** The trusted text (`""` for an added file) and the current text (`""` for a removed one), or why there is no diff. */
  diff: { before: string; after: string } | { why: string };
}

export interface ProjectTrustStatus {
  root: string;
  /** A record of the store trusts every current item as it is (a project without items is trusted). */
  trusted: boolean;
  fingerprint: string;
  /** This discovery's record, else the record that trusts the project, if any. */
  recorded?: TrustRecord;
  /** `<kind> <relative path>` of every project item the fingerprint covers. */
  items: string[];
  /** What differs from `recorded`: added, removed and edited items (empty when nothing was recorded). */
  changes: TrustChange[];
  /** The store file consulted. */
  store: string;
  /** The trust store's key for what was discovered (formats, levels, app folders). */
  discovery: string;
  /** The command text that trusts the project as it is now (the host's `trustCommand`). */
  trustCommand: string;
  /** Project items that run beside (after) a user item of the same key. */
  pairs: HookPair[];
  /** Project commands that run code the fingerprint cannot cover. */
  unfingerprinted: UnfingerprintedCommand[];
  /** Switches in the project's settings files that turn (its own) hooks off. */
  switches: HookSwitch[];
  /** Files left out of the fingerprint because reading them is unsafe, naming the path. */
  warnings: Array<{ file: string; message: string }>;
}

/** The changes from `record` to the current entries, each with both texts when a copy was kept and both are text. */
function changesSince(
  record: TrustRecord | undefined,
  entries: ReadonlyArray<Entry>,
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

/** The project's trust: what it would grant, what the store records, what changed since. */
export async function projectTrustStatus(
  cwd: string,
  options: DiscoverOptions = {},
): Promise<ProjectTrustStatus> {
  const { entries: _entries, ...status } = await statusWithEntries(cwd, options);
  return status;
}

type Entry = TrustEntry & { file: string; view?: string };

async function statusWithEntries(
  cwd: string,
  options: DiscoverOptions,
): Promise<ProjectTrustStatus & { entries: Entry[] }> {
  const resolved = resolveDiscoverOptions(cwd, options);
  const project = await collectProject(resolved);
  const { fingerprint, items, entries } = await fingerprintProject(resolved.cwd, project.trustItems);
  const records = (await readTrustStore(resolved.trustStore)).projects[project.root];
  const trusting = trustingRecord(records, entries, resolved.discovery);
  const recorded =
    records?.[resolved.discovery] ??
    trusting ??
    Object.values(records ?? {}).sort((a, b) => (a.trustedAt < b.trustedAt ? 1 : -1))[0];
  return {
    root: project.root,
    trusted: items.length === 0 || trusting !== undefined,
    fingerprint,
    ...(recorded ? { recorded } : {}),
    items,
    changes: changesSince(recorded, entries, snapshotDir(resolved.trustStore), resolved.cwd),
    store: resolved.trustStore,
    discovery: resolved.discovery,
    trustCommand: resolved.trustCommandFor(project.root),
    pairs: hookPairs(project.discovery.all, (file) => displayPath(file, resolved.cwd, resolved.home)),
    unfingerprinted: project.unfingerprinted,
    switches: project.switches,
    warnings: project.warnings,
    entries,
  };
}

/**
 * Record the project's items as they are now as trusted, for this discovery (a copy of each text file is kept
 * beside the store, so the next `hookwire trust` can show what changed); returns the status after writing.
 * `expect.fingerprint`: trust only what was shown — when the project no longer has that fingerprint (a file changed
 * while someone reviewed it), nothing is written and the status comes back with `trusted: false`.
 */
export async function trustProject(
  cwd: string,
  options: DiscoverOptions = {},
  expect: { fingerprint?: string } = {},
): Promise<ProjectTrustStatus> {
  const { entries, ...status } = await statusWithEntries(cwd, options);
  if (expect.fingerprint !== undefined && expect.fingerprint !== status.fingerprint)
    return { ...status, trusted: false };
  const snapshots = snapshotDir(status.store);
  const recorded: TrustRecord = {
    fingerprint: status.fingerprint,
    trustedAt: new Date().toISOString(),
    discovery: status.discovery,
    files: Object.fromEntries(entries.map((entry) => [entry.label, entry.digest])),
    texts: writeSnapshots(snapshots, entries),
    settings: "hook-parts",
  };
  await updateTrustStore(status.store, (store) => {
    const records = { ...store.projects[status.root], [status.discovery]: recorded };
    // The newest records of the root, at most MAX_RECORDS_PER_PROJECT.
    const kept = Object.entries(records)
      .sort(([, a], [, b]) => (a.trustedAt < b.trustedAt ? 1 : -1))
      .slice(0, MAX_RECORDS_PER_PROJECT);
    store.projects[status.root] = Object.fromEntries(kept);
    pruneSnapshots(snapshots, referencedDigests(store.projects));
  });
  return { ...status, trusted: true, recorded, changes: [] };
}

function referencedDigests(projects: Record<string, Record<string, TrustRecord>>): Set<string> {
  const digests = new Set<string>();
  for (const records of Object.values(projects))
    for (const record of Object.values(records))
      for (const name of Object.values(record.texts ?? {})) digests.add(name);
  return digests;
}

/** Forget the project (every discovery of it); returns whether it was in the store. */
export async function revokeProject(cwd: string, options: DiscoverOptions = {}): Promise<boolean> {
  const resolved = resolveDiscoverOptions(cwd, options);
  const root = projectRoot(resolved.cwd);
  if (!(root in (await readTrustStore(resolved.trustStore)).projects)) return false;
  return updateTrustStore(resolved.trustStore, (store) => {
    const had = root in store.projects;
    delete store.projects[root];
    pruneSnapshots(snapshotDir(resolved.trustStore), referencedDigests(store.projects));
    return had;
  });
}
