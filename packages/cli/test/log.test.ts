// The decision log: every event's decision in a bounded, rotated JSONL file, `hookwire log` to read it, and the
// same decisions as OpenTelemetry spans sent to a local OTLP/HTTP receiver.
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { hostname, tmpdir, userInfo } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import {
  appendDecision,
  type Decision,
  flushDecisions,
  readDecisions,
  spoolDecision,
} from "@hookwire/project/records";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { bin } from "./cli-harness.js";
import { type InProcessSandbox as Sandbox, sandboxInProcess as sandbox } from "./cli-in-process.js";
import { receiver } from "./otlp-receiver.js";
import { boxEnv, post, type Served, serve } from "./serve-harness.js";

beforeAll(() => ensureBuilt());

const running: Served[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
});

const GUARD = `export default (pi: any) => {
  pi.on("tool_call", (event: any) => {
    if (String(event.input.command ?? "").includes("rm -rf")) return { block: true, reason: "no rm -rf\\u001b[31m here" };
  });
};
`;

async function project(): Promise<Sandbox> {
  const box = sandbox("connect");
  mkdirSync(path.join(box.cwd, ".hookwire/hooks"), { recursive: true });
  writeFileSync(path.join(box.cwd, ".hookwire/hooks/guard.ts"), GUARD);
  expect((await box.run(["trust", "--yes"])).code).toBe(0);
  return box;
}

const preToolUse = (box: Sandbox, command: string, session = "s-1") =>
  JSON.stringify({
    session_id: session,
    transcript_path: "",
    cwd: box.cwd,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
  });

const logFile = (box: Sandbox) => path.join(box.home, ".local/state/hookwire/decisions.jsonl");
const hook = async (box: Sandbox, input: string, env: Record<string, string> = {}) =>
  await box.run(["hook", "claude", "PreToolUse"], { input, env: { ...boxEnv(box), ...env } });

describe("the decision log", () => {
  it("records every decision of hookwire hook and of the server, and hookwire log shows and filters them", async () => {
    const box = await project();
    await hook(box, preToolUse(box, "rm -rf build"));
    await hook(box, preToolUse(box, "ls"));
    const server = await serve(box);
    running.push(server);
    await post(`${server.url}/claude`, preToolUse(box, "rm -rf served", "s-2"), server.headers);
    // The server writes its decisions in batches, a few milliseconds apart.
    await expect.poll(() => readDecisions(logFile(box)).length).toBe(3);

    const all = readDecisions(logFile(box));
    expect(
      all.map((d) => [d.agent, d.session, d.event, d.native, d.tool, d.decision, d.hook, d.reason]),
    ).toEqual([
      [
        "claude",
        "s-1",
        "PreToolUse",
        "tool_call",
        "bash",
        "block",
        ".hookwire/hooks/guard.ts",
        "no rm -rf\u001b[31m here",
      ],
      ["claude", "s-1", "PreToolUse", "tool_call", "bash", "none", undefined, undefined],
      [
        "claude",
        "s-2",
        "PreToolUse",
        "tool_call",
        "bash",
        "block",
        ".hookwire/hooks/guard.ts",
        "no rm -rf\u001b[31m here",
      ],
    ]);
    for (const d of all) {
      expect(d.project).toBe(box.cwd);
      expect(d.durationMs).toBeGreaterThan(0);
    }
    expect(lstatSync(logFile(box)).mode & 0o777).toBe(0o600);

    const text = await box.run(["log", "--decision", "block"], { env: boxEnv(box) });
    const shown = text.stdout.replace(/^\S+Z/gm, "<time>").replace(/ +[\d.]+ ms/g, " <n> ms");
    // A hook's reason is shown with its control characters escaped.
    expect(shown).toMatchInlineSnapshot(`
      "<time>  claude  PreToolUse         block <n> ms  bash  rm -rf build  by .hookwire/hooks/guard.ts  no rm -rf\\x1b[31m here
      <time>  claude  PreToolUse         block <n> ms  bash  rm -rf served  by .hookwire/hooks/guard.ts  no rm -rf\\x1b[31m here
      "
    `);
    const json = JSON.parse(
      (await box.run(["log", "--agent", "claude", "--json"], { env: boxEnv(box) })).stdout,
    );
    expect(json).toHaveLength(3);
    expect(
      JSON.parse((await box.run(["log", "--agent", "codex", "--json"], { env: boxEnv(box) })).stdout),
    ).toEqual([]);
    expect(
      JSON.parse((await box.run(["log", "--since", "1h", "--json"], { env: boxEnv(box) })).stdout),
    ).toHaveLength(3);
    expect(
      JSON.parse((await box.run(["log", "--since", "2000-01-01", "--json"], { env: boxEnv(box) })).stdout),
    ).toHaveLength(3);
    expect(
      JSON.parse((await box.run(["log", "--since", "2999-01-01", "--json"], { env: boxEnv(box) })).stdout),
    ).toEqual([]);
    const bad = await box.run(["log", "--since", "yesterday-ish"], { env: boxEnv(box) });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--since expects a duration (90s, 10m, 2h, 7d) or a date");
  }, 60_000);

  it("follows the log as decisions are made", async () => {
    const box = await project();
    const follower = spawn(process.execPath, [bin, "log", "--follow", "--json"], {
      cwd: box.cwd,
      env: boxEnv(box),
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const line = new Promise<string>((resolve) =>
        createInterface({ input: follower.stdout }).once("line", resolve),
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await hook(box, preToolUse(box, "rm -rf followed"));
      expect(JSON.parse(await line)).toMatchObject({ decision: "block", tool: "bash", session: "s-1" });
    } finally {
      follower.kill();
    }
  }, 60_000);

  it("stays within its bound: rotated into a few files of at most the cap, the oldest dropped", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "hookwire-log-"));
    const file = path.join(dir, "state", "decisions.jsonl");
    const limits = { maxBytes: 10_000, rotations: 3 };
    const decision = (n: number): Decision => ({
      time: new Date(0).toISOString(),
      agent: "claude",
      session: `s-${n}`,
      event: "PreToolUse",
      native: "tool_call",
      project: dir,
      decision: "none",
      reason: "x".repeat(100),
      durationMs: 1,
    });
    for (let n = 0; n < 1000; n++) appendDecision(decision(n), file, limits);
    flushDecisions();
    for (let n = 1000; n < 2000; n++) appendDecision(decision(n), file, limits);
    flushDecisions();
    const files = [file, `${file}.1`, `${file}.2`, `${file}.3`];
    for (const name of files) {
      expect(statSync(name).size).toBeLessThanOrEqual(limits.maxBytes);
      expect(statSync(name).mode & 0o777).toBe(0o600);
    }
    expect(existsSync(`${file}.4`)).toBe(false);
    expect(lstatSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    const kept = readDecisions(file, limits.rotations);
    expect(kept.at(-1)?.session).toBe("s-1999");
    // Oldest first, nothing skipped in between.
    const numbers = kept.map((d) => Number(d.session.slice(2)));
    expect(numbers).toEqual(numbers.map((_, i) => (numbers[0] as number) + i));
    expect(kept.length).toBeLessThan(2000);
    expect(readFileSync(file, "utf8").endsWith("\n")).toBe(true);
  });
});

/** `hookwire hook claude PreToolUse` run without blocking this process (the receiver below answers in it). */
function hookAsync(box: Sandbox, input: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [bin, "hook", "claude", "PreToolUse"], {
    cwd: box.cwd,
    env: { ...boxEnv(box), ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stdin.end(input);
  return new Promise<string>((resolve) => child.on("close", () => resolve(stdout)));
}

describe("OpenTelemetry", () => {
  it("sends each decision as a span to the endpoint OTEL_EXPORTER_OTLP_ENDPOINT names, from hook and from serve", async () => {
    const box = await project();
    const otlp = await receiver();
    try {
      const env = { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url };
      const answer = JSON.parse(await hookAsync(box, preToolUse(box, "rm -rf build"), env));
      expect(answer.hookSpecificOutput.permissionDecision).toBe("deny");
      expect(otlp.spans).toHaveLength(1);
      expect(otlp.spans[0]).toMatchObject({
        name: "hookwire PreToolUse",
        attributes: {
          "hookwire.agent": "claude",
          "hookwire.session": "s-1",
          "hookwire.native_event": "tool_call",
          "hookwire.decision": "block",
          "hookwire.hook": ".hookwire/hooks/guard.ts",
          "hookwire.tool": "bash",
        },
        resource: { "service.name": "hookwire" },
      });
      const server = await serve(box, [], env);
      running.push(server);
      await post(`${server.url}/claude`, preToolUse(box, "ls", "s-2"), server.headers);
      await server.stop();
      expect(
        otlp.spans.map((s) => [s.name, s.attributes["hookwire.session"], s.attributes["hookwire.decision"]]),
      ).toEqual([
        ["hookwire PreToolUse", "s-1", "block"],
        ["hookwire PreToolUse", "s-2", "none"],
      ]);
    } finally {
      await otlp.close();
    }
  }, 60_000);

  it("leaves a call's span to the server it starts, so no call loads the SDK (the server sends it)", async () => {
    const box = await project();
    const otlp = await receiver();
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, HOOKWIRE_SERVER: "" };
    try {
      const answer = JSON.parse(await hookAsync(box, preToolUse(box, "rm -rf build"), env));
      expect(answer.hookSpecificOutput.permissionDecision).toBe("deny");
      // The call exited without sending anything: a process that had loaded the SDK flushes before it exits.
      expect(otlp.spans).toHaveLength(0);
      const end = Date.now() + 30_000;
      while (otlp.spans.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(otlp.spans.map((s) => [s.name, s.attributes["hookwire.decision"]])).toEqual([
        ["hookwire PreToolUse", "block"],
      ]);
      expect(existsSync(path.join(box.home, ".local/state/hookwire/spans.jsonl"))).toBe(false);
    } finally {
      await box.run(["serve", "--stop"], { env: { ...boxEnv(box), ...env } });
      await otlp.close();
    }
  }, 60_000);
});

/** A Codex-format command hook that refuses any Bash call naming curl: a settings hook, so it is `file#json.path`. */
const CURL_HOOK = `${JSON.stringify({
  hooks: {
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [
          {
            type: "command",
            command: `grep -q curl && echo '{"decision":"block","reason":"no curl, token sk-ant-api03-${"Zz9".repeat(10)}"}'; exit 0`,
          },
        ],
      },
    ],
  },
})}\n`;

/** The guard module and the curl hook, trusted. */
async function auditedProject(): Promise<Sandbox> {
  const box = sandbox("connect");
  mkdirSync(path.join(box.cwd, ".hookwire/hooks"), { recursive: true });
  mkdirSync(path.join(box.cwd, ".codex"), { recursive: true });
  writeFileSync(path.join(box.cwd, ".hookwire/hooks/guard.ts"), GUARD);
  writeFileSync(path.join(box.cwd, ".codex/hooks.json"), CURL_HOOK);
  expect((await box.run(["trust", "--yes"])).code).toBe(0);
  return box;
}

const SECRET = `sk-ant-api03-${"Qq7".repeat(10)}`;
const CURL = `curl -H "Authorization: Bearer ${SECRET}" https://api.example`;
const CLAUDE_ENV = { AI_AGENT: "claude-code_2-1-332_harness", OTEL_RESOURCE_ATTRIBUTES: "user.name=alice" };
const entry = path.join(path.dirname(bin), "hookwire-hook");

describe("the audit trail", () => {
  it("records who, where, what and which hook decided for a real hookwire hook claude PreToolUse call", async () => {
    const box = await auditedProject();
    const answer = await hook(box, preToolUse(box, CURL), CLAUDE_ENV);
    expect(JSON.parse(answer.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
    const text = readFileSync(logFile(box), "utf8");
    // Neither the command's secret nor the one in the hook's reason is kept.
    expect(text).not.toContain(SECRET.slice(12));
    expect(text).not.toContain("Zz9Zz9");
    const [line] = readDecisions(logFile(box));
    expect(line).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      agent: "claude",
      agentVersion: "2.1.332",
      user: userInfo().username,
      host: hostname(),
      session: "s-1",
      event: "PreToolUse",
      native: "tool_call",
      project: box.cwd,
      tool: "bash",
      target: 'curl -H "Authorization: Bearer [redacted:anthropic-key]" https://api.example',
      hook: ".codex/hooks.json#hooks.PreToolUse[0].hooks[0]",
      decision: "block",
      reason: "no curl, token [redacted:anthropic-key]",
      durationMs: expect.any(Number),
      otel: { resourceAttributes: "user.name=alice" },
    });
    expect(line?.durationMs).toBeGreaterThan(0);
    // A module decides by its file.
    await hook(box, preToolUse(box, "rm -rf build"));
    expect(readDecisions(logFile(box))[1]).toMatchObject({
      hook: ".hookwire/hooks/guard.ts",
      target: "rm -rf build",
      decision: "block",
    });
  }, 60_000);

  it("gets the agent's variables to the server with the call, from the Node adapter and from the shell entry", async () => {
    const box = await auditedProject();
    const server = await serve(box);
    running.push(server);
    const env = { ...CLAUDE_ENV, HOOKWIRE_SERVER: "" };
    // The Node adapter is the binary's entry (bin/hookwire.js), which forwards the call to the server.
    await hookAsync(box, preToolUse(box, "ls node", "s-node"), env);
    const shell = spawnSync(entry, ["hook", "claude", "PreToolUse"], {
      cwd: box.cwd,
      env: { ...boxEnv(box), ...env, COPILOT_CLI_BINARY_VERSION: "9.9.9" },
      input: preToolUse(box, "ls shell", "s-shell"),
      encoding: "utf8",
    });
    expect(shell.status).toBe(0);
    await expect.poll(() => readDecisions(logFile(box)).length).toBe(2);
    // The server, not the calls, answered both (and wrote their records): it counts them.
    const status = JSON.parse((await box.run(["status", "--json"], { env: boxEnv(box) })).stdout);
    expect(status.server.running.calls).toBe(2);
    expect(
      readDecisions(logFile(box)).map((d) => [
        d.session,
        d.target,
        d.agentVersion,
        d.otel?.resourceAttributes,
      ]),
    ).toEqual([
      ["s-node", "ls node", "2.1.332", "user.name=alice"],
      ["s-shell", "ls shell", "2.1.332", "user.name=alice"],
    ]);
  }, 60_000);

  it("reads older lines without the audit fields, and hookwire log filters by every field and sums up per hook", async () => {
    const box = sandbox("connect");
    const file = logFile(box);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const base = { event: "PreToolUse", native: "tool_call", durationMs: 1.5, host: "box" };
    const other = path.join(box.cwd, "..", "other");
    const records: Decision[] = [
      {
        ...base,
        time: at(50),
        agent: "claude",
        user: "alice",
        session: "a1",
        project: box.cwd,
        tool: "bash",
        target: "rm -rf /",
        hook: ".hookwire/hooks/guard.ts",
        decision: "block",
        reason: "no",
      },
      {
        ...base,
        time: at(40),
        agent: "claude",
        user: "alice",
        session: "a1",
        project: box.cwd,
        tool: "read",
        target: ".env",
        hook: ".claude/settings.json#hooks.PreToolUse[0].hooks[0]",
        decision: "ask",
      },
      {
        ...base,
        time: at(30),
        agent: "codex",
        agentVersion: "0.169.0",
        user: "bob",
        session: "b1",
        project: other,
        tool: "bash",
        target: "ls",
        decision: "none",
      },
      {
        ...base,
        time: at(20),
        agent: "codex",
        user: "bob",
        session: "b1",
        project: path.join(box.cwd, "sub"),
        tool: "bash",
        hook: ".hookwire/hooks/broken.ts",
        decision: "error",
        reason: "`.hookwire/hooks/broken.ts` failed (boom); the call went on",
      },
      {
        ...base,
        time: at(10),
        agent: "gemini",
        user: "alice",
        session: "g1",
        project: box.cwd,
        event: "AfterAgent",
        native: "agent_end",
        hook: ".hookwire/hooks/guard.ts, .claude/settings.json#hooks.Stop[0].hooks[0]",
        decision: "unapplied",
        reason: "Gemini CLI cannot apply a status line",
      },
    ];
    mkdirSync(path.dirname(file), { recursive: true });
    // A line from before the audit trail: no user, host, target, agent version.
    writeFileSync(
      file,
      `${JSON.stringify({ time: at(120), agent: "claude", session: "old", event: "PreToolUse", native: "tool_call", project: box.cwd, tool: "bash", hook: ".hookwire/hooks/guard.ts", decision: "block", reason: "old", durationMs: 2 })}\n`,
    );
    for (const record of records) appendDecision(record, file);
    flushDecisions();
    const env = { env: boxEnv(box) };
    const sessions = async (...args: string[]) =>
      (JSON.parse((await box.run(["log", ...args, "--json"], env)).stdout) as Decision[]).map(
        (d) => d.session,
      );
    expect(await sessions()).toEqual(["old", "a1", "a1", "b1", "b1", "g1"]);
    expect(await sessions("--user", "alice")).toEqual(["a1", "a1", "g1"]);
    expect(await sessions("--agent", "codex")).toEqual(["b1", "b1"]);
    expect(await sessions("--session", "a1")).toEqual(["a1", "a1"]);
    // A project and the ones under it; a relative folder is read from where the command runs.
    expect(await sessions("--project", box.cwd)).toEqual(["old", "a1", "a1", "b1", "g1"]);
    expect(await sessions("--project", "../other")).toEqual(["b1"]);
    expect(await sessions("--project", `${box.cwd}-x`)).toEqual([]);
    expect(await sessions("--event", "AfterAgent")).toEqual(["g1"]);
    expect(await sessions("--event", "tool_call")).toEqual(["old", "a1", "a1", "b1", "b1"]);
    expect(await sessions("--tool", "Bash")).toEqual(["old", "a1", "b1", "b1"]);
    expect(await sessions("--decision", "error")).toEqual(["b1"]);
    expect(await sessions("--decision", "unapplied")).toEqual(["g1"]);
    // A settings file takes each of its hooks; an unapplied line counts for every hook it names.
    expect(await sessions("--hook", ".claude/settings.json")).toEqual(["a1", "g1"]);
    expect(await sessions("--hook", ".hookwire/hooks/guard.ts")).toEqual(["old", "a1", "g1"]);
    expect(await sessions("--hook", ".hookwire/hooks/guard")).toEqual([]);
    expect(await sessions("--since", "45m")).toEqual(["a1", "b1", "b1", "g1"]);
    expect(await sessions("--user", "alice", "--tool", "bash", "--since", "1h")).toEqual(["a1"]);

    const bad = await box.run(["log", "--decision", "denied"], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      '--decision expects one of block, ask, allow, rewrite, continue, untrusted, unapplied, error, refused, none, got "denied".',
    );

    const listed = (await box.run(["log", "--user", "bob"], env)).stdout.replace(/^\S+Z/gm, "<time>");
    expect(listed).toMatchInlineSnapshot(`
      "<time>  codex   PreToolUse         none <n> ms  bash  ls
      <time>  codex   PreToolUse         error <n> ms  bash  by .hookwire/hooks/broken.ts  \`.hookwire/hooks/broken.ts\` failed (boom); the call went on
      "
    `);
    expect((await box.run(["log", "--summary"], env)).stdout).toMatchInlineSnapshot(`
      "6 decision(s) by the hook that made them:
      HOOK                                                TOTAL  BLOCK    ASK  UNAPPLIED  ERROR   NONE
      .hookwire/hooks/guard.ts                                3      2      -          1      -      -
      .claude/settings.json#hooks.PreToolUse[0].hooks[0]      1      -      1          -      -      -
      .claude/settings.json#hooks.Stop[0].hooks[0]            1      -      -          1      -      -
      .hookwire/hooks/broken.ts                               1      -      -          -      1      -
      (no hook)                                               1      -      -          -      -      1
      "
    `);
    expect((await box.run(["log", "--summary", "--user", "alice"], env)).stdout).toMatchInlineSnapshot(`
      "3 decision(s) by the hook that made them:
      HOOK                                                TOTAL  BLOCK    ASK  UNAPPLIED
      .hookwire/hooks/guard.ts                                2      1      -          1
      .claude/settings.json#hooks.PreToolUse[0].hooks[0]      1      -      1          -
      .claude/settings.json#hooks.Stop[0].hooks[0]            1      -      -          1
      "
    `);
    expect(
      JSON.parse((await box.run(["log", "--summary", "--agent", "codex", "--json"], env)).stdout),
    ).toEqual([
      { hook: ".hookwire/hooks/broken.ts", total: 1, decisions: { error: 1 } },
      { hook: "(no hook)", total: 1, decisions: { none: 1 } },
    ]);
    expect((await box.run(["log", "--summary", "--user", "nobody"], env)).stdout).toContain(
      "No decisions match",
    );
  }, 60_000);
});

describe("OpenTelemetry resource", () => {
  it("gives each span the call's OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME over the server's own", async () => {
    const box = await auditedProject();
    const otlp = await receiver();
    try {
      const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url };
      const server = await serve(box, [], {
        ...endpoint,
        OTEL_RESOURCE_ATTRIBUTES: "deployment.environment=ci,user.name=server",
      });
      running.push(server);
      const call = { ...endpoint, HOOKWIRE_SERVER: "" };
      // Forwarded to the server by the binary's entry, as the shell entry's call below.
      await hookAsync(box, preToolUse(box, CURL, "s-alice"), {
        ...call,
        ...CLAUDE_ENV,
        OTEL_RESOURCE_ATTRIBUTES: "user.name=alice,team=infra%2Cops",
        OTEL_SERVICE_NAME: "guarded-agent",
      });
      spawnSync(entry, ["hook", "claude", "PreToolUse"], {
        cwd: box.cwd,
        env: { ...boxEnv(box), ...call, OTEL_RESOURCE_ATTRIBUTES: "user.name=bob" },
        input: preToolUse(box, "ls", "s-bob"),
      });
      // A malformed list is dropped whole (the spec's rule, the SDK's parser): the server's resource stays.
      await hookAsync(box, preToolUse(box, "ls", "s-bad"), {
        ...call,
        OTEL_RESOURCE_ATTRIBUTES: "user.name=mallory,broken",
      });
      await server.stop();
      const bySession = Object.fromEntries(otlp.spans.map((s) => [s.attributes["hookwire.session"], s]));
      expect(Object.keys(bySession).sort()).toEqual(["s-alice", "s-bad", "s-bob"]);
      expect(bySession["s-alice"]?.resource).toMatchObject({
        "service.name": "guarded-agent",
        "user.name": "alice",
        team: "infra,ops",
        "deployment.environment": "ci",
        "host.name": hostname(),
      });
      expect(bySession["s-alice"]?.attributes).toMatchObject({
        "hookwire.agent": "claude",
        "hookwire.agent_version": "2.1.332",
        "hookwire.user": userInfo().username,
        "hookwire.host": hostname(),
        "hookwire.project": box.cwd,
        "hookwire.tool": "bash",
        "hookwire.target": 'curl -H "Authorization: Bearer [redacted:anthropic-key]" https://api.example',
        "hookwire.hook": ".codex/hooks.json#hooks.PreToolUse[0].hooks[0]",
        "hookwire.decision": "block",
        "hookwire.reason": "no curl, token [redacted:anthropic-key]",
      });
      expect(bySession["s-bob"]?.resource).toMatchObject({ "service.name": "hookwire", "user.name": "bob" });
      expect(bySession["s-bad"]?.resource).toMatchObject({ "user.name": "server" });
      expect(JSON.stringify(otlp.spans)).not.toContain(SECRET.slice(12));
    } finally {
      await otlp.close();
    }
  }, 60_000);

  it("keeps the call's resource variables in the spool entry, and the server that sends it later uses them", async () => {
    const box = await auditedProject();
    // A call's record, as a call answered outside the server leaves it in the spool.
    await hook(box, preToolUse(box, "rm -rf build"), { OTEL_RESOURCE_ATTRIBUTES: "user.name=alice" });
    const record = readDecisions(logFile(box))[0] as Decision;
    expect(record.otel).toEqual({ resourceAttributes: "user.name=alice" });
    spoolDecision(record, path.join(box.home, ".local/state/hookwire/spans.jsonl"));
    const otlp = await receiver();
    try {
      const server = await serve(box, [], {
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
        OTEL_RESOURCE_ATTRIBUTES: "user.name=server",
      });
      running.push(server);
      await expect.poll(() => otlp.spans.length, { timeout: 30_000 }).toBe(1);
      expect(otlp.spans[0]?.resource).toMatchObject({ "user.name": "alice", "service.name": "hookwire" });
      expect(otlp.spans[0]?.attributes).toMatchObject({ "hookwire.target": "rm -rf build" });
    } finally {
      await otlp.close();
    }
  }, 60_000);
});
