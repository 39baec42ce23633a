// The hooks installed policies run here, each with its policy's name: the one source `list` and `explain` show them
// from, marked `[policy <name>, <agent or kind>]`.
import type { LoadedHook } from "@hookwire/core";
import type { DiscoverAndLoadResult } from "@hookwire/loader";
import type { SettingsHandler } from "@hookwire/settings-hooks";

export interface PolicyHandler {
  policy: string;
  handler: SettingsHandler;
}

/** The intact policies; a broken policy's hooks run nowhere (it refuses tool calls instead). */
const intact = (result: DiscoverAndLoadResult) =>
  result.policies.flatMap((policy) =>
    policy.intact && policy.loaded ? [{ name: policy.name, loaded: policy.loaded }] : [],
  );

/** An intact policy's settings handlers, in the order they run (first, before the project's). */
export function policyHandlers(result: DiscoverAndLoadResult): PolicyHandler[] {
  return intact(result).flatMap(({ name, loaded }) =>
    loaded.settings.handlers.map((handler) => ({ policy: name, handler })),
  );
}

/** Which policy each of `result.hooks` comes from (its modules and settings hooks), by the hook itself. */
export function policyOfHook(result: DiscoverAndLoadResult): Map<LoadedHook, string> {
  return new Map(
    intact(result).flatMap(({ name, loaded }) => loaded.hooks.map((hook) => [hook, name] as const)),
  );
}

/** A module's kind, provider and level, as both commands print it (`module, native:.hookwire, project`). */
export const moduleOrigin = (source: { kind: string; provider?: string; level?: string }): string =>
  [source.kind, source.provider, source.level].filter(Boolean).join(", ");

/** Where a hook comes from, as both commands print it: `[policy team, Claude Code]`, `[project, Codex]`. */
export const originMark = (from: string, what: string): string => `[${from}, ${what}]`;
