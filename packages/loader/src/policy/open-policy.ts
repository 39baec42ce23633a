// A policy folder through discovery, trust and load, as a project is: what `hookwire policy` and a server use.
import type { DiscoverAndLoadResult } from "../discover/discover-and-load.js";
import {
  discoverAndLoadHooks,
  projectTrustStatus,
  revokeProject,
  trustProject,
} from "../discover/lazy-discovery.js";
import type { DiscoverOptions } from "../discover/options.js";
import type { ProjectTrustStatus } from "../discover/project-trust.js";
import { policyDiscoverOptions } from "./options.js";

export interface OpenPolicyOptions {
  /**
   * The store of pins the folder is held to (`policyPaths().pins`): its hooks load only while it matches its pin.
   * `false` (the default): the folder is trusted as it is — a server serving a policy its operator placed.
   */
  pins?: string | false;
  /** The host's discovery options (settings bridge, load timeout, caches); formats and trust are the policy's. */
  discover?: DiscoverOptions;
  /** The command shown to re-pin it (default `hookwire policy update <folder name>`). */
  trustCommand?: string;
}

function optionsOf(dir: string, options: OpenPolicyOptions): DiscoverOptions {
  return policyDiscoverOptions(dir, {
    pins: options.pins ?? false,
    ...(options.discover ? { base: options.discover } : {}),
    ...(options.trustCommand ? { trustCommand: options.trustCommand } : {}),
  });
}

/**
 * The hooks of the policy folder `dir`, found and loaded as a project's are (`.hookwire/hooks/`,
 * `.claude/settings.json`, every format hookwire reads, at project level): the one way a policy becomes hooks.
 */
export function openPolicy(dir: string, options: OpenPolicyOptions = {}): Promise<DiscoverAndLoadResult> {
  return discoverAndLoadHooks([], dir, optionsOf(dir, options));
}

/** What pinning `dir` would cover and what changed since its pin (the same status and diff `hookwire trust` shows). */
export function policyStatus(dir: string, pins: string): Promise<ProjectTrustStatus> {
  return projectTrustStatus(dir, optionsOf(dir, { pins }));
}

/** Pins `dir` as it is, only if it still has `fingerprint` (what was shown); `trusted: false` when it changed. */
export function pinPolicy(dir: string, pins: string, fingerprint: string): Promise<ProjectTrustStatus> {
  return trustProject(dir, optionsOf(dir, { pins }), { fingerprint });
}

/** Forgets the pin of `dir`. */
export function unpinPolicy(dir: string, pins: string): Promise<boolean> {
  return revokeProject(dir, optionsOf(dir, { pins }));
}
