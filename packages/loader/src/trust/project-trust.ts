// trustProject / revokeProject / projectTrustStatus: the trust store operations behind `hookwire trust`.
import { displayPath } from "@hookwire/core";
import { collectProject, type UnfingerprintedCommand } from "../discover/collect.js";
import { type HookPair, hookPairs } from "../discover/discover-and-load.js";
import { type DiscoverOptions, resolveDiscoverOptions } from "../discover/options.js";
import { fingerprintProject } from "./fingerprint.js";
import { projectRoot } from "./project-root.js";
import { readTrustStore, type TrustRecord, updateTrustStore } from "./store.js";

export interface ProjectTrustStatus {
  root: string;
  /** The store holds the current fingerprint (a project without items is trusted). */
  trusted: boolean;
  fingerprint: string;
  /** What the store holds for the project, if anything. */
  recorded?: TrustRecord;
  /** `<kind> <relative path>` of every project item the fingerprint covers. */
  items: string[];
  /** The store file consulted. */
  store: string;
  /** Project items that run beside (after) a user item of the same key. */
  pairs: HookPair[];
  /** Project commands that run code the fingerprint cannot cover. */
  unfingerprinted: UnfingerprintedCommand[];
  /** Files left out of the fingerprint because reading them is unsafe, naming the path. */
  warnings: Array<{ file: string; message: string }>;
}

export async function projectTrustStatus(
  cwd: string,
  options: DiscoverOptions = {},
): Promise<ProjectTrustStatus> {
  const resolved = resolveDiscoverOptions(cwd, options);
  const project = await collectProject(resolved);
  const { fingerprint, items } = await fingerprintProject(resolved.cwd, project.trustItems);
  const recorded = (await readTrustStore(resolved.trustStore)).projects[project.root];
  return {
    root: project.root,
    trusted: items.length === 0 || recorded?.fingerprint === fingerprint,
    fingerprint,
    ...(recorded ? { recorded } : {}),
    items,
    store: resolved.trustStore,
    pairs: hookPairs(project.discovery.all, (file) => displayPath(file, resolved.cwd, resolved.home)),
    unfingerprinted: project.unfingerprinted,
    warnings: project.warnings,
  };
}

/** Record the project's current fingerprint as trusted; returns the status after writing. */
export async function trustProject(cwd: string, options: DiscoverOptions = {}): Promise<ProjectTrustStatus> {
  const status = await projectTrustStatus(cwd, options);
  const recorded: TrustRecord = {
    fingerprint: status.fingerprint,
    trustedAt: new Date().toISOString(),
    items: status.items,
  };
  await updateTrustStore(status.store, (store) => {
    store.projects[status.root] = recorded;
  });
  return { ...status, trusted: true, recorded };
}

/** Forget the project; returns whether it was in the store. */
export async function revokeProject(cwd: string, options: DiscoverOptions = {}): Promise<boolean> {
  const resolved = resolveDiscoverOptions(cwd, options);
  const root = projectRoot(resolved.cwd);
  if (!(root in (await readTrustStore(resolved.trustStore)).projects)) return false;
  return updateTrustStore(resolved.trustStore, (store) => {
    const had = root in store.projects;
    delete store.projects[root];
    return had;
  });
}
