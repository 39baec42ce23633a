// The shell entry (bin/hookwire-hook) and the per-user server it calls: started by the first call that finds none,
// one at a time, idle exit, and every way the forwarded path can fail ending in the Node adapter's answer or a refusal.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { FORWARDED_VARIABLES } from "../src/serve/forwarded-variables.js";
import { listenForShell, type ShellCall } from "../src/serve/shell-listener.js";
import { bin } from "./cli-harness.js";

const entry = path.join(path.dirname(bin), "hookwire-hook");
const roots: string[] = [];
const servers: Array<() => void> = [];

beforeAll(() => ensureBuilt(), 300_000);
afterEach(() => {
  for (const stop of servers.splice(0)) stop();
});
afterAll(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const GUARD = `export default function guard(pi) {
  pi.on("tool_call", async (event) => {
    const command = String(event.input?.command ?? "");
    if (command.startsWith("slow")) {
      // Said, for a test that looks at what runs beside the call meanwhile.
      (await import("node:fs")).writeFileSync(\`\${process.env.HOME}/slow-call-running\`, "");
      await new Promise((resolve) => setTimeout(resolve, 2500));
    }
    if (command === "record-env") {
      // What a hook's environment holds of the entry's.
      const seen = { HOOKWIRE_ENTRY: process.env.HOOKWIRE_ENTRY ?? null };
      (await import("node:fs")).writeFileSync(\`\${process.env.HOME}/hook-env.json\`, JSON.stringify(seen));
    }
    if (command.includes("rm -rf")) return { block: true, reason: "no rm -rf" };
  });
}
`;

interface World {
  home: string;
  project: string;
  run: string;
  env: Record<string, string>;
  /** The call as an agent makes it: `sh -c 'hookwire-hook claude PreToolUse'`, the event on stdin. */
  call(
    command: string,
    env?: Record<string, string>,
  ): { code: number | null; stdout: string; stderr: string };
  /** The same, asynchronously: what a test needs when this process must answer the entry (a listener of its own). */
  start(
    command: string,
    env?: Record<string, string>,
  ): Promise<{ code: number | null; stdout: string; stderr: string }>;
  hookwire(...args: string[]): { code: number | null; stdout: string; stderr: string };
}

function world(): World {
  const root = mkdtempSync(path.join(tmpdir(), "hw-entry-"));
  roots.push(root);
  const home = path.join(root, "home");
  const project = path.join(root, "project");
  mkdirSync(path.join(project, ".git"), { recursive: true });
  mkdirSync(path.join(project, ".hookwire", "hooks"), { recursive: true });
  mkdirSync(home);
  writeFileSync(path.join(project, ".hookwire", "hooks", "guard.mjs"), GUARD);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    TMPDIR: process.env.TMPDIR ?? tmpdir(),
  };
  const input = (command: string) =>
    JSON.stringify({
      session_id: "s1",
      transcript_path: "",
      cwd: project,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command },
      tool_use_id: "t1",
    });
  const hookwire = (...args: string[]) => {
    const run = spawnSync(process.execPath, [bin, ...args], { cwd: project, env, encoding: "utf8" });
    return { code: run.status, stdout: run.stdout, stderr: run.stderr };
  };
  servers.push(() => hookwire("serve", "--stop"));
  expect(hookwire("trust", "--yes").code).toBe(0);
  return {
    home,
    project,
    run: path.join(home, ".local", "state", "hookwire", "run"),
    env,
    hookwire,
    call(command, extra = {}) {
      const run = spawnSync("sh", ["-c", `${entry} claude PreToolUse`], {
        cwd: project,
        env: { ...env, ...extra },
        input: input(command),
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
      return { code: run.status, stdout: run.stdout, stderr: run.stderr };
    },
    start(command, extra = {}) {
      const child = spawn("sh", ["-c", `${entry} claude PreToolUse`], {
        cwd: project,
        env: { ...env, ...extra },
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk;
      });
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk;
      });
      child.stdin.end(input(command));
      return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
    },
  };
}

const denied = (stdout: string) =>
  (JSON.parse(stdout) as { hookSpecificOutput?: { permissionDecisionReason?: string } }).hookSpecificOutput
    ?.permissionDecisionReason;

async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The pids of the `hookwire serve` processes whose HOME is `home` (as root, /proc tells every process's). */
function serversOf(home: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0");
      if (!cmdline.includes("serve")) continue;
      if (readFileSync(`/proc/${name}/environ`, "utf8").split("\0").includes(`HOME=${home}`))
        pids.push(Number(name));
    } catch {}
  }
  return pids;
}

const info = (w: World) => path.join(w.run, "serve.tcp");
const callsOf = (w: World) => {
  const status = w.hookwire("serve", "--stop").stdout;
  return Number(/, (\d+) calls?\)/.exec(status)?.[1] ?? Number.NaN);
};

describe("the shell entry and the server it starts", () => {
  it("answers the first call in its own process, starts the server, and sends the next calls to it", async () => {
    const w = world();
    const first = w.call("rm -rf build");
    expect(first.code).toBe(0);
    expect(denied(first.stdout)).toBe("no rm -rf");
    await until(() => existsSync(info(w)), "serve.tcp");
    for (const command of ["rm -rf a", "ls", "rm -rf b"]) {
      const next = w.call(command);
      expect(next.code).toBe(0);
      expect(next.stdout.includes("no rm -rf")).toBe(command.includes("rm -rf"));
    }
    expect(callsOf(w)).toBe(3);
    await until(() => serversOf(w.home).length === 0, "the server to stop");
    expect(existsSync(info(w))).toBe(false);
  }, 60_000);

  it("starts the server only once the first call has answered: its start does not run beside the call", async () => {
    const w = world();
    // The guard takes 2.5 s over "slow …": a server started with the call is running by the time the guard is.
    const first = w.start("slow rm -rf build");
    await until(() => existsSync(path.join(w.home, "slow-call-running")), "the guard to run");
    expect(serversOf(w.home)).toEqual([]);
    expect(denied((await first).stdout)).toBe("no rm -rf");
    await until(() => existsSync(info(w)), "serve.tcp");
    expect(serversOf(w.home)).toHaveLength(1);
  }, 60_000);

  it("starts one server when several first calls come at once", async () => {
    const w = world();
    const answers = await Promise.all(
      ["rm -rf 1", "rm -rf 2", "rm -rf 3", "rm -rf 4"].map((c) => w.start(c)),
    );
    for (const answer of answers) expect(denied(answer.stdout)).toBe("no rm -rf");
    await until(() => existsSync(info(w)), "serve.tcp");
    // The losers of the race exit at once; what is left after a moment is the one server.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(serversOf(w.home)).toHaveLength(1);
  }, 60_000);

  it("leaves the server off with HOOKWIRE_SERVER=off or the user's config, and answers all the same", async () => {
    const w = world();
    expect(denied(w.call("rm -rf x", { HOOKWIRE_SERVER: "off" }).stdout)).toBe("no rm -rf");
    mkdirSync(path.join(w.home, ".config", "hookwire"), { recursive: true });
    writeFileSync(path.join(w.home, ".config", "hookwire", "config.json"), '{"server": "off"}\n');
    expect(denied(w.call("rm -rf y").stdout)).toBe("no rm -rf");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(serversOf(w.home)).toEqual([]);
    expect(existsSync(info(w))).toBe(false);
  }, 60_000);

  it("the server the entry starts takes neither the agent's HOOKWIRE_TOKEN nor HOOKWIRE_ENTRY; no hook sees the second", async () => {
    const w = world();
    const token = "t".repeat(40);
    expect(w.call("record-env", { HOOKWIRE_TOKEN: token, HOOKWIRE_ENTRY: "1" }).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(w.home, "hook-env.json"), "utf8"))).toEqual({
      HOOKWIRE_ENTRY: null,
    });
    await until(() => existsSync(info(w)), "serve.tcp");
    const [pid] = serversOf(w.home);
    const environ = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
    expect(environ.filter((entry) => /^HOOKWIRE_(TOKEN|ENTRY)=/.test(entry))).toEqual([]);
  }, 60_000);

  it("ends an idle server and removes what it wrote", async () => {
    const w = world();
    const child: ChildProcess = spawn(
      process.execPath,
      [bin, "serve", "--background", "--idle-timeout", "1"],
      {
        env: w.env,
        stdio: "ignore",
      },
    );
    const exited = new Promise((resolve) => child.on("exit", resolve));
    await until(() => existsSync(info(w)), "serve.tcp");
    await exited;
    expect(readdirSync(w.run)).toEqual([]);
  }, 60_000);

  it("gives the call to the Node adapter, input and all, when the server dies in the middle of it", async () => {
    const w = world();
    w.call("ls");
    await until(() => existsSync(info(w)), "serve.tcp");
    const [pid] = serversOf(w.home);
    const pending = w.start("slow rm -rf build");
    await new Promise((resolve) => setTimeout(resolve, 800));
    process.kill(pid as number, "SIGKILL");
    const answer = await pending;
    expect(answer.code).toBe(0);
    expect(denied(answer.stdout)).toBe("no rm -rf");
  }, 60_000);

  it("takes a 15 MiB input through the server and refuses one over the 16 MiB bound, naming it", async () => {
    const w = world();
    w.call("ls");
    await until(() => existsSync(info(w)), "serve.tcp");
    const big = w.call(`rm -rf ${"x".repeat(15 * 1024 * 1024)}`);
    expect(denied(big.stdout)).toBe("no rm -rf");
    const huge = w.call(`ls ${"x".repeat(17 * 1024 * 1024)}`);
    expect(denied(huge.stdout)).toMatch(/over 16777216 bytes.*the call is refused/);
    expect(callsOf(w)).toBe(2);
  }, 120_000);
});

describe("the server's start after a call the Node adapter answered", () => {
  /**
   * `setsid` on the entry's PATH, through which it starts the server: it says it was asked (`asked`), waits for `go`,
   * then goes on as the real one (or runs the command, where there is none): a start held as long as a test likes.
   */
  function heldStart(w: World) {
    const dir = path.join(path.dirname(w.home), "bin");
    mkdirSync(dir);
    const asked = path.join(dir, "start-asked");
    const go = path.join(dir, "go");
    const real = spawnSync("sh", ["-c", "command -v setsid"], { encoding: "utf8" }).stdout.trim();
    writeFileSync(
      path.join(dir, "setsid"),
      `#!/bin/sh\n: > '${asked}'\nwhile [ ! -e '${go}' ]; do sleep 0.05; done\nexec ${real ? `'${real}' ` : ""}"$@"\n`,
      { mode: 0o755 },
    );
    return { env: { PATH: `${dir}:${w.env.PATH}` }, asked, go };
  }

  /** A started call given `input` as its event: its exit code and what it printed, once it has exited and its output reached its end (`close`). */
  function answered(child: ChildProcess, input: unknown) {
    let stdout = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr?.resume();
    child.stdin?.end(JSON.stringify(input));
    return new Promise<{ code: number | null; stdout: string }>((resolve) =>
      child.on("close", (code) => resolve({ code, stdout })),
    );
  }

  /** The entry as an agent may start it: `sh -c`, in a process group of its own (the group's id: its pid). */
  function inGroup(w: World, command: string, env: Record<string, string>) {
    const child = spawn("sh", ["-c", `${entry} claude PreToolUse`], {
      cwd: w.project,
      env: { ...w.env, ...env },
      detached: true,
    });
    const closed = answered(child, {
      session_id: "s1",
      transcript_path: "",
      cwd: w.project,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command },
      tool_use_id: "t1",
    });
    return { pid: child.pid as number, closed };
  }

  /** The held start let go: the server comes up, and the next call is its first (the held call was answered here). */
  async function startReleased(w: World, held: { go: string }): Promise<void> {
    writeFileSync(held.go, "");
    await until(() => existsSync(info(w)), "serve.tcp");
    expect(denied(w.call("rm -rf next").stdout)).toBe("no rm -rf");
    expect(callsOf(w)).toBe(1);
  }

  it("ends the call, its output closed, before the server's start, and starts the server after it", async () => {
    const w = world();
    const held = heldStart(w);
    const answer = await w.start("rm -rf build", held.env);
    expect(answer.code).toBe(0);
    expect(denied(answer.stdout)).toBe("no rm -rf");
    // The call is over; the start it asked for is still held.
    await until(() => existsSync(held.asked), "the entry to start the server");
    expect(existsSync(info(w))).toBe(false);
    await startReleased(w, held);
  }, 60_000);

  it("starts the server out of the call's process group: the agent killing the group as the call ends does not stop it", async () => {
    const w = world();
    const held = heldStart(w);
    const call = inGroup(w, "rm -rf build", held.env);
    expect(denied((await call.closed).stdout)).toBe("no rm -rf");
    await until(() => existsSync(held.asked), "the entry to start the server");
    try {
      process.kill(-call.pid, "SIGKILL");
    } catch (error) {
      // Nothing left in the group: what the entry started is elsewhere.
      expect((error as NodeJS.ErrnoException).code).toBe("ESRCH");
    }
    await startReleased(w, held);
  }, 60_000);

  it("passes a TERM sent to the entry on to the Node adapter, which ends the call unanswered", async () => {
    const w = world();
    const child = spawn(entry, ["claude", "PreToolUse"], { cwd: w.project, env: w.env });
    const closed = answered(child, {
      cwd: w.project,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "slow rm -rf x" },
    });
    await until(() => existsSync(path.join(w.home, "slow-call-running")), "the guard to run");
    child.kill("SIGTERM");
    const ended = await closed;
    expect(ended.code).toBe(128 + 15);
    // The adapter ended before its guard's answer: nothing printed, and no server asked for.
    expect(ended.stdout).toBe("");
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(serversOf(w.home)).toEqual([]);
  }, 60_000);

  it("is the Node adapter's own under the Node entry, whatever HOOKWIRE_ENTRY its environment holds", async () => {
    const w = world();
    const fifo = path.join(w.home, "fifo");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const pipe = openSync(fifo, "r+");
    // A pid that is not the call's parent, with a pipe on descriptor 3; then the parent's pid, with none there.
    for (const [value, fd3] of [
      ["1", pipe],
      [String(process.pid), "ignore"],
    ] as const) {
      const run = spawnSync(process.execPath, [bin, "hook", "claude", "PreToolUse"], {
        cwd: w.project,
        env: { ...w.env, HOOKWIRE_ENTRY: value },
        input: JSON.stringify({
          cwd: w.project,
          hook_event_name: "PreToolUse",
          tool_name: "Bash",
          tool_input: { command: "rm -rf x" },
        }),
        stdio: ["pipe", "pipe", "pipe", fd3],
        encoding: "utf8",
      });
      expect(denied(run.stdout)).toBe("no rm -rf");
      await until(() => existsSync(info(w)), "serve.tcp");
      expect(callsOf(w)).toBe(0);
      await until(() => serversOf(w.home).length === 0, "the server to stop");
    }
    closeSync(pipe);
  }, 60_000);
});

describe("what the shell entry does not believe", () => {
  const SERVER = "s".repeat(48);
  const ALLOW = '{"hookSpecificOutput":{"x":"allow"}}';
  /** A whole, well-formed answer: what the entry would print if it believed the listener. */
  const WHOLE = `0 0 ${ALLOW.length}\n${ALLOW}`;
  /**
   * A listener on 127.0.0.1 standing in for the server: it greets with `greeting` and answers with `answer`, an
   * "allow" that would let `rm -rf` through if the entry believed it.
   */
  async function impostor(greeting: string, answer: string | null = WHOLE) {
    const held: net.Socket[] = [];
    const server = net.createServer((socket) => {
      socket.on("error", () => undefined);
      socket.write(`${greeting}\n`);
      // null: take the call and never answer.
      socket.once("data", () => (answer === null ? held.push(socket) : socket.end(answer)));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
      port: (server.address() as net.AddressInfo).port,
      close: () => {
        for (const socket of held) socket.destroy();
        server.close();
      },
    };
  }

  /** serve.tcp naming the impostor, written by this user, then changed by `plant`; the guard must still answer. */
  async function refusesPlanted(plant: (w: World, file: string) => void): Promise<World> {
    const w = world();
    const fake = await impostor(`hookwire ${SERVER}`);
    mkdirSync(w.run, { recursive: true, mode: 0o700 });
    writeFileSync(info(w), `hookwire-tcp-2 ${fake.port} ${"c".repeat(48)} ${SERVER} 1\n`, { mode: 0o600 });
    plant(w, info(w));
    const answer = await w.start("rm -rf victim");
    fake.close();
    expect(denied(answer.stdout)).toBe("no rm -rf");
    return w;
  }

  const me = () => [process.getuid?.() ?? 0, process.getgid?.() ?? 0] as const;

  it("a serve.tcp that another user owns", async () => {
    const w = await refusesPlanted((_w, file) => chownSync(file, 65534, 65534));
    chownSync(info(w), ...me());
  }, 60_000);

  it("a server folder that another user owns", async () => {
    const w = await refusesPlanted((w2) => chownSync(w2.run, 65534, 65534));
    chownSync(w.run, ...me());
  }, 60_000);

  it("a link in place of serve.tcp", async () => {
    await refusesPlanted((_w, file) => {
      writeFileSync(`${file}.real`, readFileSync(file), { mode: 0o600 });
      rmSync(file);
      spawnSync("ln", ["-s", `${file}.real`, file]);
    });
  }, 60_000);

  it("whatever listens on the port without the server's secret, and an answer cut short", async () => {
    for (const [greeting, answer] of [
      ["hookwire wrong", WHOLE],
      [`hookwire ${SERVER}`, '0 0 500\n{"hookSpecificOutput"'],
      [`hookwire ${SERVER}`, "garbage"],
    ] as const) {
      const w = world();
      const fake = await impostor(greeting, answer);
      mkdirSync(w.run, { recursive: true, mode: 0o700 });
      writeFileSync(info(w), `hookwire-tcp-2 ${fake.port} ${"c".repeat(48)} ${SERVER} 1\n`, { mode: 0o600 });
      const reply = await w.start("rm -rf victim");
      fake.close();
      expect(denied(reply.stdout)).toBe("no rm -rf");
    }
  }, 60_000);

  it("refuses the call when the server takes the call and never answers", async () => {
    const w = world();
    const silent = await impostor(`hookwire ${SERVER}`, null);
    mkdirSync(w.run, { recursive: true, mode: 0o700 });
    writeFileSync(info(w), `hookwire-tcp-2 ${silent.port} ${"c".repeat(48)} ${SERVER} 1\n`, { mode: 0o600 });
    const answer = await w.start("ls", { HOOKWIRE_ENTRY_WAIT: "1" });
    silent.close();
    expect(answer.code).toBe(2);
    expect(answer.stderr).toMatchInlineSnapshot(`
      "hookwire: the hookwire server did not answer in time; the call is refused.
      "
    `);
  }, 60_000);
});

describe("the shell entry's exchange", () => {
  it("passes the agent's project variables and the input byte for byte, and lists the variables the server reads", async () => {
    const script = readFileSync(entry, "utf8");
    const listed = /for name in ([A-Z_ ]+); do/.exec(script)?.[1]?.split(" ");
    expect(listed).toEqual([...FORWARDED_VARIABLES]);

    const w = world();
    const calls: ShellCall[] = [];
    const secrets = { client: "c".repeat(48), server: "s".repeat(48) };
    const server = await listenForShell(
      secrets,
      {
        call: async (call) => {
          calls.push(call);
          return { stdout: `got ${Buffer.byteLength(await call.input)}`, stderr: "é\n", code: 3 };
        },
        control: async () => "{}",
      },
      1024,
    );
    mkdirSync(w.run, { recursive: true, mode: 0o700 });
    const port = (server.address() as net.AddressInfo).port;
    writeFileSync(info(w), `hookwire-tcp-2 ${port} ${secrets.client} ${secrets.server} 1\n`, { mode: 0o600 });
    const input = 'é {"x": "\\n"}\n\n';
    const child = spawn("sh", ["-c", `${entry} claude PreToolUse`], {
      env: { ...w.env, CLAUDE_PROJECT_DIR: "/a b/\nc é", GEMINI_PROJECT_DIR: "", OTHER_PROJECT_DIR: "/x" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk;
    });
    child.stdin.end(input);
    const code = await new Promise((resolve) => child.on("close", resolve));
    server.close();
    expect({ code, stdout, stderr }).toEqual({
      code: 3,
      stdout: `got ${Buffer.byteLength(input)}`,
      stderr: "é\n",
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.env).toEqual({ CLAUDE_PROJECT_DIR: "/a b/\nc é", GEMINI_PROJECT_DIR: "" });
    expect(await calls[0]?.input).toBe(input);
  }, 60_000);
});

describe("what the server tells whoever connects", () => {
  it("nothing, to a connection that does not send this user's secret first (no greeting to learn and replay)", async () => {
    const w = world();
    w.call("ls");
    await until(() => existsSync(info(w)), "serve.tcp");
    const port = Number(readFileSync(info(w), "utf8").split(" ")[1]);
    const heard = (send?: string) =>
      new Promise<string>((resolve) => {
        let got = "";
        const socket = net.connect(port, "127.0.0.1", () => {
          if (send !== undefined) socket.write(send);
        });
        socket.setEncoding("utf8");
        socket.on("data", (chunk: string) => {
          got += chunk;
        });
        socket.on("error", () => undefined);
        socket.on("close", () => resolve(got));
        setTimeout(() => socket.destroy(), 1000);
      });
    expect(await heard()).toBe("");
    expect(await heard(`call ${"c".repeat(48)} claude PreToolUse plain 0\n`)).toBe("");
    expect(await heard(`status ${"c".repeat(48)}\n`)).toBe("");
  }, 60_000);
});
