// Discovery and trust, imported on their first call: they need settings-hooks (its dialects, zod on a changed
// settings file, shell parsing), which `loadHooks` never does, so a host that only loads modules skips them.

import { errorMessage, HookwireError } from "@hookwire/core";
import type { DiscoverAndLoadResult } from "./discover-and-load.js";
import type { DiscoverOptions } from "./options.js";
import type { ProjectTrustStatus } from "./project-trust.js";

let discovery: Promise<typeof import("./discovery.js")> | undefined;

/**
 * The discovery chunk, imported once. A failed import is not kept (the next call tries again) and says what failed.
 * This module imports core for that error, which also keeps it out of reach of a loader that imports modules without
 * workspace imports natively (pi's extension loader, jiti): its `import()` would then resolve with the process's
 * conditions rather than the loader's.
 */
function load(): Promise<typeof import("./discovery.js")> {
  discovery ??= import("./discovery.js").catch((cause: unknown) => {
    discovery = undefined;
    throw new HookwireError(
      "DISCOVERY_UNAVAILABLE",
      `hookwire's discovery could not be imported: ${errorMessage(cause)}. Reinstall @hookwire/loader.`,
      { cause },
    );
  });
  return discovery;
}

/**
 * Discovers every hook the registry's providers find (native, Claude-style and Codex-style folders, settings
 * files) for `cwd`, decides the project's trust and loads what may run: the hook modules of `configuredPaths`
 * and of discovery, and the settings hooks, with what was skipped and why.
 */
export async function discoverAndLoadHooks(
  configuredPaths: readonly string[],
  cwd: string,
  options: DiscoverOptions = {},
): Promise<DiscoverAndLoadResult> {
  return (await load()).discoverAndLoadHooks(configuredPaths, cwd, options);
}

/** The project's trust: its current fingerprint, what the store records, and what the fingerprint covers. */
export async function projectTrustStatus(
  cwd: string,
  options: DiscoverOptions = {},
): Promise<ProjectTrustStatus> {
  return (await load()).projectTrustStatus(cwd, options);
}

/**
 * Record the project's items as they are now as trusted for this discovery; returns the status after writing.
 * With `expect.fingerprint`, only when the project still has the fingerprint that was shown (else nothing is
 * written and `trusted` is false).
 */
export async function trustProject(
  cwd: string,
  options: DiscoverOptions = {},
  expect: { fingerprint?: string } = {},
): Promise<ProjectTrustStatus> {
  return (await load()).trustProject(cwd, options, expect);
}

/** Forget the project; returns whether it was in the store. */
export async function revokeProject(cwd: string, options: DiscoverOptions = {}): Promise<boolean> {
  return (await load()).revokeProject(cwd, options);
}
