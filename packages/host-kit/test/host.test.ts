import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createNoOpUIContext } from "@hookwire/core";
import { createSettingsHooks, readSettingsFile, SessionEnvironment } from "@hookwire/settings-hooks";
import { describe, expect, it } from "vitest";
import { AgentHost } from "../src/index.js";

async function hostWith(settings: unknown) {
  const cwd = mkdtempSync(path.join(tmpdir(), "hookwire-host-"));
  mkdirSync(path.join(cwd, ".claude"));
  const file = path.join(cwd, ".claude", "settings.json");
  writeFileSync(file, JSON.stringify(settings));
  const { handlers } = await readSettingsFile({ file, scope: "project", dialect: "claude" });
  const sessionEnv = new SessionEnvironment(path.join(cwd, ".session-env"));
  const hooks = [await createSettingsHooks(handlers, { cwd, sessionEnv })];
  const lines: string[] = [];
  const host = new AgentHost({
    cwd,
    sessionDir: path.join(cwd, ".sessions"),
    hooks,
    ui: createNoOpUIContext(),
    hasUI: false,
    print: (line) => lines.push(line),
    sessionEnv,
  });
  return { cwd, host, lines };
}

describe("AgentHost", () => {
  it("ends the run when a hook answers continue:false: that call still runs, nothing after it", async () => {
    const { cwd, host, lines } = await hostWith({
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [{ type: "command", command: `echo '{"continue":false,"stopReason":"enough"}'` }],
          },
        ],
      },
    });
    await host.prompt("go", [
      { tool: "bash", input: { command: "echo one > one.txt" } },
      { tool: "bash", input: { command: "echo two > two.txt" } },
    ]);
    expect(existsSync(path.join(cwd, "one.txt"))).toBe(true);
    expect(existsSync(path.join(cwd, "two.txt"))).toBe(false);
    expect(lines).toMatchInlineSnapshot(`
      [
        "▶ prompt: "go"",
        "  ⚙ bash {"command":"echo one > one.txt"}",
        "    ✔ (no output)",
        "  ■ a hook ended the run",
      ]
    `);
    // The next prompt runs normally.
    await host.prompt("again", [], "ok");
    expect(lines.at(-1)).toBe("  ◆ ok");
  });

  it("runs bash with what SessionStart hooks exported to CLAUDE_ENV_FILE", async () => {
    const { cwd, host } = await hostWith({
      hooks: {
        SessionStart: [
          {
            hooks: [
              { type: "command", command: `set -u; echo 'export STAGE="from hook"' >> "$CLAUDE_ENV_FILE"` },
            ],
          },
        ],
      },
    });
    await host.start();
    await host.prompt("go", [{ tool: "bash", input: { command: 'echo "$STAGE" > stage.txt' } }]);
    expect(readFileSync(path.join(cwd, "stage.txt"), "utf8")).toBe("from hook\n");
  });
});
