// Colour helpers for hook UIs: picocolors, switched on only when the output is a terminal.
import type { HookTheme } from "@hookwire/core";
import pc from "picocolors";

export type Colors = ReturnType<typeof pc.createColors>;

export function createTheme(enabled: boolean): HookTheme & { colors: Colors } {
  const colors = pc.createColors(enabled);
  return {
    colors,
    fg(color, text) {
      const paint = (colors as unknown as Record<string, unknown>)[color];
      return typeof paint === "function" ? (paint as (s: string) => string)(text) : text;
    },
    bold: (text) => colors.bold(text),
  };
}
