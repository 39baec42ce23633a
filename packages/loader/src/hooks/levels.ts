// The folders a provider scans: the project's, then the user's (project first, so it shadows).
import path from "node:path";
import type { CapabilityContext } from "../capability/types.js";
import type { HookLevel } from "./hook-item.js";

/** `[project, user]` roots; run from the home folder, the one folder counts as user level only. */
export function levelRoots(ctx: CapabilityContext): Array<{ root: string; level: HookLevel }> {
  const project = path.resolve(ctx.cwd);
  const user = path.resolve(ctx.home);
  return project === user
    ? [{ root: user, level: "user" }]
    : [
        { root: project, level: "project" },
        { root: user, level: "user" },
      ];
}
