import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HOOK_FORMATS, trustProject } from "@hookwire/loader";
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

  it("gives settings hooks its session log as their transcript and its bash what SessionStart exported", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "hookwire-example-host-"));
    dirs.push(root);
    const cwd = path.join(root, "project");
    const home = path.join(root, "home");
    mkdirSync(path.join(cwd, ".claude/bin"), { recursive: true });
    mkdirSync(home);
    // SessionStart under `set -u` exports a variable; a Stop gate greps the transcript for a test run.
    writeFileSync(
      path.join(cwd, ".claude/bin/start.sh"),
      `#!/usr/bin/env bash\nset -euo pipefail\necho 'export SUITE="unit"' >> "$CLAUDE_ENV_FILE"\n`,
      { mode: 0o755 },
    );
    writeFileSync(
      path.join(cwd, ".claude/bin/gate.sh"),
      [
        "#!/usr/bin/env bash",
        "set -euo pipefail",
        `file=$(node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.parse(s).transcript_path))')`,
        'echo "$file" >> "$CLAUDE_PROJECT_DIR/seen.txt"',
        `grep -q '"name":"Bash","input":{"command":"npm test' "$file" && exit 0`,
        `echo '{"decision":"block","reason":"run npm test first"}'`,
      ].join("\n"),
      { mode: 0o755 },
    );
    const hook = (script: string) => [
      { hooks: [{ type: "command", command: `"$CLAUDE_PROJECT_DIR"/.claude/bin/${script}` }] },
    ];
    writeFileSync(
      path.join(cwd, ".claude/settings.json"),
      JSON.stringify({ hooks: { SessionStart: hook("start.sh"), Stop: hook("gate.sh") } }),
    );
    const script = path.join(root, "script.jsonl");
    writeFileSync(
      script,
      [
        '{"prompt": "first", "calls": [{"tool": "bash", "input": {"command": "echo \\"$SUITE\\" > suite.txt"}}], "reply": "done"}',
        '{"prompt": "second", "calls": [{"tool": "bash", "input": {"command": "npm test --version"}}], "reply": "done"}',
      ].join("\n"),
    );
    const discover = { home, trustStore: path.join(root, "trust.json"), formats: HOOK_FORMATS };
    await trustProject(cwd, discover);
    const lines: string[] = [];
    const host = await runSession({ cwd, script, print: (line) => lines.push(line), discover });
    expect(readFileSync(path.join(cwd, "suite.txt"), "utf8")).toBe("unit\n");
    // The first run had no test run: the gate kept asking for another turn, up to the host's cap (3); the
    // second run had one, so it stopped at once.
    const second = lines.findIndex((line) => line.includes('prompt: "second"'));
    const reprompts = (from: number, to?: number) =>
      lines.slice(from, to).filter((line) => line.includes("a hook asked for another turn"));
    expect(reprompts(0, second)).toHaveLength(3);
    expect(reprompts(second)).toHaveLength(0);
    const seen = readFileSync(path.join(cwd, "seen.txt"), "utf8").trim().split("\n");
    expect(new Set(seen)).toEqual(new Set([host.session.getTranscriptPath()]));
    expect(seen).toHaveLength(5);
    expect(path.dirname(seen[0] ?? "")).toBe(path.join(cwd, ".sessions", "transcripts"));
  });
});
