// What a folded event tells the host beside its answer: each handler's error and ignored output, as HookErrors.
import { type HookAPI, HookError } from "@hookwire/core";
import type { AggregatedOutcome } from "../dialect-kit/outcome.js";

function withoutHookPrefix(message: string, hookPath: string): string {
  const prefix = `Hook \`${hookPath}\`: `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

/** Reports the outcome's errors and warnings to the host, each under the handler it came from. */
export function reportOutcome(api: Pick<HookAPI, "reportError">, outcome: AggregatedOutcome, event: string) {
  for (const error of outcome.errors) {
    api.reportError(
      new HookError({ code: error.code, hookPath: error.hookPath, event, message: error.text }),
      event,
    );
  }
  for (const warning of outcome.warnings) {
    api.reportError(
      new HookError({
        code: "HOOK_OUTPUT_IGNORED",
        hookPath: warning.hookPath,
        event,
        message: withoutHookPrefix(warning.text, warning.hookPath),
      }),
      event,
    );
  }
}
