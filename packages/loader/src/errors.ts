// Errors of @hookwire/loader: stable codes and the file they are about (trust's own are @hookwire/trust's).
import { HookwireError } from "@hookwire/core";

/** Why a hook module could not be loaded; `reason` is stable, the message is for people. */
export type HookLoadFailure =
  | "not-found"
  | "unsupported-extension"
  | "import-failed"
  | "no-default-export"
  | "default-not-function"
  | "invalid-exports"
  | "plugin-unavailable"
  | "factory-failed"
  | "load-timeout"
  | "script-not-runnable"
  | "script-failed"
  | "trust-changed";

/** A hook module or script that could not be loaded; it lands in `errors`, the others still load. */
export class HookLoadError extends HookwireError {
  /** `HOOK_LOAD_TIMEOUT` for reason `load-timeout` (the same code core uses), else `HOOK_LOAD_FAILED`. */
  override readonly code: "HOOK_LOAD_FAILED" | "HOOK_LOAD_TIMEOUT";
  /** The path as configured or discovered. */
  readonly hookPath: string;
  readonly resolvedPath: string;
  readonly reason: HookLoadFailure;

  constructor(init: {
    hookPath: string;
    resolvedPath: string;
    reason: HookLoadFailure;
    message: string;
    cause?: unknown;
    details?: string;
  }) {
    const code = init.reason === "load-timeout" ? "HOOK_LOAD_TIMEOUT" : "HOOK_LOAD_FAILED";
    super(code, init.message, { cause: init.cause, details: init.details });
    this.code = code;
    this.name = "HookLoadError";
    this.hookPath = init.hookPath;
    this.resolvedPath = init.resolvedPath;
    this.reason = init.reason;
  }
}

/** A capability or provider was registered wrongly (unknown capability, duplicate id). */
export class CapabilityError extends HookwireError {
  override readonly code = "CAPABILITY_INVALID";

  constructor(message: string) {
    super("CAPABILITY_INVALID", message);
    this.name = "CapabilityError";
  }
}
