// The policy layer of discovery: each installed policy loaded from its own folder, held to its pin, run first.
import { realpathSync } from "node:fs";
import { errorMessage } from "@hookwire/core";
import { readTrustStore, type TrustRecord } from "@hookwire/trust/store";
import type { DiscoverOptions, ResolvedDiscoverOptions } from "../discover/options.js";
import { policyDiscoverOptions } from "./options.js";
import { type PolicyPaths, policyDir, policyPaths } from "./paths.js";
import { type PolicySource, readPolicySources } from "./sources.js";

/** What the layer reads of a policy's load (discovery's result; named so the two files do not import each other). */
interface PolicyLoad {
  trust: { fingerprint: string; trusted: boolean };
}

/** One installed policy as this discovery found it. */
export interface PolicyState<R extends PolicyLoad = PolicyLoad> {
  name: string;
  /** Its folder. */
  dir: string;
  source?: PolicySource;
  /** The fingerprint it is pinned to, if any. */
  pin?: string;
  /** The folder's fingerprint now. */
  fingerprint?: string;
  /** Its hooks run: the folder is what was pinned. Otherwise tool calls are refused (`problem` says why). */
  intact: boolean;
  problem?: string;
  /** Its discovery and load (absent when the folder could not be read). */
  loaded?: R;
}

type Load<R> = (paths: readonly string[], cwd: string, options: DiscoverOptions) => Promise<R>;

/** The pin of the policy at `dir` in `pins`: its newest record (only `hookwire policy` writes that store). */
export async function pinRecord(pins: string, dir: string): Promise<TrustRecord | undefined> {
  let root: string;
  try {
    root = realpathSync(dir);
  } catch {
    return undefined;
  }
  const records = Object.values((await readTrustStore(pins)).projects[root] ?? {});
  return records.sort((a, b) => (a.trustedAt < b.trustedAt ? 1 : -1))[0];
}

async function loadOne<R extends PolicyLoad>(
  name: string,
  source: PolicySource | undefined,
  paths: PolicyPaths,
  base: DiscoverOptions,
  load: Load<R>,
): Promise<PolicyState<R>> {
  const dir = policyDir(paths, name);
  const state: PolicyState<R> = { name, dir, ...(source ? { source } : {}), intact: false };
  try {
    const pin = (await pinRecord(paths.pins, dir))?.fingerprint;
    if (pin === undefined) {
      state.problem = "it has no pin (its folder is missing, or it was never pinned)";
      return state;
    }
    state.pin = pin;
    const loaded = await load([], dir, policyDiscoverOptions(dir, { pins: paths.pins, base }));
    state.loaded = loaded;
    state.fingerprint = loaded.trust.fingerprint;
    if (loaded.trust.fingerprint !== pin || !loaded.trust.trusted) {
      state.problem = "its files changed on disk since it was pinned";
      return state;
    }
    state.intact = true;
  } catch (error) {
    state.problem = `it could not be read (${errorMessage(error)})`;
  }
  return state;
}

/**
 * Every installed policy, loaded in name order through `load` (discovery's own `discoverAndLoadHooks`, passed in
 * so the two files do not import each other). A list that cannot be read is one broken policy: tool calls are
 * refused rather than run without the team's hooks.
 */
export async function loadPolicies<R extends PolicyLoad>(
  resolved: ResolvedDiscoverOptions,
  load: Load<R>,
): Promise<PolicyState<R>[]> {
  const paths = policyPaths({ home: resolved.home, ...(resolved.env ? { env: resolved.env } : {}) });
  let sources: Record<string, PolicySource>;
  try {
    sources = readPolicySources(paths);
  } catch (error) {
    return [{ name: "(policy list)", dir: paths.root, intact: false, problem: errorMessage(error) }];
  }
  const names = Object.keys(sources).sort();
  const base: DiscoverOptions = {
    ...(resolved.settings ? { settings: resolved.settings } : {}),
    ...(resolved.loadTimeout !== undefined ? { loadTimeout: resolved.loadTimeout } : {}),
    ...(resolved.env ? { env: resolved.env } : {}),
    home: resolved.home,
    // Named from the project that runs them: a policy's `.hookwire/hooks/x.ts` is not the project's.
    showFrom: resolved.showFrom ?? resolved.cwd,
  };
  return Promise.all(names.map((name) => loadOne(name, sources[name], paths, base, load)));
}
