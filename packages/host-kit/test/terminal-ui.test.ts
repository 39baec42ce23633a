import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { createTerminalUI, createTerminalUIContext } from "../src/index.js";

function terminal(answers: string) {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = "";
  output.on("data", (chunk) => {
    written += String(chunk);
  });
  input.end(answers);
  return { ui: createTerminalUI({ input, output, color: false, width: 40 }), written: () => written };
}

describe("terminal UI", () => {
  it("asks confirm on the terminal and reads yes", async () => {
    const t = terminal("y\n");
    expect(await t.ui.confirm("Dangerous command", "Allow: rm -rf build")).toBe(true);
    expect(t.written()).toBe("Dangerous command\nAllow: rm -rf build\nAllow? [y/N] ");
  });

  it("treats anything but yes, and a closed input, as no", async () => {
    expect(await terminal("n\n").ui.confirm("t", "m")).toBe(false);
    expect(await terminal("").ui.confirm("t", "m")).toBe(false);
  });

  it("selects by number, reads input and multi-line editor text", async () => {
    expect(await terminal("2\n").ui.select("Pick", ["a", "b"])).toBe("b");
    expect(await terminal("\n").ui.select("Pick", ["a", "b"])).toBeUndefined();
    expect(await terminal("hello\n").ui.input("Name")).toBe("hello");
    expect(await terminal("line 1\nline 2\n.\n").ui.editor("Notes")).toBe("line 1\nline 2");
  });

  it("prints notifications and the status line when it changes", () => {
    const t = terminal("");
    t.ui.notify("saved", "info");
    t.ui.setStatus("b", "second");
    t.ui.setStatus("a", "first\tline");
    t.ui.setStatus("a", "first\tline");
    t.ui.setStatus("b", undefined);
    expect(t.written()).toBe("ℹ saved\n[status] second\n[status] first line · second\n[status] first line\n");
  });

  it("falls back to the no-op UI without a terminal", async () => {
    const { ui, hasUI } = createTerminalUIContext({ output: new PassThrough() });
    expect(hasUI).toBe(false);
    expect(await ui.confirm("t", "m")).toBe(false);
  });
});
