// CommonJS extensions (`.cts`, a `.ts` that uses `require`) loaded by the real pi 0.73 (jiti) and by hookwire's
// module runner, case by case: the same result, except the corners written down here.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { HookRunner } from "@hookwire/core";
import { loadHooks } from "@hookwire/loader";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../support/temp-dir.js";
import { pi073 } from "./support/pi-packages.js";

// biome-ignore lint/suspicious/noExplicitAny: pi's loader is driven through its untyped dist module.
type Any = any;

const folder = tempDir("pi-commonjs");
afterAll(() => folder.remove());
let counter = 0;

/** The case's files in a fresh folder; returns the entry's path. */
function write(files: Record<string, string>): string {
  const dir = path.join(folder.dir, `case-${counter++}`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return path.join(dir, Object.keys(files)[0]!);
}

const EVENT = { type: "tool_call", toolName: "bash", toolCallId: "1", input: { command: "ls" } };

/** The reason the extension's tool_call handler blocks with in pi, or the load error pi reports. */
async function inPi(entry: string): Promise<string> {
  const { loadExtensions } = await pi073.load<Any>("core/extensions/loader.js");
  const { extensions, errors } = await loadExtensions([entry], path.dirname(entry));
  if (errors.length > 0) return `error: ${errors[0].error}`;
  const handler = extensions[0].handlers.get("tool_call")[0];
  return (await handler(EVENT, {}))?.reason;
}

/** The same through hookwire's loader and runner. */
async function inHookwire(entry: string): Promise<string> {
  const cwd = path.dirname(entry);
  const { hooks, errors } = await loadHooks([entry], cwd, { fsCache: false });
  if (errors.length > 0) return `error: ${errors[0]!.error.message}`;
  const runner = new HookRunner(hooks, { cwd });
  runner.initialize({ sendMessageHandler: () => {}, appendEntryHandler: () => {} });
  return ((await runner.emitToolCall(EVENT)) as { reason?: string } | undefined)?.reason as string;
}

const BLOCK = (reason: string) =>
  `(pi: any) => pi.on("tool_call", () => ({ block: true, reason: ${reason} }))`;

const same: Array<{ name: string; files: Record<string, string>; reason: string }> = [
  {
    name: "module.exports of a factory",
    files: { "ext.cts": `module.exports = ${BLOCK('"plain"')};\n` },
    reason: "plain",
  },
  {
    name: "a .ts requiring a TypeScript ES module's named export",
    files: {
      "ext.ts": `const { reason } = require("./helper");\nmodule.exports = ${BLOCK("reason")};\n`,
      "helper.ts": 'export const reason: string = "named";\n',
    },
    reason: "named",
  },
  {
    name: "TypeScript's CommonJS output (`__esModule`, `exports.default`)",
    files: {
      "ext.cts": `Object.defineProperty(exports, "__esModule", { value: true });\nexports.default = ${BLOCK('"esModule"')};\n`,
    },
    reason: "esModule",
  },
  {
    name: "a CommonJS helper and a built-in",
    files: {
      "ext.cts": `const join = require("./join.cts");\nconst os = require("node:os");\nmodule.exports = ${BLOCK('join("a", typeof os.platform())')};\n`,
      "join.cts": 'module.exports = (a: string, b: string) => a + "+" + b;\n',
    },
    reason: "a+string",
  },
  {
    name: "import declarations beside requires",
    files: {
      "ext.ts": `import { a } from "./a.ts";\nconst b = require("./b.cts");\nmodule.exports = ${BLOCK("a + b")};\n`,
      "a.ts": 'export const a = "import";\n',
      "b.cts": 'module.exports = "+require";\n',
    },
    reason: "import+require",
  },
  {
    name: "requiring an ES module with a default export (its namespace, as Node's require(esm) gives it)",
    files: {
      "ext.cts": `const helper = require("./helper.ts");\nmodule.exports = ${BLOCK("typeof helper + typeof helper.default")};\n`,
      "helper.ts": "export default function helper() {}\n",
    },
    reason: "objectfunction",
  },
  {
    name: "CommonJS's require at the top level beside a nested function's own require",
    files: {
      "ext.ts": `function local() { const require = (name: string) => "own " + name; return require("x"); }\nconst { reason } = require("./helper.cts");\nexport default ${BLOCK('reason + " / " + local()')};\n`,
      "helper.cts": 'exports.reason = "theirs";\n',
    },
    reason: "theirs / own x",
  },
  {
    name: "an ES module that uses __dirname without declaring it",
    files: {
      "ext.ts": `import path from "node:path";\nexport default ${BLOCK("path.basename(__dirname).slice(0, 5)")};\n`,
    },
    reason: "case-",
  },
];

describe(`CommonJS extensions in pi ${pi073.version} and in hookwire`, () => {
  it.each(same)("give the same result: $name", async ({ files, reason }) => {
    const entry = write(files);
    expect({ pi: await inPi(entry), hookwire: await inHookwire(entry) }).toEqual({
      pi: reason,
      hookwire: reason,
    });
  });

  it("differ on when a required module runs: at the require in pi, before the body in hookwire", async () => {
    const entry = write({
      "ext.cts": `exports.early = "early";\nconst b = require("./b.cts");\nmodule.exports = ${BLOCK("b.seen")};\n`,
      "b.cts": 'const a = require("./ext.cts");\nexports.seen = String(a.early);\n',
    });
    expect({ pi: await inPi(entry), hookwire: await inHookwire(entry) }).toEqual({
      pi: "early",
      hookwire: "undefined",
    });
  });

  it("differ on a require of a name computed at run time: pi runs it, hookwire refuses it", async () => {
    const entry = write({
      "ext.cts": `const name = ["./", "helper"].join("");\nconst { reason } = require(name);\nmodule.exports = ${BLOCK("reason")};\n`,
      "helper.ts": 'export const reason = "computed";\n',
    });
    const hookwire = await inHookwire(entry);
    expect({ pi: await inPi(entry), hookwire: hookwire.slice(0, 6) }).toEqual({
      pi: "computed",
      hookwire: "error:",
    });
    expect(hookwire).toContain("which was not loaded before the module ran");
  });
});
