// resolvePermission: one call's verdict from the hooks' outcome and the host's rules (allow is not bypass).
import type { ToolCallOutcome } from "@hookwire/core";
import { DEFAULT_BLOCK_REASON } from "../errors.js";
import { findMatchingRule, type PermissionRules, type RuleHit, type RuleList } from "./rules.js";

export type PermissionMode = "allow" | "ask";

export type PermissionSource =
  | { kind: "hook"; hookPath: string }
  /** `rule`: the rule's text; for an allow composed of several rules, their texts joined by ` + `. */
  | { kind: "rule"; list: RuleList; rule: string }
  | { kind: "default"; mode: PermissionMode };

export interface PermissionResolution {
  decision: "allow" | "deny" | "ask" | "defer";
  /** Why, in words a user can read; for a hook-supplied reason, that reason. */
  reason: string;
  source: PermissionSource;
}

export interface ResolvePermissionInput {
  outcome: Pick<ToolCallOutcome, "block" | "reason" | "blockedBy" | "permission">;
  rules: PermissionRules;
  toolName: string;
  /** The input the tool would run with, i.e. after every hook rewrite. */
  input: Record<string, unknown>;
  cwd: string;
  defaultMode: PermissionMode;
}

function ruleVerdict(
  decision: "deny" | "ask" | "allow",
  list: RuleList,
  hit: RuleHit,
  hookNote: string,
): PermissionResolution {
  // A composed allow names each rule it used: `Bash(cd *) + Bash(ls *)`.
  const rule = hit.compiled.map((compiled) => compiled.text).join(" + ");
  if (hit.match.outcome === "may-match") {
    // A deny rule that cannot be ruled out asks instead: with no UI that is a denial, with the reason shown.
    const verb = list === "deny" ? "May be denied" : "Confirmation required";
    return {
      decision: "ask",
      reason: `${verb} by permission rule \`${rule}\`: ${hit.match.reason ?? "it cannot be checked statically"}${hookNote}`,
      source: { kind: "rule", list, rule },
    };
  }
  const verb = decision === "deny" ? "Denied" : decision === "ask" ? "Confirmation required" : "Allowed";
  const named = hit.compiled.map((compiled) => `\`${compiled.text}\``).join(", ");
  return {
    decision,
    reason: `${verb} by permission rule${hit.compiled.length > 1 ? "s" : ""} ${named}${hookNote}`,
    source: { kind: "rule", list, rule },
  };
}

/**
 * Order, strongest first: a hook block/deny; a deny rule; a hook defer; a hook ask; a deny rule that may
 * match (→ ask); an ask rule; a hook allow; an allow rule; the default mode. Rules are consulted even when a hook allowed, so
 * a hook can never grant what a rule forbids or wants confirmed.
 */
export function resolvePermission(args: ResolvePermissionInput): PermissionResolution {
  const { outcome, rules, defaultMode } = args;
  if (outcome.block) {
    return {
      decision: "deny",
      reason: outcome.reason ?? DEFAULT_BLOCK_REASON,
      source: { kind: "hook", hookPath: outcome.blockedBy ?? "(unknown hook)" },
    };
  }
  const hook = outcome.permission;
  const call = { toolName: args.toolName, input: args.input, cwd: args.cwd };
  const overrides = hook?.decision === "allow" ? ` (overrides the allow from hook \`${hook.hookPath}\`)` : "";

  const deny = findMatchingRule(rules.deny, "deny", call);
  if (deny?.match.outcome === "match") return ruleVerdict("deny", "deny", deny, overrides);

  if (hook && hook.decision !== "allow") {
    const fallback =
      hook.decision === "defer" ? "Deferred to the host by a hook" : "A hook asked for confirmation";
    return {
      decision: hook.decision,
      reason: hook.reason ?? fallback,
      source: { kind: "hook", hookPath: hook.hookPath },
    };
  }

  if (deny) return ruleVerdict("ask", "deny", deny, overrides);
  const ask = findMatchingRule(rules.ask, "ask", call);
  if (ask) return ruleVerdict("ask", "ask", ask, overrides);

  if (hook) {
    return {
      decision: "allow",
      reason: hook.reason ?? "Allowed by a hook",
      source: { kind: "hook", hookPath: hook.hookPath },
    };
  }

  const allow = findMatchingRule(rules.allow, "allow", call);
  if (allow) return ruleVerdict("allow", "allow", allow, "");

  return {
    decision: defaultMode,
    reason:
      defaultMode === "ask" ? "Confirmation required by the default mode" : "Allowed by the default mode",
    source: { kind: "default", mode: defaultMode },
  };
}
