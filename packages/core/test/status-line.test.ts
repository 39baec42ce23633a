import { describe, expect, it } from "vitest";
import { createNoOpUIContext, StatusLine, sanitizeStatusText } from "../src/index.js";

describe("StatusLine", () => {
  it("renders one text per key, sorted by key", () => {
    const line = new StatusLine();
    line.set("b-git", "main");
    line.set("a-tests", "12 passed");
    line.set("b-git", "feature");
    expect(line.render()).toBe("12 passed · feature");
    expect(line.entries()).toEqual([
      ["a-tests", "12 passed"],
      ["b-git", "feature"],
    ]);
  });

  it("sorts keys with localeCompare, as pi's footer does, not by code point", () => {
    const line = new StatusLine();
    line.set("b-git", "main");
    line.set("A-tests", "12 passed");
    line.set("a-lint", "clean");
    // Code-point order would put "A-tests" first ("A" < "a").
    expect(line.entries().map(([key]) => key)).toEqual(["a-lint", "A-tests", "b-git"]);
  });

  it("clears a key set to undefined or to text that sanitises to nothing", () => {
    const line = new StatusLine();
    line.set("a", "x");
    line.set("b", "y");
    line.set("a", undefined);
    line.set("b", " \n\t ");
    expect(line.render()).toBe("");
    expect(line.get("a")).toBeUndefined();
  });

  it("sanitises control characters, ANSI escapes and repeated spaces", () => {
    expect(
      sanitizeStatusText(
        "\u001b[31mred\u001b[0m\r\n  and\ttab\u0007 \u001b]8;;http://x\u0007link\u001b]8;;\u0007  ",
      ),
    ).toBe("red and tab link");
  });

  it("truncates to the width with an ellipsis, counting code points", () => {
    const line = new StatusLine({ separator: " | " });
    line.set("a", "ünïcödé");
    line.set("b", "second");
    expect(line.render(100)).toBe("ünïcödé | second");
    expect(line.render(10)).toBe("ünïcödé |…");
    expect([...line.render(10)]).toHaveLength(10);
    expect(line.render(1)).toBe("…");
    expect(line.render(0)).toBe("");
  });
});

describe("the no-op UI context", () => {
  it("answers every question with the safe default", async () => {
    const ui = createNoOpUIContext();
    expect(await ui.select("t", ["a"])).toBeUndefined();
    expect(await ui.confirm("t", "m")).toBe(false);
    expect(await ui.input("t")).toBeUndefined();
    expect(await ui.editor("t", "x")).toBeUndefined();
    expect(await ui.custom(() => null)).toBeUndefined();
    expect(ui.getEditorText()).toBe("");
    expect(ui.notify("x")).toBeUndefined();
    expect(ui.setStatus("k", "v")).toBeUndefined();
    expect(ui.setEditorText("x")).toBeUndefined();
    expect(ui.theme.fg("red", "t")).toBe("t");
  });
});
