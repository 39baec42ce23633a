import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";

vi.setConfig({ testTimeout: 90_000 });

const BODY = `(pi) => pi.on("tool_call", (e) => isToolEvent(e, "bash") && /rm -rf/.test(e.input.command) ? { block: true, reason: "no rm -rf" } : undefined)`;

/** A project with no node_modules: `@hookwire/core` is only the host's. */
function project(files: Record<string, string>) {
  const box = sandbox("basic");
  for (const name of readdirSync(box.cwd)) rmSync(path.join(box.cwd, name), { recursive: true, force: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(box.cwd, name)), { recursive: true });
    writeFileSync(path.join(box.cwd, name), text);
  }
  return box;
}

const rmRf = [
  "emit",
  "tool_call",
  "--input",
  JSON.stringify({ toolName: "bash", input: { command: "rm -rf /" } }),
];

describe("hookwire emit with JavaScript hooks that import @hookwire/core", () => {
  it.each([
    ["guard.js", `import { isToolEvent } from "@hookwire/core";\nexport default ${BODY};\n`],
    ["guard.mjs", `import { isToolEvent } from "@hookwire/core";\nexport default ${BODY};\n`],
    ["guard.cjs", `const { isToolEvent } = require("@hookwire/core");\nmodule.exports = ${BODY};\n`],
  ])("blocks rm -rf with %s", async (file, text) => {
    const box = project({ [`.pi/hooks/${file}`]: text });
    expect((await box.run(["trust", "--yes"])).code).toBe(0);
    const run = await box.run(rmRf);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain(`✖ .pi/hooks/${file}  block`);
    expect(run.code).toBe(1);
  });

  it("still runs a plain .js hook, and untrusts the project when a helper it imports is edited", async () => {
    const box = project({
      ".pi/hooks/guard.js": `import { check } from "../lib/check.js";\nexport default (pi) => pi.on("tool_call", (e) => check(String(e.input.command)));\n`,
      ".pi/lib/check.js": `export const check = (command) => /rm -rf/.test(command) ? { block: true, reason: "plain" } : undefined;\n`,
    });
    expect((await box.run(["trust", "--yes"])).code).toBe(0);
    const run = await box.run(rmRf);
    expect(run.stdout).toContain("✖ .pi/hooks/guard.js  block");
    expect(run.code).toBe(1);
    writeFileSync(path.join(box.cwd, ".pi/lib/check.js"), "export const check = () => undefined;\n");
    const after = await box.run(rmRf);
    expect(after.code).toBe(3);
  });
});
