// The decision log: every event's decision in a bounded, rotated JSONL file, `hookwire log` to read it, and the
// same decisions as OpenTelemetry spans sent to a local OTLP/HTTP receiver.
import { spawn } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { appendDecision, type Decision, flushDecisions, readDecisions } from "../src/log/decision-log.js";
import { bin, type Sandbox, sandbox } from "./cli-harness.js";
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

function project(): Sandbox {
  const box = sandbox("connect");
  mkdirSync(path.join(box.cwd, ".hookwire/hooks"), { recursive: true });
  writeFileSync(path.join(box.cwd, ".hookwire/hooks/guard.ts"), GUARD);
  expect(box.run(["trust", "--yes"]).code).toBe(0);
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
const hook = (box: Sandbox, input: string, env: Record<string, string> = {}) =>
  box.run(["hook", "claude", "PreToolUse"], { input, env: { ...boxEnv(box), ...env } });

describe("the decision log", () => {
  it("records every decision of hookwire hook and of the server, and hookwire log shows and filters them", async () => {
    const box = project();
    hook(box, preToolUse(box, "rm -rf build"));
    hook(box, preToolUse(box, "ls"));
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

    const text = box.run(["log", "--decision", "block"], { env: boxEnv(box) });
    const shown = text.stdout.replace(/^\S+Z/gm, "<time>").replace(/ +[\d.]+ ms/g, " <n> ms");
    // A hook's reason is shown with its control characters escaped.
    expect(shown).toMatchInlineSnapshot(`
      "<time>  claude  PreToolUse         block <n> ms  bash  by .hookwire/hooks/guard.ts  no rm -rf\\x1b[31m here
      <time>  claude  PreToolUse         block <n> ms  bash  by .hookwire/hooks/guard.ts  no rm -rf\\x1b[31m here
      "
    `);
    const json = JSON.parse(box.run(["log", "--agent", "claude", "--json"], { env: boxEnv(box) }).stdout);
    expect(json).toHaveLength(3);
    expect(JSON.parse(box.run(["log", "--agent", "codex", "--json"], { env: boxEnv(box) }).stdout)).toEqual(
      [],
    );
    expect(JSON.parse(box.run(["log", "--since", "1h", "--json"], { env: boxEnv(box) }).stdout)).toHaveLength(
      3,
    );
    expect(
      JSON.parse(box.run(["log", "--since", "2000-01-01", "--json"], { env: boxEnv(box) }).stdout),
    ).toHaveLength(3);
    expect(
      JSON.parse(box.run(["log", "--since", "2999-01-01", "--json"], { env: boxEnv(box) }).stdout),
    ).toEqual([]);
    const bad = box.run(["log", "--since", "yesterday-ish"], { env: boxEnv(box) });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--since expects a duration (90s, 10m, 2h, 7d) or a date");
  }, 60_000);

  it("follows the log as decisions are made", async () => {
    const box = project();
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
      hook(box, preToolUse(box, "rm -rf followed"));
      expect(JSON.parse(await line)).toMatchObject({ decision: "block", tool: "bash", session: "s-1" });
    } finally {
      follower.kill();
    }
  }, 60_000);

  it("stays within its bound: rotated into a few files of at most the cap, the oldest dropped", () => {
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

/** A local OTLP/HTTP receiver: collects the JSON export's spans. */
async function receiver() {
  const spans: { name: string; attributes: Record<string, unknown>; resource: Record<string, unknown> }[] =
    [];
  const attrs = (list: { key: string; value: Record<string, unknown> }[] = []) =>
    Object.fromEntries(list.map(({ key, value }) => [key, Object.values(value)[0]]));
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      const data = JSON.parse(body);
      for (const resourceSpans of data.resourceSpans ?? [])
        for (const scope of resourceSpans.scopeSpans ?? [])
          for (const span of scope.spans ?? [])
            spans.push({
              name: span.name,
              attributes: attrs(span.attributes),
              resource: attrs(resourceSpans.resource?.attributes),
            });
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, spans, close: () => new Promise((r) => server.close(r)) };
}

describe("OpenTelemetry", () => {
  it("sends each decision as a span to the endpoint OTEL_EXPORTER_OTLP_ENDPOINT names, from hook and from serve", async () => {
    const box = project();
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
    const box = project();
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
      box.run(["serve", "--stop"], { env: { ...boxEnv(box), ...env } });
      await otlp.close();
    }
  }, 60_000);
});
