// Host permission rules, parsed once by the shell-rules parser and matched per call.
import { claude, ruleTools } from "@hookwire/settings-hooks";
import { evaluateRules, type PermissionRule, parseRule, type RuleMatch } from "@hookwire/shell-rules";
import { InvalidPermissionRuleError } from "../errors.js";

export type RuleList = "allow" | "deny" | "ask";

/** The host's rules in rule syntax: `Bash`, `Bash(git push *)`, `Edit(*.ts)`, `Read(./secrets/**)`. */
export interface PermissionConfig {
  allow?: readonly string[];
  deny?: readonly string[];
  ask?: readonly string[];
}

export interface CompiledRule {
  /** The rule as the host wrote it; shown in prompts and errors. */
  text: string;
  rule: PermissionRule;
}

export interface PermissionRules {
  allow: readonly CompiledRule[];
  deny: readonly CompiledRule[];
  ask: readonly CompiledRule[];
}

export interface RuleCall {
  toolName: string;
  input: Record<string, unknown>;
  cwd: string;
}

// Host tools are named as hookwire's (`bash`, `read`) and rules as Claude Code's (`Bash(…)`, `Read(…)`).
const TOOLS = ruleTools(claude.tools);

export const NO_RULES: PermissionRules = Object.freeze({ allow: [], deny: [], ask: [] });

function compileList(list: RuleList, texts: readonly string[] | undefined): CompiledRule[] {
  if (texts === undefined) return [];
  if (!Array.isArray(texts)) {
    throw new InvalidPermissionRuleError({
      list,
      index: 0,
      rule: texts,
      cause: new TypeError(`permissions.${list} must be an array of rule strings`),
    });
  }
  return texts.map((text, index) => {
    try {
      return { text, rule: parseRule(text) };
    } catch (cause) {
      throw new InvalidPermissionRuleError({ list, index, rule: text, cause });
    }
  });
}

/** Parse every rule up front so a typo fails when the host wraps its tools, not mid-session. */
export function compilePermissionRules(config: PermissionConfig | undefined): PermissionRules {
  if (!config) return NO_RULES;
  return {
    allow: compileList("allow", config.allow),
    deny: compileList("deny", config.deny),
    ask: compileList("ask", config.ask),
  };
}

export function hasRules(rules: PermissionRules): boolean {
  return rules.allow.length > 0 || rules.deny.length > 0 || rules.ask.length > 0;
}

export interface RuleHit {
  /** The rules that decided: one, or (allow list) one per part of a command line that no single rule covers. */
  compiled: readonly CompiledRule[];
  /** `match`, or (deny and ask lists only) `may-match`: what no static check can rule out. */
  match: RuleMatch;
}

/**
 * The first rule of the list that matches, else the first that may match. Deny and ask rules match when any part
 * of the call matches (one denied sub-command is enough); an allow list approves a command line only when each of
 * its commands is covered by one of its rules, so `Bash(cd *)` + `Bash(ls *)` allow `cd .. && ls` and
 * `Bash(git status)` cannot allow `git status && rm -rf ~` (shell-rules' `evaluateRules`).
 */
export function findMatchingRule(
  rules: readonly CompiledRule[],
  list: RuleList,
  call: RuleCall,
): RuleHit | undefined {
  const match = evaluateRules(
    rules.map((compiled) => compiled.rule),
    call,
    { mode: "permission", list, tools: TOOLS },
  );
  if (match.outcome === "no-match") return undefined;
  return { compiled: match.rules.map((index) => rules[index]!), match };
}
