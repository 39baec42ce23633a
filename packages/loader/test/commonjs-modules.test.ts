// CommonJS hook modules (`.cts`, a `.ts` that uses `require`) run in the module runner: their literal requires are
// loaded first through the one resolver, ES modules included, and a require of anything else is refused.
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { discoverAndLoadHooks, HOOK_FORMATS, loadHooks, trustProject } from "../src/index.js";
import { normalise, tempDir } from "./helpers/fixtures.js";
import { sessionlessRunner } from "./helpers/runner.js";

async function project(files: Record<string, string>) {
  const root = await tempDir();
  const cwd = path.join(root, "project");
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(cwd, file)), { recursive: true });
    await writeFile(path.join(cwd, file), text);
  }
  return { root, cwd };
}

/** Loads one module and emits a tool call at it: the load errors and the reason it blocked with. */
async function reasonOf(files: Record<string, string>, entry: string, fsCache: string | false = false) {
  const { root, cwd } = await project(files);
  const { hooks, errors } = await loadHooks([path.join(cwd, entry)], cwd, {
    fsCache: fsCache && path.join(root, fsCache),
  });
  const result = hooks.length
    ? await sessionlessRunner(hooks, cwd).emitToolCall({ toolName: "bash", toolCallId: "1", input: {} })
    : undefined;
  return { errors: errors.map((e) => normalise(e.error.message, cwd)), reason: result?.reason };
}

const BLOCK = (reason: string) => `(pi) => pi.on("tool_call", () => ({ block: true, reason: ${reason} }))`;

describe("a CommonJS TypeScript hook module", () => {
  it("requires a TypeScript ES module helper (its namespace, as Node's require(esm)) and a CommonJS one", async () => {
    const files = {
      "guard.cts": [
        'import type { Api } from "./types";',
        'const { reason } = require("./esm-helper");',
        'const suffix: string = require("./cjs-helper.cts");',
        'const { basename } = require("node:path");',
        `module.exports = ${BLOCK('reason + suffix + " in " + basename(__filename)')};`,
        "",
      ].join("\n"),
      "types.ts": "export interface Api { on(name: string, handler: unknown): void }\n",
      "esm-helper.ts": 'export const reason: string = "esm";\nexport default 1;\n',
      "cjs-helper.cts": 'const dot: string = "+cjs";\nmodule.exports = dot;\n',
    };
    expect(await reasonOf(files, "guard.cts")).toEqual({ errors: [], reason: "esm+cjs in guard.cts" });
  });

  it("requires the host's ES-module packages, which Node 20 cannot require", async () => {
    const files = {
      "guard.ts": `const { isToolEvent } = require("@hookwire/core");\nmodule.exports = ${BLOCK('isToolEvent({ toolName: "bash" }, "bash") ? "core" : "no"')};\n`,
    };
    expect(await reasonOf(files, "guard.ts")).toEqual({ errors: [], reason: "core" });
  });

  it("runs with Node's CommonJS names: this, a top-level return, __dirname, a sloppy-mode body", async () => {
    const files = {
      "guard.cts": [
        "exports.selfIsExports = this === module.exports;",
        "undeclared = 1; // sloppy mode, as Node runs CommonJS",
        `module.exports = ${BLOCK('exports.selfIsExports + " " + require("node:path").basename(__dirname)')};`,
        "if (module.exports) return;",
        'module.exports = "never";',
        "",
      ].join("\n"),
    };
    expect(await reasonOf(files, "guard.cts")).toEqual({ errors: [], reason: "true project" });
  });

  it("takes `default` from TypeScript's CommonJS output (`__esModule`), as jiti and pi do", async () => {
    const files = {
      "guard.cts": `Object.defineProperty(exports, "__esModule", { value: true });\nexports.default = ${BLOCK('"default"')};\n`,
    };
    expect(await reasonOf(files, "guard.cts")).toEqual({ errors: [], reason: "default" });
  });

  it("mixes import declarations and requires in a .ts", async () => {
    const files = {
      "guard.ts": `import { reason } from "./helper.ts";\nconst other = require("./other.cts");\nmodule.exports = ${BLOCK("reason + other")};\n`,
      "helper.ts": 'export const reason = "import";\n',
      "other.cts": 'module.exports = "+require";\n',
    };
    expect(await reasonOf(files, "guard.ts")).toEqual({ errors: [], reason: "import+require" });
  });

  it("leaves an ES module that makes its own require (createRequire, Node's idiom) an ES module", async () => {
    const files = {
      "guard.ts": [
        'import { createRequire } from "node:module";',
        "const require = createRequire(import.meta.url);",
        'const { basename } = require("node:path");',
        `export default ${BLOCK('basename(require.resolve("./helper.cjs")) + " " + require("./helper.cjs")')};`,
        "",
      ].join("\n"),
      "helper.cjs": 'module.exports = "own require";\n',
    };
    expect(await reasonOf(files, "guard.ts")).toEqual({ errors: [], reason: "helper.cjs own require" });
  });

  it("runs an ES module that also uses CommonJS's names strict, its own declarations shadowing the wrapper's", async () => {
    const files = {
      "guard.ts": [
        'import { reason } from "./helper.ts";',
        'const __filename = "own";',
        'const other = require("./other.cts");',
        "let strict = false;",
        "try { neverDeclaredAnywhere = 1; } catch { strict = true; }",
        `export default ${BLOCK('reason + other + " " + __filename + " " + strict')};`,
        "",
      ].join("\n"),
      "helper.ts": 'export const reason = "import";\n',
      "other.cts": 'module.exports = "+require";\n',
    };
    expect(await reasonOf(files, "guard.ts")).toEqual({ errors: [], reason: "import+require own true" });
  });

  it("runs CommonJS's require at the top level of a module whose nested function declares a require of its own", async () => {
    const files = {
      "guard.ts": [
        'function local() { const require = (name: string) => "own " + name; return require("x"); }',
        'const { reason } = require("./helper.cts");',
        `export default ${BLOCK('reason + " / " + local()')};`,
        "",
      ].join("\n"),
      "helper.cts": 'exports.reason = "theirs";\n',
    };
    expect(await reasonOf(files, "guard.ts")).toEqual({ errors: [], reason: "theirs / own x" });
  });

  it("does not load ahead what an ES module's own require names, though it mentions module.exports", async () => {
    const files = {
      "guard.ts": [
        'import { createRequire } from "node:module";',
        "const require = createRequire(import.meta.url);",
        "const before = String((globalThis as Record<string, unknown>).sideRuns);",
        'const side = require("./side.cts");',
        "const unused = () => module.exports;",
        `export default ${BLOCK('before + " " + side')};`,
        "",
      ].join("\n"),
      // Node's own require runs an unknown extension as JavaScript.
      "side.cts": "const g = globalThis; g.sideRuns = (g.sideRuns ?? 0) + 1; module.exports = g.sideRuns;\n",
    };
    expect(await reasonOf(files, "guard.ts")).toEqual({ errors: [], reason: "undefined 1" });
  });

  it("leaves an ES module whose only require is a parameter's an ES module, with no `module`", async () => {
    const files = {
      "guard.ts": [
        'const call = (require: (name: string) => string) => require("./nowhere");',
        `export default ${BLOCK('call((name) => "own " + name) + " " + typeof module')};`,
        "",
      ].join("\n"),
    };
    expect(await reasonOf(files, "guard.ts")).toEqual({ errors: [], reason: "own ./nowhere undefined" });
  });

  it("sees CommonJS's require spelled with an escape", async () => {
    const files = {
      "guard.ts": `const { reason } = requ\\u0069re("./helper.cts");\nexport default ${BLOCK("reason")};\n`,
      "helper.cts": 'exports.reason = "escaped";\n',
    };
    expect(await reasonOf(files, "guard.ts")).toEqual({ errors: [], reason: "escaped" });
  });

  it("gives an ES module that uses __dirname without declaring it CommonJS's, as jiti and pi do", async () => {
    const files = {
      "guard.ts": `import path from "node:path";\nexport default ${BLOCK("path.basename(__dirname)")};\n`,
    };
    expect(await reasonOf(files, "guard.ts")).toEqual({ errors: [], reason: "project" });
  });

  // Node (and pi's jiti) run a required module at the require call: there `b` would see `early`.
  it("runs what it requires before its own body, so a require cycle sees the exports as they were before it", async () => {
    const files = {
      "guard.cts": `exports.early = "early";\nconst b = require("./b.cts");\nmodule.exports = ${BLOCK("b.seen")};\n`,
      "b.cts": 'const a = require("./guard.cts");\nexports.seen = String(a.early);\n',
    };
    expect(await reasonOf(files, "guard.cts")).toEqual({ errors: [], reason: "undefined" });
  });

  it("throws a failing helper's error where it is required, so a try/catch around it holds", async () => {
    const files = {
      "guard.cts": `let reason = "none";\ntry { require("./broken.ts"); } catch (e) { reason = e.message; }\ntry { require("./absent"); } catch (e) { reason += " / " + e.code; }\nmodule.exports = ${BLOCK("reason")};\n`,
      "broken.ts": 'throw new Error("helper failed");\n',
    };
    expect(await reasonOf(files, "guard.cts")).toEqual({
      errors: [],
      reason: "helper failed / ERR_MODULE_NOT_FOUND",
    });
  });

  it("refuses a require of a module named at run time, naming the file and the fix", async () => {
    const files = {
      "guard.cts": `const name = ["./", "helper"].join("");\nconst { reason } = require(name);\nmodule.exports = ${BLOCK("reason")};\n`,
      "helper.ts": 'export const reason = "helper";\n',
    };
    const { errors } = await reasonOf(files, "guard.cts");
    expect(errors).toMatchInlineSnapshot(`
      [
        "Hook module \`<cwd>/guard.cts\` could not be imported: \`require("./helper")\` in <cwd>/guard.cts names <cwd>/helper.ts, which was not loaded before the module ran. The runner loads what a CommonJS module requires with a string literal (\`require("./helper")\`) before running it; require it that way, or use \`await import(…)\`. Fix the module so it evaluates, then reload.",
      ]
    `);
  });

  it("is cached like an ES module: a warm start transforms nothing and gives the same result", async () => {
    const { root, cwd } = await project({
      "guard.cts": `const { reason } = require("./helper");\nmodule.exports = ${BLOCK("reason")};\n`,
      "helper.ts": 'export const reason: string = "cached";\n',
    });
    const cache = path.join(root, "cache");
    for (let round = 0; round < 2; round++) {
      const { hooks, errors } = await loadHooks([path.join(cwd, "guard.cts")], cwd, { fsCache: cache });
      expect(errors).toEqual([]);
      const result = await sessionlessRunner(hooks, cwd).emitToolCall({
        toolName: "bash",
        toolCallId: "1",
        input: {},
      });
      expect(result?.reason).toBe("cached");
    }
    expect((await readdir(path.join(cache, "hookwire"))).map((name) => name.split(".")[0]).sort()).toEqual([
      "guard",
      "helper",
    ]);
  });
});

describe("a trusted CommonJS module that requires a project file the walk could not see", () => {
  it("is refused as new code, as a computed import() is", async () => {
    const { root, cwd } = await project({
      ".pi/hooks/guard.cts": `const name = ["..", "..", "lib", "helper.ts"].join("/");\nconst { reason } = require(name);\nmodule.exports = ${BLOCK("reason")};\n`,
      "lib/helper.ts": 'export const reason = "from the helper";\n',
    });
    const home = path.join(root, "home");
    await mkdir(home);
    const options = {
      home,
      formats: HOOK_FORMATS,
      trustStore: path.join(root, "trust.json"),
      fsCache: false,
    };
    expect((await trustProject(cwd, options)).items).toEqual(["hook .pi/hooks/guard.cts"]);
    const loaded = await discoverAndLoadHooks([], cwd, options);
    expect(loaded.trust.trusted).toBe(true);
    expect(loaded.hooks).toEqual([]);
    expect(loaded.errors.map((entry) => normalise(entry.error.message, root))).toMatchInlineSnapshot(`
      [
        "Hook module \`.pi/hooks/guard.cts\` was not imported: lib/helper.ts (new) changed since the project was trusted, so its hooks no longer run. Review the change, then run \`hookwire trust --cwd <cwd>/project\` and reload the hooks.",
      ]
    `);
  });
});
