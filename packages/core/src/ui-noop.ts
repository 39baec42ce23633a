// The UI context used when the host has no interactive UI: every question gets the safe answer.
import type { HookTheme, HookUIContext } from "./context.js";

const plainTheme: HookTheme = {
  fg: (_color, text) => text,
  bold: (text) => text,
};

export function createNoOpUIContext(): HookUIContext {
  return {
    select: async () => undefined,
    confirm: async () => false,
    input: async () => undefined,
    editor: async () => undefined,
    notify: () => {},
    setStatus: () => {},
    custom: async () => undefined,
    setEditorText: () => {},
    getEditorText: () => "",
    theme: plainTheme,
    onTerminalInput: () => () => {},
    setWorkingMessage: () => {},
    setWorkingVisible: () => {},
    setWorkingIndicator: () => {},
    setHiddenThinkingLabel: () => {},
    setWidget: () => {},
    setFooter: () => {},
    setHeader: () => {},
    setTitle: () => {},
    pasteToEditor: () => {},
    addAutocompleteProvider: () => {},
    setEditorComponent: () => {},
    getEditorComponent: () => undefined,
    getAllThemes: () => [],
    getTheme: () => undefined,
    setTheme: () => ({ success: false, error: "UI not available" }),
    getToolsExpanded: () => false,
    setToolsExpanded: () => {},
  };
}

/**
 * A host UI with the members it lacks answered by the no-UI defaults, so a host written against the
 * smaller seed UI keeps working when a module calls `ctx.ui.setWidget`. Members the host has are
 * called on the host object itself (its private fields and getters keep working).
 */
export function completeUIContext(host: Partial<HookUIContext>): HookUIContext {
  const fallback = createNoOpUIContext();
  const missing = (Object.keys(fallback) as Array<keyof HookUIContext>).filter((key) => !(key in host));
  if (missing.length === 0) return host as HookUIContext;
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(host as HookUIContext, {
    get(target, key) {
      if (!(key in target)) return (fallback as unknown as Record<PropertyKey, unknown>)[key];
      const value = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      let fn = bound.get(key);
      if (!fn || (fn as { original?: unknown }).original !== value) {
        fn = Object.assign(value.bind(target), { original: value });
        bound.set(key, fn);
      }
      return fn;
    },
    has: (target, key) => key in target || key in fallback,
  });
}
