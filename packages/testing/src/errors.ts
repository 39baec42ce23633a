// Errors of the test kit: a hook or settings file the test asked for did not load.
import { HookwireError } from "@hookwire/core";

export type TestingErrorCode = "TESTING_LOAD_FAILED";

/** A module or settings file given to `createHookTester` failed to load; the test should fail, not run without it. */
export class HookTesterLoadError extends HookwireError {
  /** The module path or settings file that failed. */
  readonly source: string;

  constructor(source: string, message: string, options?: { cause?: unknown }) {
    super("TESTING_LOAD_FAILED", message, options);
    this.name = "HookTesterLoadError";
    this.source = source;
  }
}
