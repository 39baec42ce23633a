// The bridge inside one runner: the host's API, and what the bridge remembers per runner.
import type { HookAPI } from "@hookwire/core";
import type { BridgeContext } from "./context.js";
import { ToolMatches } from "./matching.js";

/** One instantiation of the bridge (one runner): the host's API, and what the bridge remembers per runner. */
export interface BridgeRuntime {
  bridge: BridgeContext;
  api: HookAPI;
  /** Reports the unusable handlers, on the first event only. */
  reportProblems(): void;
  tools: ToolMatches;
  /** Calls whose post-tool hooks ran: their result goes to the transcript at once, after them. */
  hookedResults: Set<string>;
}

/** The bridge inside one runner. */
export function bridgeRuntime(bridge: BridgeContext, api: HookAPI): BridgeRuntime {
  let reported = false;
  return {
    bridge,
    api,
    reportProblems() {
      if (reported) return;
      reported = true;
      for (const problem of bridge.problems) api.reportError(problem, problem.event);
    },
    tools: new ToolMatches(bridge),
    hookedResults: new Set(),
  };
}
