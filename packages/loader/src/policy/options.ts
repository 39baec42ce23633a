// How a policy folder is discovered: as a project is, every format at project level, its own trust store of pins.
import path from "node:path";
import { HOOK_FORMATS } from "../discover/formats.js";
import type { DiscoverOptions } from "../discover/options.js";

/** Every format hookwire reads, at project level only: a policy is laid out as a repository is. */
export const POLICY_FORMATS = HOOK_FORMATS.map((format) => `${format}:project` as const);

/**
 * The discovery of the policy at `dir`, on top of the host's options (its settings bridge, load timeout, caches):
 * every format at project level, every file run (no agent runs a policy's files itself), nothing turned off by
 * the user's or a project's switches, trust decided by `pins` (a trust store holding only policies; `false`: the
 * folder is trusted as it is, for a server that serves a policy its operator placed), and no policy within it.
 */
export function policyDiscoverOptions(
  dir: string,
  init: { pins: string | false; base?: DiscoverOptions; trustCommand?: string },
): DiscoverOptions {
  const { formats, registry, appDirs, settingsSources, runSettings, trustCommand, ...base } = init.base ?? {};
  const name = path.basename(dir);
  return {
    ...base,
    formats: POLICY_FORMATS,
    trust: init.pins === false ? "all" : "ask",
    ...(init.pins === false ? {} : { trustStore: init.pins }),
    hooksConfig: false,
    policies: false,
    hostProviders: false,
    trustCommand: init.trustCommand ?? `hookwire policy update ${name}`,
  };
}
