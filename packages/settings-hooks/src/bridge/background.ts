// The bridge's background work: `async: true` command hooks, which never decide and may outlive their event.
import { errorMessage, type HookAPI, HookError } from "@hookwire/core";
import { aggregate } from "../aggregate.js";
import { joined } from "../dialect-kit/messages.js";
import { reportOutcome } from "./report.js";
import type { Prepared } from "./select.js";

type Api = Pick<HookAPI, "sendMessage" | "reportError">;

/** Running async hooks: what stops each, and its settled promise. */
export class Background {
  readonly #running = new Map<AbortController, Promise<void>>();

  constructor(private readonly outputDir: string | undefined) {}

  get size(): number {
    return this.#running.size;
  }

  /** Starts `p` on `input` without waiting; what it wants the model or the user to read arrives as a follow-up. */
  start(p: Prepared, input: Record<string, unknown>, api: Api): void {
    const event = p.spec.name;
    const controller = new AbortController();
    const done = p.runner
      .run(input as never, { hookName: p.hookPath, event, outputDir: this.outputDir }, controller.signal)
      .then((result) => {
        this.#running.delete(controller);
        if (controller.signal.aborted) return;
        const outcome = aggregate(p.spec, [{ hookPath: p.hookPath, result }]);
        reportOutcome(api, outcome, event);
        // Background hooks never decide: only what they want the model or the user to read is kept.
        const texts = [...outcome.additionalContext, ...outcome.systemMessages];
        if (texts.length === 0) return;
        api.sendMessage(
          {
            customType: "hook_async_output",
            content: joined(texts),
            display: true,
            details: { event, sources: texts },
          },
          { deliverAs: "followUp" },
        );
      })
      // No caller awaits a background hook: a host that cannot take its output must not see an
      // unhandled rejection, which would end the process.
      .catch((cause: unknown) => {
        try {
          api.reportError(
            new HookError({
              code: "HOOK_ASYNC_DELIVERY_FAILED",
              hookPath: p.hookPath,
              event,
              message: `the output of this async hook could not be delivered: ${errorMessage(cause)}`,
              cause,
            }),
            event,
          );
        } catch {
          // Outside a runner there is nobody left to tell.
        }
      });
    this.#running.set(controller, done);
  }

  /**
   * At the session's end: hooks started just before it (a PostToolUse logger) get `graceMs` to finish, as in
   * Claude Code; whatever still runs after it is stopped.
   */
  async stop(graceMs: number): Promise<void> {
    if (this.#running.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([Promise.allSettled([...this.#running.values()]), grace]);
      clearTimeout(timer);
    }
    for (const controller of this.#running.keys()) controller.abort();
    this.#running.clear();
  }
}
