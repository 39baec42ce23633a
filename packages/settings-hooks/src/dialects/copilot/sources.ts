// Where GitHub Copilot CLI's hook files live: every *.json in ~/.copilot/hooks and the repository's .github/hooks.
import type { DialectId, SourceSpec } from "../../dialect-kit/types.js";

// `version` decides the dialect a file is read in (`fileDialect`): covered with the hooks.
const hookFile = {
  format: "json",
  hooksKey: "hooks",
  disableAllKey: "disableAllHooks",
  trustKeys: ["hooks", "disableAllHooks", "version"],
} as const;

/**
 * Copilot runs Claude-format files it finds there too (`{"hooks": {"PreToolUse": [{matcher, hooks}]}}`):
 * a file without `version` whose events are Claude Code's is read by the Claude dialect.
 */
function fileDialect(json: unknown): DialectId | undefined {
  if (typeof json !== "object" || json === null || "version" in json) return undefined;
  const hooks = (json as { hooks?: unknown }).hooks;
  if (typeof hooks !== "object" || hooks === null) return undefined;
  const names = Object.keys(hooks);
  return names.length > 0 && names.every((name) => /^[A-Z]/.test(name)) ? "claude" : undefined;
}

/** User files first (they run first in Copilot too), then the repository's, which need project trust. */
export const copilotSources: readonly SourceSpec[] = [
  {
    ...hookFile,
    scope: "user",
    root: "home",
    path: ".copilot/hooks/{name}.json",
    trust: false,
    otherKeys: ["version"],
    fileDialect,
  },
  {
    ...hookFile,
    scope: "project",
    root: "project",
    path: ".github/hooks/{name}.json",
    trust: true,
    otherKeys: ["version"],
    fileDialect,
  },
];
