// The permission rules `hookwire tool` applies: the loaded settings files' `permissions`, then --allow/--deny/--ask.
import { isProjectSource } from "@hookwire/settings-hooks";
import { compilePermissionRules, type PermissionConfig } from "@hookwire/tool-wrapper";
import { CliUsageError } from "./errors.js";
import type { Project } from "./project.js";
import { shortPath } from "./project.js";
import { listArg } from "./shared-args.js";

const LISTS = ["allow", "deny", "ask"] as const;

export const permissionArgs = {
  allow: {
    type: "string",
    description: "Also allow calls matching this rule, e.g. 'Bash(git status)' (repeatable)",
    valueHint: "RULE",
  },
  deny: {
    type: "string",
    description: "Also deny calls matching this rule, e.g. 'Bash(rm *)' (repeatable)",
    valueHint: "RULE",
  },
  ask: {
    type: "string",
    description: "Also ask before calls matching this rule (repeatable; see --answer)",
    valueHint: "RULE",
  },
} as const;

export interface RuleSource {
  /** A settings file as shown, or `--deny` for the command line. */
  from: string;
  permissions: PermissionConfig;
}

/** Checked source by source, so a bad rule names its file (or flag) and its JSON path. */
function checked(source: RuleSource, where: (list: string, index: number) => string): RuleSource {
  try {
    compilePermissionRules(source.permissions);
  } catch (error) {
    const e = error as { list?: string; index?: number; message: string; cause?: unknown };
    const why = e.cause instanceof Error ? e.cause.message : e.message;
    throw new CliUsageError(`${where(e.list ?? "", e.index ?? 0)}: ${why}`);
  }
  return source;
}

/**
 * As Claude Code merges them: every loaded settings file's lists (user, project, local; an untrusted project's
 * files do not count), then the command line's. Precedence is by list (deny > ask > allow), not by file.
 */
export function toolRules(
  project: Project,
  rawArgs: readonly string[],
): { config: PermissionConfig; sources: RuleSource[] } {
  const sources: RuleSource[] = [];
  for (const file of project.result.settings.files) {
    if (!file.exists || !file.permissions) continue;
    if (isProjectSource(file.source) && !project.result.trust.trusted) continue;
    const from = shortPath(file.source.file, project.cwd);
    sources.push(
      checked({ from, permissions: file.permissions }, (list, i) => `${from} → permissions.${list}[${i}]`),
    );
  }
  for (const list of LISTS) {
    const rules = listArg(rawArgs, list);
    if (rules.length === 0) continue;
    sources.push(
      checked(
        { from: `--${list}`, permissions: { [list]: rules } },
        (_l, i) => `--${list} ${JSON.stringify(rules[i])}`,
      ),
    );
  }
  const config: Required<PermissionConfig> = { allow: [], deny: [], ask: [] };
  for (const { permissions } of sources) {
    for (const list of LISTS) config[list] = [...config[list], ...(permissions[list] ?? [])];
  }
  return { config, sources };
}
