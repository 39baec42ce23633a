// Where Cursor's hooks.json files live: enterprise, user, project (which needs trust).
import type { SourceSpec } from "../../dialect-kit/types.js";

const hooksJson = {
  format: "json",
  hooksKey: "hooks",
  otherKeys: ["version"],
  trustKeys: ["hooks", "version"],
} as const;

/**
 * Cursor merges enterprise → project → user by priority; hookwire runs user-level files first (a project
 * never shadows the user), and every deny wins whatever its file, so the order changes no verdict.
 */
export const cursorSources: readonly SourceSpec[] = [
  { ...hooksJson, scope: "user", root: "system", path: "etc/cursor/hooks.json", trust: false },
  { ...hooksJson, scope: "user", root: "home", path: ".cursor/hooks.json", trust: false },
  { ...hooksJson, scope: "project", root: "project", path: ".cursor/hooks.json", trust: true },
];
