// resources_discover: every handler's skill, prompt and theme paths are collected with the hook that named them.
import type { ResourcesDiscoverEvent, ResourcesDiscoverOutcome, ResourcesDiscoverResult } from "../events.js";
import type { Policy } from "./policy.js";

interface State {
  event: ResourcesDiscoverEvent;
  outcome: ResourcesDiscoverOutcome;
}

const KINDS = ["skillPaths", "promptPaths", "themePaths"] as const;

export const resourcesDiscoverPolicy: Policy<
  State,
  ResourcesDiscoverEvent,
  ResourcesDiscoverResult,
  ResourcesDiscoverOutcome
> = {
  propagateErrors: false,
  expectsResult: true,
  start: (event) => ({ event, outcome: { skillPaths: [], promptPaths: [], themePaths: [] } }),
  fold(state, result, hookPath) {
    for (const kind of KINDS) {
      const paths = result[kind];
      if (!Array.isArray(paths)) continue;
      for (const path of paths) if (typeof path === "string") state.outcome[kind].push({ path, hookPath });
    }
    return false;
  },
  finish: (state) => state.outcome,
  copy: ({ event, outcome }) => ({
    event,
    outcome: {
      skillPaths: [...outcome.skillPaths],
      promptPaths: [...outcome.promptPaths],
      themePaths: [...outcome.themePaths],
    },
  }),
  asResult: (outcome) => ({
    skillPaths: outcome.skillPaths.map((entry) => entry.path),
    promptPaths: outcome.promptPaths.map((entry) => entry.path),
    themePaths: outcome.themePaths.map((entry) => entry.path),
  }),
};
