// The wrapper's options with their defaults, resolved (and rules parsed) in one place.
import { HookwireError } from "@hookwire/core";
import type { PermissionMode } from "./permissions/resolve.js";
import {
  compilePermissionRules,
  hasRules,
  type PermissionConfig,
  type PermissionRules,
} from "./permissions/rules.js";

export interface HookToolWrapperOptions {
  /** Host permission rules in rule syntax. Default: none. */
  permissions?: PermissionConfig;
  /** What a call no hook or rule spoke about gets. Default: `"allow"`. */
  defaultMode?: PermissionMode;
  /** The folder relative rule paths (`Read(./secrets/**)`) resolve against. Default: the runner's cwd. */
  cwd?: string;
}

export interface ResolvedWrapperOptions {
  rules: PermissionRules;
  defaultMode: PermissionMode;
  cwd: string | undefined;
  /** False when no rule and no default can change a call's fate: the permission step is skipped. */
  enforcesPermissions: boolean;
}

export function resolveWrapperOptions(options: HookToolWrapperOptions | undefined): ResolvedWrapperOptions {
  const defaultMode = options?.defaultMode ?? "allow";
  if (defaultMode !== "allow" && defaultMode !== "ask") {
    throw new HookwireError(
      "TOOL_WRAPPER_INVALID_OPTIONS",
      `Invalid defaultMode ${JSON.stringify(defaultMode)}: expected "allow" or "ask".`,
    );
  }
  const rules = compilePermissionRules(options?.permissions);
  return {
    rules,
    defaultMode,
    cwd: options?.cwd,
    enforcesPermissions: hasRules(rules) || defaultMode === "ask",
  };
}
