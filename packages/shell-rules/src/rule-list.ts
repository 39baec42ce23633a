// A whole rule list against one call: deny / ask / `if` take the first rule that matches; allow composes its rules.
import {
  analyse,
  coversCommand,
  evaluateRule,
  type MatchOptions,
  quote,
  type RuleMatch,
  refusedForAllow,
  type ToolCall,
  toolNameMatches,
} from "./match.js";
import type { PermissionRule } from "./parse.js";

/** What a list decides, and by which of its rules (indices into the list, in the order they were used). */
export interface RuleListMatch extends RuleMatch {
  /**
   * `match`: the rules that decided (one for deny, ask and `if`; for allow, one rule per part of the command line
   * it covers, each listed once). `may-match`: the first rule that may match. `no-match`: none.
   */
  rules: readonly number[];
}

/**
 * Evaluates a list of rules against one call. Deny, ask and `if` lists: the first rule that matches, else the
 * first that may match. An allow list approves a Bash command line when **every command typed in it** (each
 * simple command of its lists and pipelines, each substitution's commands; a wrapper's text covers what it runs
 * as argv) is covered by *some* allow rule, nothing in it is unknown, and every string bash evaluates in it is
 * data: `Bash(cd *)` and `Bash(ls *)` approve `cd .. && ls`, and never `ls && rm x` nor `ls $(rm x)`. A rule with no
 * pattern (`Bash`) approves every call of its tool; other tools take the first rule that matches.
 */
export function evaluateRules(
  rules: readonly PermissionRule[],
  call: ToolCall,
  options: MatchOptions,
): RuleListMatch {
  if (options.mode === "permission" && options.list === "allow") {
    const composed = composeAllow(rules, call, options);
    if (composed) return composed;
  }
  let possible: RuleListMatch | undefined;
  for (const [index, rule] of rules.entries()) {
    const match = evaluateRule(rule, call, options);
    if (match.outcome === "match") return { ...match, rules: [index] };
    if (match.outcome === "may-match") possible ??= { ...match, rules: [index] };
  }
  return possible ?? { outcome: "no-match", rules: [] };
}

/** The allow list's verdict on a Bash call, or `undefined` when the call is not one (its rules match one by one). */
function composeAllow(
  rules: readonly PermissionRule[],
  call: ToolCall,
  options: MatchOptions,
): RuleListMatch | undefined {
  const { tools } = options;
  const { name, input, spec } = tools.call(call.toolName, call.input);
  if (spec?.family !== "shell") return undefined;
  const applicable = [...rules.entries()].filter(([, rule]) =>
    toolNameMatches(tools, tools.ruleToolName(rule.tool), name, spec),
  );
  const bare = applicable.find(([, rule]) => rule.pattern === undefined);
  if (bare) return { outcome: "match", rules: [bare[0]] };
  if (applicable.length === 0) return { outcome: "no-match", rules: [] };
  const command = input.command;
  if (typeof command !== "string") {
    return { outcome: "no-match", reason: "the command is not a string", rules: [] };
  }
  const analysis = analyse(command);
  const refused = refusedForAllow(analysis);
  if (refused) return { outcome: "no-match", reason: refused, rules: [] };
  const used: number[] = [];
  for (const sub of analysis.commands) {
    if (sub.via.length > 0) continue;
    const covering = applicable.find(([, rule]) => coversCommand(rule.pattern!, sub));
    if (!covering) {
      return {
        outcome: "no-match",
        reason: `${quote(sub.written)} is not covered by any allow rule`,
        rules: [],
      };
    }
    if (!used.includes(covering[0])) used.push(covering[0]);
  }
  return { outcome: "match", rules: used };
}
