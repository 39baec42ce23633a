import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { runDemo } from "../src/demo/run-demo.js";

// The build assembles the demo project in dist/demo/ (the source modules read it there too).
beforeAll(() => ensureBuilt());

const kept: string[] = [];
afterEach(() => {
  for (const dir of kept.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the bundled demo", () => {
  it("runs the scripted session and shows every kind of hook decision", async () => {
    const lines: string[] = [];
    const { projectDir, sessionFiles } = await runDemo({ print: (line) => lines.push(line), keep: true });
    kept.push(path.dirname(projectDir));
    const trace = lines
      .join("\n")
      .replaceAll(projectDir, "<cwd>")
      // pnpm echoes the script it runs; its exact banner is pnpm's, not ours.
      .replace(/✔ .*3 tests passed/, "✔ … 3 tests passed");
    expect(trace).toMatchInlineSnapshot(`
      "hookwire demo in <cwd>
      trusted the copy (11 items, as \`hookwire trust\` would)
      loaded 8 hooks: .hookwire/hooks/block-rm-rf.ts, .hookwire/hooks/drop-debug-messages.ts, .hookwire/hooks/handoff.ts, .hookwire/hooks/prefer-pnpm.ts, .hookwire/hooks/protected-paths.ts, .hookwire/hooks/redact-secrets.ts, .hookwire/hooks/status-line.ts, .claude/settings.json
      ● session_start
        ↳ message from .claude/settings.json (hook_context): Project project: run \`pnpm test\` before you commit; never edit .env files.
      ▶ prompt: "Clean the build output"
        ⚙ bash {"command":"rm -rf build"}
          ? Dangerous command: Allow: rm -rf build → no
          ✖ blocked by .hookwire/hooks/block-rm-rf.ts: user denied command
        ◆ I left build/ alone.
        [status] idle
      ▶ prompt: "Publish the branch"
        ⚙ bash {"command":"git push --force origin main"}
          ✖ blocked by .claude/settings.json#hooks.PreToolUse[0].hooks[0]: Force-pushing is not allowed here; push normally or open a pull request.
        ◆ Force-pushing is not allowed here.
        [status] 1 tool call (last: bash) · idle
      ▶ prompt: "What does the service config say?"
        ⚙ read {"path":"config.env"}
          ✎ .hookwire/hooks/redact-secrets.ts rewrote the result
          ✔ # Service configuration SERVICE_URL=https://api.example.com API_KEY=[REDACTED] TIMEOUT=30
        ◆ It points at api.example.com with a 30 s timeout.
        [status] 1 tool call (last: read) · idle
      ▶ prompt: "Run the tests"
        ⚙ bash {"command":"npm test"}
          ✎ .hookwire/hooks/prefer-pnpm.ts rewrote the input: {"command":"pnpm test"}
          ✔ … 3 tests passed
        ◆ All tests pass.
        [status] 1 tool call (last: bash) · idle
      ▶ prompt: "Write release notes and set the token"
        ⚙ write {"path":"NOTES.md","content":"# Release notes   \\n\\n- hooks everywhere  \\n"}
          ✔ Wrote 41 bytes to NOTES.md
            + [hook .claude/settings.json#hooks.PostToolUse[0].hooks[0]] formatted NOTES.md (trailing whitespace removed)
        ⚙ write {"path":".env","content":"TOKEN=abc\\n"}
          ✖ blocked by .hookwire/hooks/protected-paths.ts: Protected path: .env holds secrets
        ◆ Notes written; .env is protected.
        [status] 1 tool call (last: write) · idle
      ▶ command: /handoff continue with the release
        ↳ new session .sessions/session-2.jsonl (parent .sessions/session-1.jsonl)
          first message: Continue from prior session summary (<cwd>/.sessions/session-1.jsonl). Note: continue with the release
          ℹ Handed off to a new session
        [status] 1 tool call (last: write) · idle
      ● session_shutdown
      sessions: .sessions/session-1.jsonl, .sessions/session-2.jsonl
      kept <cwd>"
    `);

    expect(existsSync(path.join(projectDir, "build/app.js"))).toBe(true);
    expect(existsSync(path.join(projectDir, ".env"))).toBe(false);
    expect(readFileSync(path.join(projectDir, "NOTES.md"), "utf8")).toBe(
      "# Release notes\n\n- hooks everywhere\n",
    );
    const first = readFileSync(sessionFiles[0]!, "utf8");
    expect(first).toContain("API_KEY=[REDACTED]");
    expect(first).not.toContain("sk-live");
    const second = readFileSync(sessionFiles[1]!, "utf8").split("\n")[0]!;
    expect(JSON.parse(second)).toMatchObject({ type: "session", parentSession: sessionFiles[0] });
  });

  it("removes its temporary folder when it is done", async () => {
    const tmpRoot = mkdtempSync(path.join(tmpdir(), "hookwire-demo-root-"));
    kept.push(tmpRoot);
    const lines: string[] = [];
    const { projectDir } = await runDemo({ print: (line) => lines.push(line), tmpRoot });
    expect(projectDir.startsWith(tmpRoot)).toBe(true);
    expect(readdirSync(tmpRoot)).toEqual([]);
    expect(lines.at(-1)).toBe("removed the demo folder (--keep keeps it)");
  });
});
