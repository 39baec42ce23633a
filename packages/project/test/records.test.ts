// The decision records an in-process host (pi, opencode) writes: what each tool call's record says, the secrets it
// never keeps, and the state folders it refuses to write into (someone else could read or plant lines there).
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { decisionLogFile, flushDecisions, readDecisions, toolCallRecords } from "../src/records.js";

const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "hw-records-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ENV = ["XDG_STATE_HOME", "OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"] as const;
const saved = Object.fromEntries(ENV.map((key) => [key, process.env[key]]));
let state: string;
beforeEach(() => {
  state = path.join(root, `state-${Math.random().toString(36).slice(2)}`);
  process.env.XDG_STATE_HOME = state;
  for (const key of ENV.slice(1)) delete process.env[key];
});
afterEach(() => {
  for (const key of ENV) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

const GITHUB = `ghp_${"A1b2C3d4E5".repeat(4)}`;
const calls = () => toolCallRecords("pi", "/work/app", 0);

/** One recorded call, written at once. */
function recordOne(
  input: Record<string, unknown>,
  outcome: unknown,
  failures?: { hookPath: string; why: string }[],
) {
  calls()({ session: "s1", event: "tool_call", toolName: "bash", input })(outcome, failures);
  flushDecisions();
}

describe("an in-process host's tool-call record", () => {
  it("says who, where, what the agent asked (before a rewrite changes the input in place) and who decided", () => {
    const input = { command: "echo original" };
    const done = calls()({ session: "s1", event: "tool_call", toolName: "bash", input });
    input.command = "echo rewritten";
    done({ block: true, reason: "no", blockedBy: ".hookwire/hooks/guard.js" });
    flushDecisions();
    const [record] = readDecisions();
    expect(decisionLogFile()).toBe(path.join(state, "hookwire/decisions.jsonl"));
    expect(record).toMatchObject({
      agent: "pi",
      user: os.userInfo().username,
      host: os.hostname(),
      session: "s1",
      event: "tool_call",
      native: "tool_call",
      project: "/work/app",
      tool: "bash",
      target: "echo original",
      hook: ".hookwire/hooks/guard.js",
      decision: "block",
      reason: "no",
    });
    expect(record?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("keeps no secret of the command or the reason, and cuts a huge reason", () => {
    recordOne(
      { command: `curl -H "Authorization: token ${GITHUB}" x` },
      { block: true, reason: `${GITHUB} ${"x".repeat(50_000)}` },
    );
    const [record] = readDecisions();
    expect(JSON.stringify(record)).not.toContain(GITHUB);
    expect(record?.reason?.length).toBeLessThanOrEqual(2001);
  });

  it("records a call hooks failed on as `error`, naming the hook and whether the call was refused", () => {
    const failure = {
      hookPath: ".claude/settings.json#hooks.PreToolUse[0].hooks[0]",
      why: "exited with code 127",
    };
    recordOne({ command: "ls" }, { block: true, reason: "refused", blockedBy: failure.hookPath }, [failure]);
    recordOne({ command: "ls" }, { block: false }, [failure]);
    expect(readDecisions().map((d) => [d.decision, d.hook, d.reason])).toMatchInlineSnapshot(`
      [
        [
          "error",
          ".claude/settings.json#hooks.PreToolUse[0].hooks[0]",
          "\`.claude/settings.json#hooks.PreToolUse[0].hooks[0]\` failed (exited with code 127); the call was refused",
        ],
        [
          "error",
          ".claude/settings.json#hooks.PreToolUse[0].hooks[0]",
          "\`.claude/settings.json#hooks.PreToolUse[0].hooks[0]\` failed (exited with code 127); the call went on",
        ],
      ]
    `);
  });

  it("records a call nothing decided in a project whose hooks did not run as `untrusted`", () => {
    toolCallRecords(
      "opencode",
      "/work/app",
      2,
    )({ session: "", event: "tool.execute.before", toolName: "read", input: { filePath: "/x" } })({});
    flushDecisions();
    expect(readDecisions().map((d) => [d.agent, d.decision, d.reason])).toMatchInlineSnapshot(`
      [
        [
          "opencode",
          "untrusted",
          "2 project hook(s) did not run: not trusted",
        ],
      ]
    `);
  });

  it("leaves its span in the spool for the server when OpenTelemetry is wanted (no SDK in the agent's process)", () => {
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = "http://127.0.0.1:1";
    recordOne({ command: "ls" }, {});
    expect(existsSync(path.join(state, "hookwire/spans.jsonl"))).toBe(true);
    expect(readDecisions()).toHaveLength(1);
  });
});

describe("the state folder a record goes to", () => {
  it("is created private (0700)", () => {
    recordOne({ command: "ls" }, {});
    expect(readDecisions()).toHaveLength(1);
    expect(statSync(path.join(state, "hookwire")).mode & 0o777).toBe(0o700);
    expect(statSync(decisionLogFile()).mode & 0o777).toBe(0o600);
  });

  it("is not written, and the host goes on, when it is a link to a folder someone else chose", () => {
    const elsewhere = path.join(root, `elsewhere-${Math.random().toString(36).slice(2)}`);
    mkdirSync(elsewhere, { mode: 0o700 });
    mkdirSync(state, { mode: 0o700 });
    symlinkSync(elsewhere, path.join(state, "hookwire"));
    expect(() => recordOne({ command: "ls" }, {})).not.toThrow();
    expect(existsSync(path.join(elsewhere, "decisions.jsonl"))).toBe(false);
  });

  it("is not written under a folder others may write (not sticky): they could swap it for theirs", () => {
    mkdirSync(state, { mode: 0o700 });
    chmodSync(state, 0o777);
    expect(() => recordOne({ command: "ls" }, {})).not.toThrow();
    expect(existsSync(path.join(state, "hookwire/decisions.jsonl"))).toBe(false);
  });
});
