// The one timer behind every handler timeout of a runner: waiting emits join a list, not a setTimeout per handler.

/** An emit that is waiting for a handler; `expire` is called once when that handler's time is up. */
export interface Waiter {
  expire(): void;
  /** True while the user answers a dialog the handler opened: its clock starts again instead of expiring. */
  paused(): boolean;
  /** The clock's tick when the current handler's wait (re)started: set with `clock.tick`. */
  tick: number;
  /** @internal */
  prev: Waiter | undefined;
  /** @internal */
  next: Waiter | undefined;
}

/** Ticks per timeout: a wait expires between `ms` and `ms × (1 + 1/TICKS)` after it started. */
const TICKS = 4;

/**
 * Every handler under one clock has the same limit (`clockFor(ms)`: one clock per limit per process). An emit joins the clock's list once, when its first
 * handler returns a thenable, and leaves it when it settles; each handler it then waits for costs one
 * write (`waiter.tick = clock.tick`). One timer ticks every `ms / TICKS` while anything waits and expires
 * the waits that started more than `TICKS` ticks ago. The timer is armed when the first emit waits and
 * let go on the next turn of the event loop after the list emptied (so a burst of emits arms it once): a
 * process with no handler waiting is never kept alive by it.
 */
export class HandlerClock {
  readonly #period: number;
  #tick = 0;
  #head: Waiter | undefined;
  #timer: NodeJS.Timeout | undefined;
  #idleCheck = false;

  constructor(ms: number) {
    this.#period = Math.max(1, Math.ceil(ms / TICKS));
  }

  get tick(): number {
    return this.#tick;
  }

  add(waiter: Waiter): void {
    waiter.prev = undefined;
    waiter.next = this.#head;
    if (this.#head) this.#head.prev = waiter;
    this.#head = waiter;
    if (!this.#timer) this.#timer = setTimeout(this.#onTick, this.#period);
  }

  remove(waiter: Waiter): void {
    const { prev, next } = waiter;
    if (prev) prev.next = next;
    else if (this.#head === waiter) this.#head = next;
    else return; // not in the list
    if (next) next.prev = prev;
    waiter.prev = waiter.next = undefined;
    if (!this.#head && !this.#idleCheck) {
      this.#idleCheck = true;
      setImmediate(this.#onIdle);
    }
  }

  readonly #onIdle = () => {
    this.#idleCheck = false;
    if (!this.#head && this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
  };

  readonly #onTick = () => {
    this.#timer = undefined;
    const tick = ++this.#tick;
    // A wait started in tick t began at most one period into it: expiring after t + TICKS waits at least ms.
    const expired: Waiter[] = [];
    for (let w = this.#head; w; w = w.next) if (w.tick + TICKS < tick) expired.push(w);
    for (const w of expired) {
      if (w.paused()) {
        w.tick = tick;
      } else {
        this.remove(w);
        w.expire();
      }
    }
    if (this.#head && !this.#timer) this.#timer = setTimeout(this.#onTick, this.#period);
  };
}

// One clock per limit for the whole process: every runner with the same `handlerTimeout` shares its timer.
const clocks = new Map<number, HandlerClock>();

/** The process's clock for this limit (milliseconds, > 0). */
export function clockFor(ms: number): HandlerClock {
  let clock = clocks.get(ms);
  if (!clock) {
    clock = new HandlerClock(ms);
    clocks.set(ms, clock);
  }
  return clock;
}
