// Errors of @hookwire/loader: stable codes and the file they are about.
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

/** The trust store file exists but cannot be read as a trust store. */
export class TrustStoreError extends HookwireError {
  override readonly code = "TRUST_STORE_INVALID";
  readonly file: string;

  constructor(file: string, message: string, cause?: unknown) {
    super("TRUST_STORE_INVALID", message, { cause });
    this.name = "TrustStoreError";
    this.file = file;
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

/**
 * A trusted project's file changed after it was trusted: its hooks no longer run until the change is
 * reviewed and the project trusted again. Reported as the hook's HookError (same code) when a hook was about to run.
 */
export class TrustChangedError extends HookwireError {
  override readonly code = "HOOK_TRUST_CHANGED";
  /** The project root (the trust store's key). */
  readonly root: string;
  /** The files that differ from what was trusted, as shown to the user. */
  readonly files: string[];
  readonly trustCommand: string;

  constructor(init: { root: string; files: string[]; trustCommand: string; change: string }) {
    super(
      "HOOK_TRUST_CHANGED",
      `${init.change} since the project was trusted, so its hooks no longer run. ` +
        `Review the change, then run \`${init.trustCommand}\` and reload the hooks.`,
    );
    this.name = "TrustChangedError";
    this.root = init.root;
    this.files = init.files;
    this.trustCommand = init.trustCommand;
  }
}
