// The one error class of @hookwire/settings-hooks: bad settings files and matchers (rules: @hookwire/shell-rules).
import { HookwireError, isHookwireError } from "@hookwire/core";

export type SettingsErrorCode =
  | "SETTINGS_INVALID"
  | "HOOK_INVALID_MATCHER"
  /** A matcher regex that can backtrack exponentially (checked with recheck); it is not used. */
  | "UNSAFE_MATCHER"
  | (string & {});

/** A settings file, matcher or `if` rule that cannot be used; `code` is stable, `file`/`jsonPath` locate it. */
export class SettingsError extends HookwireError {
  /** The settings file involved, when known. */
  readonly file: string | undefined;
  /** JSON path inside the file, e.g. `hooks.PreToolUse[0].matcher`, when known. */
  readonly jsonPath: string | undefined;

  constructor(
    code: SettingsErrorCode,
    message: string,
    options?: { file?: string; jsonPath?: string; cause?: unknown; details?: string },
  ) {
    super(code, message, { cause: options?.cause, details: options?.details });
    this.name = "SettingsError";
    this.file = options?.file;
    this.jsonPath = options?.jsonPath;
  }
}

/** Works across module realms, where `instanceof` fails. */
export function isSettingsError(value: unknown): value is SettingsError {
  return isHookwireError(value) && value.name === "SettingsError";
}
