// The settings handlers installed policies run here, each with its policy's name: the one source `list` and `explain`
// show them from, marked `[policy <name>, <agent>]`.
import type { DiscoverAndLoadResult } from "@hookwire/loader";
import type { SettingsHandler } from "@hookwire/settings-hooks";

export interface PolicyHandler {
  policy: string;
  handler: SettingsHandler;
}

/** An intact policy's handlers, in the order they run (first, before the project's); a broken policy's run nowhere. */
export function policyHandlers(result: DiscoverAndLoadResult): PolicyHandler[] {
  return result.policies.flatMap((policy) =>
    policy.intact && policy.loaded
      ? policy.loaded.settings.handlers.map((handler) => ({ policy: policy.name, handler }))
      : [],
  );
}

/** Where a handler comes from, as both commands print it: `[policy team, Claude Code]`, `[project, Codex]`. */
export const originMark = (from: string, dialectLabel: string): string => `[${from}, ${dialectLabel}]`;
