// When each tool call's hooks finished, for a later post-tool event's `duration_ms`.
import { nowMs } from "@hookwire/core/internal";

export class CallTimes {
  /** A call blocked elsewhere never reports back: the oldest entries go past this many. */
  static readonly MAX = 1024;
  readonly #started = new Map<string, number>();

  mark(toolCallId: string): void {
    if (this.#started.size >= CallTimes.MAX)
      this.#started.delete(this.#started.keys().next().value as string);
    this.#started.set(toolCallId, nowMs());
  }

  /** Milliseconds since the call's hooks finished, rounded; 0 when unknown. */
  since(toolCallId: string): number {
    const started = this.#started.get(toolCallId);
    return started === undefined ? 0 : Math.round(nowMs() - started);
  }

  forget(toolCallId: string): void {
    this.#started.delete(toolCallId);
  }
}
