// Which of CommonJS's names a module uses, scope by scope, from oxc's AST: what decides how the runner runs it.
import { parseSync } from "oxc-parser";
import { describe, expect, it } from "vitest";
import { commonJsUse, moduleKind } from "../src/load/commonjs-use.js";

const useOf = (code: string) => commonJsUse(parseSync("m.js", code, { sourceType: "module" }).program);

describe("the CommonJS names a module uses", () => {
  it.each([
    ["a top-level require", 'const a = require("a");', true, ["a"]],
    ["a require spelled with an escape", 'requ\\u0069re("e");', true, ["e"]],
    ["module.exports", "module.exports = 1;", true, []],
    ["exports.x", "exports.x = 1;", true, []],
    [
      "exports passed on (TypeScript's output)",
      'Object.defineProperty(exports, "__esModule", { value: true });',
      true,
      [],
    ],
    ["__dirname", "console.log(__dirname);", true, []],
    ["__filename in a nested function", "function f() { return __filename; }", true, []],
    ["a template literal specifier", "require(`t`);", true, ["t"]],
    [
      "requires in source order",
      'require("1"); function f() { require("2"); } require("3");',
      true,
      ["1", "2", "3"],
    ],
    ["a computed specifier (used, nothing to preload)", "require(name);", true, []],
    ["require.resolve", 'require.resolve("x");', true, []],
    [
      "its own top-level require",
      'const require = createRequire(import.meta.url); require("own");',
      false,
      [],
    ],
    ["its own require, declared after use (hoisting)", 'require("own"); function require() {}', false, []],
    ["a var in a top-level block, hoisted", 'if (x) { var require = f; } require("own");', false, []],
    ["an imported require", 'import { require } from "x"; require("own");', false, []],
    ["an exported own require", 'export const require = f; require("own");', false, []],
    ["a parameter named require", 'const f = (require) => require("own");', false, []],
    ["a destructured parameter", 'function f({ a: [require] }) { require("own"); }', false, []],
    ["a catch parameter", 'try {} catch (require) { require("own"); }', false, []],
    ["a named function expression", 'const f = function require() { require("own"); };', false, []],
    ["a class expression's name", "const C = class exports { m() { return exports.x; } };", false, []],
    ["a for-of binding", 'for (const require of fs) require("own");', false, []],
    [
      "typeof, a test that tells nothing",
      'const cjs = typeof require === "function" && typeof module === "object";',
      false,
      [],
    ],
    [
      "names only: a.require, { module: 1 }, a label",
      "a.require(); const o = { module: 1 }; exports: for (;;) break exports;",
      false,
      [],
    ],
    ["a shorthand property is a use", "const o = { module };", true, []],
    ["a computed member is a use", "a[exports] = 1;", true, []],
  ])("%s", (_name, code, usesWrapper, requires) => {
    expect(useOf(code)).toEqual({ usesWrapper, requires });
  });

  it("keeps CommonJS's require outside the nested function that declares its own", () => {
    const code = 'function local() { const require = (n) => n; return require("own"); }\nrequire("theirs");';
    expect(useOf(code)).toEqual({ usesWrapper: true, requires: ["theirs"] });
  });

  it("tells a block's let from the top level: a require declared in a block is not the module's", () => {
    expect(useOf('{ let require = f; require("own"); }\nrequire("theirs");')).toEqual({
      usesWrapper: true,
      requires: ["theirs"],
    });
  });

  it("walks deep code without recursion", () => {
    const deep = `${"(".repeat(1000)}require("deep")${")".repeat(1000)};`;
    expect(useOf(deep)).toEqual({ usesWrapper: true, requires: ["deep"] });
  });
});

describe("a module's kind", () => {
  const used = { usesWrapper: true, requires: [] };
  const unused = { usesWrapper: false, requires: [] };
  it("is set by .cts/.cjs and .mts/.mjs, else by its use of CommonJS's names and its ES syntax", () => {
    expect(moduleKind(unused, false, "cjs")).toBe("commonjs");
    expect(moduleKind(used, true, "esm")).toBe("module");
    expect(moduleKind(unused, true, "any")).toBe("module");
    expect(moduleKind(used, false, "any")).toBe("commonjs");
    expect(moduleKind(used, true, "any")).toBe("mixed");
  });
});
