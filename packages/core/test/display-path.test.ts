import { describe, expect, it } from "vitest";
import { displayPath, typeName } from "../src/internal.js";

describe("displayPath", () => {
  it("names a file relative to the project, with ~ in the home folder, absolute elsewhere", () => {
    expect(displayPath("/home/u/app/.pi/hooks/a.ts", "/home/u/app", "/home/u")).toBe(".pi/hooks/a.ts");
    expect(displayPath("/home/u/.claude/settings.json", "/home/u/app", "/home/u")).toBe(
      "~/.claude/settings.json",
    );
    expect(displayPath("/etc/hooks/x.sh", "/home/u/app", "/home/u")).toBe("/etc/hooks/x.sh");
    expect(displayPath("/home/u/app", "/home/u/app", "/home/u")).toBe("~/app");
  });
});

describe("typeName", () => {
  it("says null and array where typeof would say object", () => {
    expect([null, [], {}, "s", 1, undefined, () => {}].map(typeName)).toEqual([
      "null",
      "array",
      "object",
      "string",
      "number",
      "undefined",
      "function",
    ]);
  });
});
