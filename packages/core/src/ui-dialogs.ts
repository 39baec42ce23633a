// Counts the UI dialogs hooks have open, so a handler waiting for the user does not time out (each call counts its own).
import type { HookUIContext } from "./context.js";

/** The members that wait for the user; everything else on the UI context returns at once. */
const DIALOGS = new Set<PropertyKey>(["select", "confirm", "input", "editor", "custom"]);

export interface DialogCounter {
  open: number;
}

/**
 * The host's UI context seen through a proxy that counts each open dialog in `counterOf()`, asked when the dialog
 * opens (the call it opens in: one UI object may serve several calls at once). Members the host adds (an
 * extension UI has more) pass through untouched.
 */
export function countDialogs(ui: HookUIContext, counterOf: () => DialogCounter): HookUIContext {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(ui, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (!DIALOGS.has(key) || typeof value !== "function") return value;
      let wrapper = wrapped.get(key);
      if (!wrapper || (wrapper as { original?: unknown }).original !== value) {
        wrapper = Object.assign(
          (...args: unknown[]) => {
            const counter = counterOf();
            counter.open++;
            let result: unknown;
            try {
              result = Reflect.apply(value, target, args);
            } catch (error) {
              counter.open--;
              throw error;
            }
            if (typeof (result as PromiseLike<unknown>)?.then !== "function") {
              counter.open--;
              return result;
            }
            return Promise.resolve(result).finally(() => counter.open--);
          },
          { original: value },
        );
        wrapped.set(key, wrapper);
      }
      return wrapper;
    },
  });
}
