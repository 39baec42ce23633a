import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runSession } from "../src/index.js";

const exampleHooks = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../hooks/hooks");
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the example host", () => {
  it("runs a scripted session through configured hook modules and reports untrusted project hooks", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "hookwire-example-host-"));
    dirs.push(root);
    const cwd = path.join(root, "project");
    const home = path.join(root, "home");
    mkdirSync(path.join(cwd, ".hookwire/hooks"), { recursive: true });
    mkdirSync(home);
    writeFileSync(path.join(cwd, ".hookwire/hooks/noop.ts"), "export default () => {};\n");
    const script = path.join(root, "script.jsonl");
    writeFileSync(
      script,
      '{"prompt": "tests", "calls": [{"tool": "bash", "input": {"command": "npm test --version"}}], "reply": "ok"}\n',
    );
    const lines: string[] = [];
    await runSession({
      cwd,
      script,
      hooks: [path.join(exampleHooks, "prefer-pnpm.ts")],
      print: (line) => lines.push(line),
      discover: { home, trustStore: path.join(root, "trust.json") },
    });
    const trace = lines.join("\n").replaceAll(cwd, "<cwd>").replaceAll(exampleHooks, "<hooks>");
    expect(trace.split("\n").slice(0, 5).join("\n")).toMatchInlineSnapshot(`
      "⚠ .hookwire/hooks/noop.ts not loaded; hookwire trust --cwd <cwd>
      ● session_start
      ▶ prompt: "tests"
        ⚙ bash {"command":"npm test --version"}
          ✎ <hooks>/prefer-pnpm.ts rewrote the input: {"command":"pnpm test --version"}"
    `);
  });
});
