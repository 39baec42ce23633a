// Errors of @hookwire/trust: a trust store that cannot be read, a trusted file that changed.
import { HookwireError } from "@hookwire/core";

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
