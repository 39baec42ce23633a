/**
 * Permission rules (`Bash(git push *)`, `Edit(*.ts)`, `Read(./secrets/**)`) and the bash analysis they are read
 * on: every program a command line would run, what no static check can know, and whether a rule matches.
 *
 * @packageDocumentation
 * @module @hookwire/shell-rules
 * @document ../README.md
 */

export { SHELL_ANALYSER_ID } from "./analyser-id.js";
export type { ShellRulesErrorCode } from "./errors.js";
export { isShellRulesError, ShellRulesError } from "./errors.js";
export type { PathContext } from "./file-paths.js";
export { matchesPathPattern, pathMatch, realPath } from "./file-paths.js";
export type { MatchMode, MatchOptions, RuleList, RuleMatch, ToolCall } from "./match.js";
export { evaluateRule, matchesRule } from "./match.js";
export type { PermissionRule } from "./parse.js";
export { parseRule } from "./parse.js";
export type { RuleListMatch } from "./rule-list.js";
export { evaluateRules } from "./rule-list.js";
export type {
  ShellAnalysis,
  ShellCommand,
  ShellEvaluated,
  ShellUnknown,
  ShellUnknownCode,
} from "./shell/analysis.js";
export { MAX_PARSED_CHARS, MAX_SYNTAX_NODES } from "./shell/analysis.js";
export { isShellParserLoaded, loadShellParser, shellCommands } from "./shell/parser.js";
export type { ProgramSpec } from "./shell/programs.js";
export { programSpec } from "./shell/programs.js";
export type { ShellWord } from "./shell/words.js";
export type { RuleCall, RuleFamily, RuleToolSpec, RuleTools } from "./tools.js";
export { matchesWildcard, mayMatchWildcard } from "./wildcard.js";
