// The one error class of @hookwire/shell-rules: rules that do not parse, a bash grammar that is not there.
import { HookwireError, isHookwireError } from "@hookwire/core";

export type ShellRulesErrorCode =
  /** A permission rule that is not `Tool` or `Tool(pattern)`. */
  | "HOOK_INVALID_RULE"
  /** The bash grammar's WASM files could not be loaded. */
  | "SHELL_PARSER_UNAVAILABLE"
  /** A Bash command was analysed before `await loadShellParser()`. */
  | "SHELL_PARSER_NOT_LOADED";

/** A rule that cannot be used, or a bash analysis that cannot run; `code` is stable. */
export class ShellRulesError extends HookwireError {
  declare readonly code: ShellRulesErrorCode;

  constructor(code: ShellRulesErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = "ShellRulesError";
  }
}

/** Works across module realms, where `instanceof` fails. */
export function isShellRulesError(value: unknown): value is ShellRulesError {
  return isHookwireError(value) && value.name === "ShellRulesError";
}

/** A Bash command analysed before the grammar was loaded. */
export function parserNotLoaded(): ShellRulesError {
  return new ShellRulesError(
    "SHELL_PARSER_NOT_LOADED",
    "Bash commands cannot be analysed before the grammar is loaded: `await loadShellParser()` once first " +
      "(HookToolWrapper and createSettingsHooks do this themselves).",
  );
}
