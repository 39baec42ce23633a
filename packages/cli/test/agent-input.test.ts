// The agent's input to `hookwire hook`: read whole from a pipe that would block, and held to one 16 MiB bound however it
// arrives (stdin, the forwarding client's fallback, a forwarded call's line).
import { execFileSync, spawn } from "node:child_process";
import { closeSync, constants, mkdirSync, openSync, writeFileSync, writeSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { bin, claudeBash, type Sandbox, sandbox } from "./cli-harness.js";
import { boxEnv, type Served, serve } from "./serve-harness.js";

beforeAll(() => ensureBuilt());

const running: Served[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
});

const MAX_INPUT_BYTES = 16 * 1024 * 1024;

const GUARD = `export default (pi: any) => {
  pi.on("tool_call", (event: any) => {
    if (String(event.input.command ?? "").includes("rm -rf")) return { block: true, reason: "no rm -rf" };
  });
};
`;

function trustedProject(): Sandbox {
  const box = sandbox("connect");
  mkdirSync(path.join(box.cwd, ".hookwire/hooks"), { recursive: true });
  writeFileSync(path.join(box.cwd, ".hookwire/hooks/guard.ts"), GUARD);
  expect(box.run(["trust", "--yes"]).code).toBe(0);
  return box;
}

/** Claude Code's PreToolUse input for `command` followed by `x`s, `bytes` long in all. */
function inputOf(box: Sandbox, command: string, bytes: number): string {
  const bare = claudeBash(box.cwd, command, "s-input");
  return claudeBash(box.cwd, command + "x".repeat(bytes - Buffer.byteLength(bare)), "s-input");
}

interface Answer {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The decision and reason of a Claude Code PreToolUse answer. */
function decided(stdout: string): string {
  const output = (JSON.parse(stdout) as { hookSpecificOutput: Record<string, string> }).hookSpecificOutput;
  return `${output.permissionDecision ?? "allow"}: ${output.permissionDecisionReason ?? ""}`;
}

/** `hookwire hook claude PreToolUse` with `input` on a pipe, written and closed at once. */
function hook(box: Sandbox, input: string): Promise<Answer> {
  const child = spawn(process.execPath, [bin, "hook", "claude", "PreToolUse"], {
    cwd: box.cwd,
    env: boxEnv(box),
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stdin.on("error", () => undefined);
  child.stdin.end(input);
  return answerOf(child);
}

function answerOf(child: ReturnType<typeof spawn>): Promise<Answer> {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

/**
 * `hookwire hook claude PreToolUse` reading a non-blocking pipe (a FIFO, made non-blocking once the child started: its
 * own start makes the stdio it is given blocking) that holds `first` and gets `rest` `afterMs` later, then closes.
 */
function hookOnNonBlockingPipe(box: Sandbox, first: string, rest: string, afterMs: number): Promise<Answer> {
  const fifo = path.join(box.home, `stdin-${process.hrtime.bigint()}`);
  execFileSync("mkfifo", [fifo]);
  const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  const writer = openSync(fifo, constants.O_WRONLY);
  writeSync(writer, first);
  const child = spawn(process.execPath, [bin, "hook", "claude", "PreToolUse"], {
    cwd: box.cwd,
    env: boxEnv(box),
    stdio: [reader, "pipe", "pipe"],
  });
  child.on("spawn", () => {
    // Opening a pipe handle on it sets O_NONBLOCK on the open file the child shares; nothing is read here.
    const handle = new net.Socket({ fd: reader, readable: false, writable: false });
    setTimeout(() => {
      writeSync(writer, rest);
      closeSync(writer);
      handle.destroy();
    }, afterMs);
  });
  return answerOf(child);
}

async function started(box: Sandbox): Promise<Served> {
  const server = await serve(box);
  running.push(server);
  return server;
}

describe("an input over 16 MiB, however it arrives", () => {
  it("is refused read from stdin with no server, naming the bound; one of exactly 16 MiB is answered", async () => {
    const box = trustedProject();
    const over = await hook(box, inputOf(box, "ls ", MAX_INPUT_BYTES + 1));
    expect(decided(over.stdout)).toMatchInlineSnapshot(
      `"deny: hookwire failed (the agent's input is over 16777216 bytes); the call is refused. Run \`hookwire doctor\` to see why; connect with --fail-open to let calls through when hookwire fails."`,
    );
    const at = await hook(box, inputOf(box, "rm -rf ", MAX_INPUT_BYTES));
    expect(decided(at.stdout)).toBe("deny: no rm -rf");
  }, 120_000);

  it("is refused when the forwarding client hands it to the in-process path (a server runs)", async () => {
    const box = trustedProject();
    await started(box);
    const over = await hook(box, inputOf(box, "ls ", MAX_INPUT_BYTES + 1));
    expect(decided(over.stdout)).toMatch(
      /^deny: hookwire failed \(the agent's input is over 16777216 bytes\)/,
    );
  }, 120_000);

  it("is refused in a forwarded call's line (the server takes a line of twice the bound, for JSON escapes)", async () => {
    const box = trustedProject();
    const server = await started(box);
    const input = inputOf(box, "ls ", MAX_INPUT_BYTES + 1);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(server.socket);
      let text = "";
      socket.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
      });
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
      socket.end(`${JSON.stringify({ agent: "claude", event: "PreToolUse", env: {}, input })}\n`);
    });
    const { stdout } = JSON.parse(answer) as Answer;
    expect(decided(stdout)).toMatch(/^deny: hookwire failed \(the agent's input is over 16777216 bytes\)/);
  }, 120_000);
});

describe("stdin that would block (a non-blocking pipe the agent is still writing)", () => {
  const split = (box: Sandbox) => {
    const input = claudeBash(box.cwd, "rm -rf build", "s-pipe");
    const at = input.indexOf("rm -r") + 4;
    return [input.slice(0, at), input.slice(at)] as const;
  };

  it("is read whole with no server: what came before the wait and the rest", async () => {
    const box = trustedProject();
    const [first, rest] = split(box);
    const answer = await hookOnNonBlockingPipe(box, first, rest, 700);
    expect(decided(answer.stdout)).toBe("deny: no rm -rf");
  }, 60_000);

  it("is read whole by the forwarding client, and the server answers it", async () => {
    const box = trustedProject();
    await started(box);
    const [first, rest] = split(box);
    const answer = await hookOnNonBlockingPipe(box, first, rest, 700);
    expect(decided(answer.stdout)).toBe("deny: no rm -rf");
  }, 60_000);
});
