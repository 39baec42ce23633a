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
  };
}
