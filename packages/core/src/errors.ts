// Errors as data: stable codes, structured fields, a brand check that works across realms.

const brand = Symbol.for("hookwire.error");

export type HookErrorCode =
  | "HOOK_HANDLER_FAILED"
  | "HOOK_TIMEOUT"
  | "HOOK_NOT_INITIALIZED"
  | "HOOK_ACTION_UNAVAILABLE"
  | "HOOK_UNKNOWN_EVENT"
  | "HOOK_INVALID_RESULT"
  | "HOOK_INVALID_REGISTRATION"
  | "HOOK_LOAD_TIMEOUT"
  | "HOOK_UNCAUGHT"
  | "HOOK_EXIT"
  | (string & {});

/** Base class of every error hookwire throws or reports; `code` is stable across versions. */
export class HookwireError extends Error {
  readonly code: string;
  /** The message without context lines, for one-line displays. */
  readonly shortMessage: string;

  constructor(code: string, message: string, options?: { cause?: unknown; details?: string }) {
    super(options?.details ? `${message}\n${options.details}` : message, { cause: options?.cause });
    this.name = "HookwireError";
    this.code = code;
    this.shortMessage = message;
    Object.defineProperty(this, brand, { value: true });
  }
}

export function isHookwireError(value: unknown): value is HookwireError {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}

/** A hook failed while handling an event or registering; reported to `runner.onError` listeners. */
export class HookError extends HookwireError {
  readonly hookPath: string;
  readonly event: string;
  /** The failure's own message. */
  readonly error: string;

  constructor(init: {
    code?: HookErrorCode;
    hookPath: string;
    event: string;
    cause?: unknown;
    message?: string;
  }) {
    const error = init.message ?? errorMessage(init.cause);
    super(
      init.code ?? "HOOK_HANDLER_FAILED",
      `Hook \`${init.hookPath}\` failed on "${init.event}": ${error}`,
      {
        cause: init.cause,
      },
    );
    this.name = "HookError";
    this.hookPath = init.hookPath;
    this.event = init.event;
    this.error = error;
    const causeStack = init.cause instanceof Error ? init.cause.stack : undefined;
    if (causeStack) this.stack = causeStack;
  }
}

export function isHookError(value: unknown): value is HookError {
  return isHookwireError(value) && typeof (value as HookError).hookPath === "string" && "event" in value;
}

/** A hook factory (or module evaluation) that did not settle in time. */
export function loadTimeoutError(hookPath: string, ms: number): HookwireError {
  return new HookwireError(
    "HOOK_LOAD_TIMEOUT",
    `Hook \`${hookPath}\` did not finish loading within ${ms} ms. ` +
      "A factory must register its handlers and settle; start long work inside a handler (e.g. session_start) instead.",
  );
}

/** What a value is, in the words error messages use: `null`, `array`, or its `typeof`. */
export function typeName(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}

/** The message of anything thrown, without assuming it is an Error. */
export function errorMessage(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === "object" && value !== null && typeof (value as Error).message === "string") {
    return (value as Error).message;
  }
  try {
    return typeof value === "string" ? value : String(JSON.stringify(value) ?? value);
  } catch {
    return String(value);
  }
}
