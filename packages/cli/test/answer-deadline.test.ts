// The adapter's own deadline (`answerInTime`): when hooks are still running, the refusal names them and their whole
// process trees are killed, so nothing a call started outlives it; the log says `error`, with the call's tool and target.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerInTime } from "../src/adapter/run-hook.js";
import { flushRecords } from "../src/log/recorder.js";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";

afterEach(() => vi.unstubAllEnvs());

/** Processes whose command line holds `needle`. */
function survivors(needle: string): string[] {
  const out = execFileSync("ps", ["-eo", "pid=,stat=,args="], { encoding: "utf8" });
  return out
    .split("\n")
    .filter((line) => line.includes(needle) && !/\bZ/.test(line.trim().split(/\s+/)[1] ?? ""))
    .map((line) => line.trim());
}

async function gone(needle: string): Promise<string[]> {
  for (let i = 0; i < 40 && survivors(needle).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
  return survivors(needle);
}

describe("the answer deadline", () => {
  it("names the hooks still running, kills their process trees, refuses the call and logs error", async () => {
    const box = sandbox("connect");
    const n = 800_000 + Math.floor(Math.random() * 90_000);
    const settings = {
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "command", command: `sleep ${n}` },
              { type: "command", command: `sh -c 'sleep ${n + 1} & wait'` },
            ],
          },
        ],
      },
    };
    mkdirSync(path.join(box.cwd, ".hookwire"), { recursive: true });
    writeFileSync(path.join(box.cwd, ".hookwire/settings.json"), JSON.stringify(settings));
    expect((await box.run(["trust", "--yes"])).code).toBe(0);
    const state = path.join(box.home, "state");
    vi.stubEnv("HOME", box.home);
    vi.stubEnv("XDG_CONFIG_HOME", path.join(box.home, ".config"));
    vi.stubEnv("XDG_STATE_HOME", state);
    vi.stubEnv("XDG_CACHE_HOME", path.join(box.home, "cache"));
    const input = JSON.stringify({
      session_id: "s-late",
      transcript_path: "",
      cwd: box.cwd,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls -la /tmp" },
      tool_use_id: "toolu_1",
    });
    const started = Date.now();
    const response = await answerInTime(
      "claude",
      "PreToolUse",
      { failOpen: false },
      Promise.resolve(input),
      undefined,
      {},
      15_000,
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    const answer = JSON.parse(response.stdout).hookSpecificOutput;
    expect(answer.permissionDecision).toBe("deny");
    expect(answer.permissionDecisionReason).toMatchInlineSnapshot(
      `"hookwire failed (no answer within 15 s: \`.hookwire/settings.json#hooks.PreToolUse[0].hooks[0]\`, \`.hookwire/settings.json#hooks.PreToolUse[0].hooks[1]\` were still running and were killed); the call is refused. Run \`hookwire doctor\` to see why; connect with --fail-open to let calls through when hookwire fails."`,
    );
    expect(await gone(`sleep ${n}`)).toEqual([]);
    expect(await gone(`sleep ${n + 1}`)).toEqual([]);
    await flushRecords();
    const lines = readFileSync(path.join(state, "hookwire/decisions.jsonl"), "utf8").trim().split("\n");
    const last = JSON.parse(lines.at(-1) as string);
    expect(last).toMatchObject({
      agent: "claude",
      session: "s-late",
      event: "PreToolUse",
      native: "tool_call",
      project: box.cwd,
      // What the call was about, as any other decision records it.
      tool: "bash",
      target: "ls -la /tmp",
      decision: "error",
    });
    expect(last.reason).toContain("were still running and were killed");
  }, 60_000);
});
