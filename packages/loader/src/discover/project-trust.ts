// trustProject / revokeProject / projectTrustStatus: the trust store operations behind `hookwire trust`, on what
// discovery finds (the records themselves are @hookwire/trust's).
import { displayPath } from "@hookwire/core/internal";
import {
  fingerprintProject,
  forgetTrust,
  projectRoot,
  recordedTrust,
  recordTrust,
  type TrustChange,
  type TrustedEntry,
  type UnfingerprintedCommand,
} from "@hookwire/trust";
import type { TrustRecord } from "@hookwire/trust/store";
import { collectProject, type HookSwitch } from "./collect.js";
import { type HookPair, hookPairs } from "./discover-and-load.js";
import { type DiscoverOptions, resolveDiscoverOptions } from "./options.js";

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

/** The project's trust: what it would grant, what the store records, what changed since. */
export async function projectTrustStatus(
  cwd: string,
  options: DiscoverOptions = {},
): Promise<ProjectTrustStatus> {
  const { entries: _entries, ...status } = await statusWithEntries(cwd, options);
  return status;
}

async function statusWithEntries(
  cwd: string,
  options: DiscoverOptions,
): Promise<ProjectTrustStatus & { entries: TrustedEntry[] }> {
  const resolved = resolveDiscoverOptions(cwd, options);
  const project = await collectProject(resolved);
  const { fingerprint, items, entries } = await fingerprintProject(resolved.cwd, project.trustItems);
  const store = await recordedTrust(
    resolved.trustStore,
    project.root,
    resolved.discovery,
    entries,
    resolved.cwd,
  );
  return {
    root: project.root,
    trusted: store.trusted,
    fingerprint,
    ...(store.recorded ? { recorded: store.recorded } : {}),
    items,
    changes: store.changes,
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
 * Record the project's items as they are now as trusted, for this discovery; returns the status after writing.
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
  const recorded = await recordTrust(
    status.store,
    status.root,
    status.discovery,
    status.fingerprint,
    entries,
  );
  return { ...status, trusted: true, recorded, changes: [] };
}

/** Forget the project (every discovery of it); returns whether it was in the store. */
export async function revokeProject(cwd: string, options: DiscoverOptions = {}): Promise<boolean> {
  const resolved = resolveDiscoverOptions(cwd, options);
  return forgetTrust(resolved.trustStore, projectRoot(resolved.cwd));
}
