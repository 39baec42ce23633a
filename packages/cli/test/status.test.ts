// `hookwire status`: the server, the connected files, and each agent session's last event, from what hookwire keeps.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";
import { boxEnv } from "./serve-harness.js";

// The commands run in this process. The three hook calls start the built binary: bin/hookwire.js's hook path is what
// starts the server and forwards them to it.
beforeAll(() => ensureBuilt(), 300_000);

const GUARD = `export default (pi) => pi.on("tool_call", (e) => e.input.command.includes("rm") ? { block: true, reason: "no rm" } : undefined);\n`;

const event = (cwd: string, command: string, session: string) =>
  JSON.stringify({
    session_id: session,
    transcript_path: "",
    cwd,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
  });

describe("hookwire status", () => {
  it("shows the server, what connect wrote, and each session's last event and who decided", async () => {
    const box = sandbox("connect");
    mkdirSync(path.join(box.cwd, ".hookwire/hooks"), { recursive: true });
    writeFileSync(path.join(box.cwd, ".hookwire/hooks/guard.mjs"), GUARD);
    const env = { ...boxEnv(box) };
    expect((await box.run(["trust", "--yes"], { env })).code).toBe(0);
    expect((await box.run(["connect", "claude"], { env })).code).toBe(0);
    expect((await box.run(["status"], { env })).stdout).toMatchInlineSnapshot(`
      "server: off (HOOKWIRE_SERVER=off or "server": "off"): every call starts its own process

      connected:
        claude   project <cwd>/.claude/settings.local.json

      sessions: no event seen yet (hookwire log shows every decision once there are some)
      "
    `);
    const auto = { ...env, HOOKWIRE_SERVER: "" };
    box.binary(["hook", "claude", "PreToolUse"], { env: auto, input: event(box.cwd, "rm -rf x", "s-1") });
    box.binary(["hook", "claude", "PreToolUse"], { env: auto, input: event(box.cwd, "ls", "s-1") });
    box.binary(["hook", "claude", "PreToolUse"], { env: auto, input: "not json" });
    const serverFile = path.join(box.home, ".local/state/hookwire/run/serve.tcp");
    const end = Date.now() + 30_000;
    while (!existsSync(serverFile) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    try {
      // Its file is written as it starts listening; in-process, status can ask before the server answers.
      await expect
        .poll(
          async () =>
            JSON.parse((await box.run(["status", "--json"], { env: auto })).stdout).server.running?.pid,
          {
            timeout: 30_000,
          },
        )
        .toBeGreaterThan(0);
      const text = (await box.run(["status"], { env: auto })).stdout;
      expect(
        text
          .replace(
            /pid \d+, since [^,]+, \d+ calls?, \d+ projects? loaded/,
            "pid <pid>, since <time>, <n> calls, <n> projects loaded",
          )
          .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "<time>"),
      ).toMatchInlineSnapshot(`
        "server: running (pid <pid>, since <time>, <n> calls, <n> projects loaded)

        connected:
          claude   project <cwd>/.claude/settings.local.json

        sessions (most recent first):
          claude (no session id)    last PreToolUse <time> (error)
            1 event: error 1
            ! error: Unexpected token 'o', "not json" is not valid JSON
          claude s-1  <cwd>  last PreToolUse <time> (none)
            2 events: block 1, none 1
            decided by: .hookwire/hooks/guard.mjs 1
        "
      `);
      const json = JSON.parse((await box.run(["status", "--json"], { env: auto })).stdout);
      expect(json.server.running.pid).toBeGreaterThan(0);
      expect(json.sessions.find((s: { session: string }) => s.session === "s-1")).toMatchObject({
        agent: "claude",
        events: 2,
        decisions: { block: 1, none: 1 },
      });
    } finally {
      await box.run(["serve", "--stop"], { env: auto });
    }
  }, 90_000);
});
