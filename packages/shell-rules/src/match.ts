// Whether a tool call matches a permission rule, in the two modes rules are used in: permission lists and `if`.
import { homedir } from "node:os";
import { pathMatch } from "./file-paths.js";
import type { PermissionRule } from "./parse.js";
import type { ShellAnalysis, ShellCommand } from "./shell/analysis.js";
import { isShellParserLoaded, shellCommands } from "./shell/parser.js";
import type { RuleToolSpec, RuleTools } from "./tools.js";
import { matchesWildcard, mayMatchWildcard } from "./wildcard.js";

export interface ToolCall {
  /** Any name the caller's tools know it by (`bash`, `Bash`); the input is read in the matching shape. */
  toolName: string;
  input: Record<string, unknown>;
  cwd: string;
}

export type RuleList = "allow" | "deny" | "ask";

/**
 * - `{ mode: "permission", list }`: a host's allow / ask / deny list. Deny and ask rules match when any command
 *   matches, and *may* match (→ ask) when the call holds something no static check can know; an allow rule
 *   matches only when every command it runs is covered and nothing is unknown.
 * - `{ mode: "if-filter" }`: a settings handler's `if`, as in the reference: the hook runs when any command
 *   matches, may match, or the command cannot be analysed.
 */
export type MatchMode = { mode: "permission"; list: RuleList } | { mode: "if-filter" };

export type MatchOptions = MatchMode & {
  /** For `~/` patterns; defaults to the user's home folder. */
  home?: string;
  /** The caller's tools: their names, families and input fields (settings-hooks' `ruleTools(dialect.tools)`). */
  tools: RuleTools;
};

/** `match`: the rule applies; `may-match`: it cannot be ruled out statically; `no-match`: it does not apply. */
export interface RuleMatch {
  outcome: "match" | "may-match" | "no-match";
  /** Why, for `may-match` and for an allow rule that does not cover a call; in words a user can read. */
  reason?: string;
}

const MATCH: RuleMatch = Object.freeze({ outcome: "match" });
const NO_MATCH: RuleMatch = Object.freeze({ outcome: "no-match" });

/** Evaluates one rule against one call. Bash analysis is synchronous: `await loadShellParser()` once before. */
export function evaluateRule(rule: PermissionRule, call: ToolCall, options: MatchOptions): RuleMatch {
  const { tools } = options;
  const { name: callTool, input, spec: callSpec } = tools.call(call.toolName, call.input);
  if (!toolNameMatches(tools, tools.ruleToolName(rule.tool), callTool, callSpec)) return NO_MATCH;
  if (rule.pattern === undefined) return MATCH;
  const every = options.mode === "permission" && options.list === "allow";
  switch (callSpec?.family) {
    case "shell":
      return matchBash(
        rule.pattern,
        input.command,
        every ? "every" : options.mode === "if-filter" ? "if" : "any",
      );
    case "read":
    case "edit": {
      const path = pathOf(callSpec, input, call.cwd);
      if (path === undefined) return NO_MATCH;
      const { lexical, real } = pathMatch(rule.pattern, path, {
        cwd: call.cwd,
        home: options.home ?? homedir(),
      });
      // A symlink must not carry a call past a deny rule, nor into an allow rule's folder from outside it.
      return (every ? lexical && real : lexical || real) ? MATCH : NO_MATCH;
    }
    case "value":
      return matchesWildcard(rule.pattern, callSpec.ruleValue?.(input, rule.pattern) ?? "")
        ? MATCH
        : NO_MATCH;
    default:
      return matchesWildcard(rule.pattern, JSON.stringify(input)) ? MATCH : NO_MATCH;
  }
}

/** `evaluateRule` as a yes / no: deny, ask and `if` take a possible match as a match; allow does not. */
export function matchesRule(rule: PermissionRule, call: ToolCall, options: MatchOptions): boolean {
  const { outcome } = evaluateRule(rule, call, options);
  const every = options.mode === "permission" && options.list === "allow";
  return outcome === "match" || (!every && outcome === "may-match");
}

export function toolNameMatches(
  tools: RuleTools,
  ruleTool: string,
  callTool: string,
  callSpec: RuleToolSpec | undefined,
): boolean {
  if (ruleTool === callTool) return true;
  // `Read(…)` also covers the tools that read files, `Edit(…)` the ones that change them (Claude Code's rule).
  const family = callSpec?.family;
  if (family && tools.families?.[family] === ruleTool) return true;
  // `mcp__server` names every tool of that server.
  if (/^mcp__[^_]+(?:_[^_]+)*$/.test(ruleTool) && callTool.startsWith(`${ruleTool}__`)) return true;
  return ruleTool.includes("*") && matchesWildcard(ruleTool, callTool);
}

// One analysis per command string: a call is checked against every rule of every list with the same text.
let lastCommand: string | undefined;
let lastAnalysis: ShellAnalysis | undefined;

export function analyse(command: string): ShellAnalysis {
  if (command === lastCommand && lastAnalysis) return lastAnalysis;
  if (!isShellParserLoaded()) {
    // Not cached: the grammar may load before the next call.
    return {
      commands: [],
      unknowns: [{ code: "UNAVAILABLE", text: command, reason: "the bash grammar is not loaded", via: [] }],
      evaluated: [],
    };
  }
  lastAnalysis = shellCommands(command);
  lastCommand = command;
  return lastAnalysis;
}

export function quote(text: string): string {
  return `\`${text.length > 120 ? `${text.slice(0, 119)}…` : text}\``;
}

/** A pattern such as `git push *` says more than which program runs; `rm *` and `rm` do not. */
function namesMoreThanCommand(pattern: string): boolean {
  const body = pattern.endsWith(" *") || pattern.endsWith(":*") ? pattern.slice(0, -2) : pattern;
  return /\s/.test(body.trim());
}

function matchBash(pattern: string, command: unknown, mode: "every" | "any" | "if"): RuleMatch {
  if (typeof command !== "string") {
    return mode === "every" ? NO_MATCH : { outcome: "may-match", reason: "the command is not a string" };
  }
  const analysis = analyse(command);
  const { commands, unknowns } = analysis;
  if (mode === "every") return coversAll(pattern, analysis);
  let maybe: string | undefined;
  for (const sub of commands) {
    if (matchesWildcard(pattern, sub.text) || matchesWildcard(pattern, sub.written)) return MATCH;
    if (maybe === undefined && sub.dynamic && mayMatch(pattern, sub)) {
      maybe = `${quote(sub.text)} has arguments known only at run time`;
    }
  }
  const first = unknowns[0];
  if (first)
    return { outcome: "may-match", reason: `${quote(first.text)} cannot be checked: ${first.reason}` };
  if (maybe !== undefined) return { outcome: "may-match", reason: maybe };
  // The reference's `if` table: a pattern that names more than the program runs the hook on any `$(…)`,
  // backticks or `$VAR`, whatever they hold.
  const dynamic =
    mode === "if" && namesMoreThanCommand(pattern) ? commands.find((sub) => sub.dynamic) : undefined;
  return dynamic
    ? { outcome: "may-match", reason: `${quote(dynamic.text)} has parts known only at run time` }
    : NO_MATCH;
}

function shapeOf(command: ShellCommand, path: string): string {
  return [path, ...command.args.map((arg) => arg.shape)].join(" ");
}

function mayMatch(pattern: string, command: ShellCommand): boolean {
  return (
    mayMatchWildcard(pattern, shapeOf(command, command.program)) ||
    mayMatchWildcard(pattern, shapeOf(command, command.path))
  );
}

/**
 * Why an allow list approves no part of this command line, whatever its rules: something is unknown, or a string
 * bash evaluates is more than data (allow is a whitelist of data). `undefined` when its commands decide.
 */
export function refusedForAllow({ commands, unknowns, evaluated }: ShellAnalysis): string | undefined {
  const first = unknowns[0];
  if (first) return `${quote(first.text)} cannot be checked: ${first.reason}`;
  const code = evaluated[0];
  if (code) {
    return `${quote(code.text)} is evaluated as code (\`${code.context}\`), which an allow rule does not approve`;
  }
  return commands.some((sub) => sub.via.length === 0) ? undefined : "the command runs no program";
}

/**
 * Whether an allow pattern covers one command typed in the line (`via` empty) for every run-time value of its
 * arguments; a wrapper's text covers what it runs as argv. U+0000 in a shape can only be covered by a `*` of the
 * pattern, so a match holds for every run-time value.
 */
export function coversCommand(pattern: string, command: ShellCommand): boolean {
  return matchesWildcard(pattern, shapeOf(command, command.path));
}

/** One allow rule approving a whole command line on its own: the one-rule case of `evaluateRules`. */
function coversAll(pattern: string, analysis: ShellAnalysis): RuleMatch {
  const refused = refusedForAllow(analysis);
  if (refused) return { outcome: "no-match", reason: refused };
  for (const sub of analysis.commands) {
    if (sub.via.length === 0 && !coversCommand(pattern, sub)) {
      return { outcome: "no-match", reason: `${quote(sub.written)} is not covered by the rule` };
    }
  }
  return MATCH;
}

function pathOf(tool: RuleToolSpec, input: Record<string, unknown>, cwd: string): string | undefined {
  for (const field of tool.pathFields ?? []) {
    const value = input[field];
    if (typeof value === "string" && value !== "") return value;
  }
  // Tools that search (Grep, Glob) search the working directory when no path is given.
  return tool.searchesCwd ? cwd : undefined;
}
