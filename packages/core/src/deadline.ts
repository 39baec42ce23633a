// Settles a piece of hook work within a time limit: the one clock behind load and handler timeouts.

/** How long a hook factory may take to settle, in milliseconds (`HOOK_LOAD_TIMEOUT` after it). */
export const DEFAULT_LOAD_TIMEOUT_MS = 10_000;
/** How long a module handler may take to settle, in milliseconds (`HOOK_TIMEOUT` after it). */
export const DEFAULT_HANDLER_TIMEOUT_MS = 60_000;

export interface DeadlineOptions {
  /** Milliseconds; 0 or undefined: no limit, `work` is awaited as it is. */
  ms: number | undefined;
  /** The rejection at the deadline. */
  timeout: () => Error;
  /**
   * Asked when the time is up: while it answers true (the user is answering a dialog the work
   * opened), the clock starts again instead of expiring.
   */
  paused?: () => boolean;
}

/**
 * Run `work` and settle with its result, or reject with `timeout()` when it has not settled in
 * time. The late result of abandoned work is observed (never an unhandled rejection) and dropped.
 */
export function withDeadline<T>(work: () => T | PromiseLike<T>, options: DeadlineOptions): Promise<T> {
  const { ms } = options;
  if (!ms || ms <= 0 || !Number.isFinite(ms)) return Promise.resolve().then(work);
  return new Promise<T>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      timer = setTimeout(() => {
        if (options.paused?.()) arm();
        else reject(options.timeout());
      }, ms);
    };
    arm();
    Promise.resolve()
      .then(work)
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}
