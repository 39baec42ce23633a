import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { discoverAndLoadHooks, HOOK_FORMATS, loadHooks, trustProject } from "../src/index.js";
import { normalise, tempDir } from "./helpers/fixtures.js";
import { sessionlessRunner } from "./helpers/runner.js";

const PI = "@mariozechner/pi-coding-agent";

/** A project without node_modules, and a stand-in for the host's pi package (what pi's own alias names). */
async function project(files: Record<string, string>) {
  const root = await tempDir();
  const cwd = path.join(root, "project");
  const host = path.join(root, "host", "pi.js");
  await mkdir(path.dirname(host), { recursive: true });
  await writeFile(path.join(path.dirname(host), "package.json"), `{ "type": "module" }\n`);
  await writeFile(
    host,
    `export const VERSION = "host";\nexport function isBash(e) { return e.toolName === "bash"; }\n`,
  );
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(cwd, file)), { recursive: true });
    await writeFile(path.join(cwd, file), text);
  }
  return { root, cwd, alias: { [PI]: host } };
}

const GUARD = `(event) => /rm -rf/.test(String(event.input.command)) ? { block: true, reason: "no rm -rf" } : undefined`;

const modules: Array<{ name: string; file: string; text: string }> = [
  {
    name: ".js importing @hookwire/core",
    file: "guard.js",
    text: `import { isToolEvent } from "@hookwire/core";\nexport default (pi) => pi.on("tool_call", (e) => isToolEvent(e, "bash") ? (${GUARD})(e) : undefined);\n`,
  },
  {
    name: ".mjs importing @hookwire/core",
    file: "guard.mjs",
    text: `import { isToolEvent } from "@hookwire/core";\nexport default (pi) => pi.on("tool_call", (e) => isToolEvent(e, "bash") ? (${GUARD})(e) : undefined);\n`,
  },
  {
    name: ".cjs requiring @hookwire/core",
    file: "guard.cjs",
    text: `const { isToolEvent } = require("@hookwire/core");\nmodule.exports = (pi) => pi.on("tool_call", (e) => isToolEvent(e, "bash") ? (${GUARD})(e) : undefined);\n`,
  },
  {
    name: `.cjs requiring ${PI}`,
    file: "guard.cjs",
    text: `const { isBash } = require("${PI}");\nmodule.exports = (pi) => pi.on("tool_call", (e) => isBash(e) ? (${GUARD})(e) : undefined);\n`,
  },
  {
    name: `.cts requiring ${PI}`,
    file: "guard.cts",
    text: `const { isBash } = require("${PI}");\nmodule.exports = (pi: any) => pi.on("tool_call", (e: any) => isBash(e) ? (${GUARD})(e) : undefined);\n`,
  },
  {
    name: `.js importing ${PI}`,
    file: "guard.js",
    text: `import { isBash } from "${PI}";\nexport default (pi) => pi.on("tool_call", (e) => isBash(e) ? (${GUARD})(e) : undefined);\n`,
  },
  {
    name: `.mjs importing ${PI}`,
    file: "guard.mjs",
    text: `import * as host from "${PI}";\nexport default (pi) => pi.on("tool_call", (e) => host.isBash(e) ? (${GUARD})(e) : undefined);\n`,
  },
  {
    name: ".ts importing a .js helper that imports @hookwire/core",
    file: "guard.ts",
    text: `import { guard } from "./lib/check.js";\nexport default (pi: any) => pi.on("tool_call", guard);\n`,
  },
  {
    name: ".js importing a .js helper that imports @hookwire/core",
    file: "guard.js",
    text: `import { guard } from "./lib/check.js";\nexport default (pi) => pi.on("tool_call", guard);\n`,
  },
];

const HELPER = `import { isToolEvent } from "@hookwire/core";\nexport const guard = (e) => isToolEvent(e, "bash") ? (${GUARD})(e) : undefined;\n`;

async function blocks(
  file: string,
  cwd: string,
  alias: Record<string, string>,
  fsCache: string | false = false,
) {
  const { hooks, errors } = await loadHooks([file], cwd, { alias, fsCache });
  expect(errors.map((e) => e.error.message)).toEqual([]);
  const runner = sessionlessRunner(hooks, cwd);
  const input = (command: string) => ({ toolName: "bash", toolCallId: "1", input: { command } });
  return {
    blocked: await runner.emitToolCall(input("rm -rf /")),
    allowed: await runner.emitToolCall(input("ls")),
  };
}

describe("JavaScript hook modules that import an aliased package", () => {
  it.each(modules)("load in a project without node_modules: $name", async ({ file, text }) => {
    const { cwd, alias } = await project({ [`.pi/hooks/${file}`]: text, ".pi/hooks/lib/check.js": HELPER });
    const { blocked, allowed } = await blocks(path.join(cwd, ".pi/hooks", file), cwd, alias);
    expect(blocked).toMatchObject({ block: true, reason: "no rm -rf" });
    expect(allowed?.block).not.toBe(true);
  });

  it("runs in the runner only when its imports name an alias: plain JavaScript stays native", async () => {
    const hook = `export default (pi) => pi.on("tool_call", () => undefined);\n`;
    const { root, cwd, alias } = await project({
      "plain.js": `import { relative } from "node:path";\nimport "./lib/util.js";\n${hook}`,
      "lib/util.js": "export const util = 1;\n",
      "aliased.js": `import { isToolEvent } from "@hookwire/core";\n${hook}`,
    });
    const cache = path.join(root, "cache");
    const { errors } = await loadHooks([path.join(cwd, "plain.js"), path.join(cwd, "aliased.js")], cwd, {
      alias,
      fsCache: cache,
    });
    expect(errors).toEqual([]);
    // The runner keeps its transforms there; what Node imports itself leaves nothing.
    const entries = (await readdir(path.join(cache, "hookwire"))).map((name) => name.split(".")[0]);
    expect(entries.filter((name) => ["plain", "util", "aliased"].includes(name!))).toEqual(["aliased"]);
  });

  it("places a syntax error of an aliased JavaScript module", async () => {
    const { cwd, alias } = await project({
      "broken.js": `import { isToolEvent } from "@hookwire/core";\n\nexport default (pi) => {\n  pi.on("tool_call", (e) => { return ));\n};\n`,
    });
    const { errors } = await loadHooks([path.join(cwd, "broken.js")], cwd, { alias, fsCache: false });
    expect(normalise(errors[0]!.error.message, cwd)).toMatchInlineSnapshot(`
      "Hook module \`<cwd>/broken.js\` could not be imported: Unexpected token (at <cwd>/broken.js:4:37). Fix the module so it evaluates, then reload.
      Unexpected token
      <cwd>/broken.js:4:37"
    `);
  });

  it("reads a changed alias, not a transform cached for the same source", async () => {
    const { root, cwd, alias } = await project({
      "version.js": `import { VERSION } from "${PI}";\nexport default (pi) => pi.on("tool_call", () => ({ block: true, reason: VERSION }));\n`,
    });
    const other = path.join(root, "host", "other.js");
    await writeFile(other, `export const VERSION = "other";\n`);
    const cache = path.join(root, "cache");
    const reason = async (to: Record<string, string>) => {
      const { hooks } = await loadHooks([path.join(cwd, "version.js")], cwd, { alias: to, fsCache: cache });
      return (
        await sessionlessRunner(hooks, cwd).emitToolCall({ toolName: "bash", toolCallId: "1", input: {} })
      )?.reason;
    };
    expect(await reason(alias)).toBe("host");
    expect(await reason({ [PI]: other })).toBe("other");
  });

  it("is trusted with every file it imports: editing the helper after trust untrusts the project", async () => {
    const { root, cwd, alias } = await project({
      ".pi/hooks/guard.js": `import { guard } from "./lib/check.js";\nexport default (pi) => pi.on("tool_call", guard);\n`,
      ".pi/hooks/lib/check.js": HELPER,
    });
    const home = path.join(root, "home");
    await mkdir(home);
    const options = {
      home,
      formats: HOOK_FORMATS,
      trustStore: path.join(root, "trust.json"),
      fsCache: false,
      alias,
    };
    const status = await trustProject(cwd, options);
    expect(status.items).toContain("support .pi/hooks/lib/check.js");
    const trusted = await discoverAndLoadHooks([], cwd, options);
    expect(trusted.errors).toEqual([]);
    const outcome = await sessionlessRunner(trusted.hooks, cwd).emitToolCall({
      toolName: "bash",
      toolCallId: "1",
      input: { command: "rm -rf /" },
    });
    expect(outcome).toMatchObject({ block: true });
    await writeFile(path.join(cwd, ".pi/hooks/lib/check.js"), `${HELPER}\nexport const pwned = 1;\n`);
    expect((await discoverAndLoadHooks([], cwd, options)).trust.trusted).toBe(false);
  });
});
