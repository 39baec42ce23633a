// Turns settings handlers into one LoadedHook on native events, so both kinds of hooks share one runner.
import path from "node:path";
import { instantiateHook, type LoadedHook } from "@hookwire/core";
import { bridgeContext } from "./bridge/context.js";
import type { SettingsHooksOptions } from "./bridge/options.js";
import { subscribe } from "./bridge/subscribe.js";
import { loadDialects } from "./dialects/registry.js";
import type { SettingsHandler } from "./types.js";

/**
 * One LoadedHook whose native handlers run the matching settings handlers of each dialect's events and fold
 * them in the dialect's terms (`aggregate`, the event's `apply`); the dialects' answers to one occurrence are
 * combined by core's policy for the native event, as the runner combines hooks. The steps, in order: the
 * options (`bridge/options.ts`), the session and the handlers prepared (`bridge/context.ts`, `session.ts`,
 * `select.ts`), each occurrence's handlers run (`answer.ts`, `run-event.ts`), background hooks
 * (`background.ts`), and the subscription (`subscribe.ts`).
 */
export async function createSettingsHooks(
  handlers: readonly SettingsHandler[],
  options: SettingsHooksOptions,
): Promise<LoadedHook> {
  // Hand-built handlers too: every dialect they are written in is loaded before anything reads it.
  await loadDialects(new Set(handlers.map((handler) => handler.dialect)));
  const bridge = bridgeContext(handlers, options);
  return instantiateHook(subscribe(bridge), {
    path: bridge.hookName,
    cwd: bridge.cwd,
    resolvedPath: bridge.onlyFile ?? path.resolve(bridge.cwd, bridge.hookName),
    source: bridge.source,
  });
}
