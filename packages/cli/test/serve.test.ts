// `hookwire serve`, the resident server: agents' http hooks answered on 127.0.0.1, only with the token and Host.
import { spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { bin, claudeBash, type Sandbox, sandbox } from "./cli-harness.js";
import { boxEnv, post, type Served, serve } from "./serve-harness.js";

beforeAll(() => ensureBuilt());

const running: Served[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
});

async function started(box: Sandbox, args: string[] = []): Promise<Served> {
  const server = await serve(box, args);
  running.push(server);
  return server;
}

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A project guard that blocks rm -rf and leaves a mark for every call it sees (so a refused request shows none). */
const guard = (reason: string) => `import { appendFileSync } from "node:fs";
export default (pi: any) => {
  pi.on("tool_call", (event: any, ctx: any) => {
    appendFileSync(ctx.cwd + "/calls.txt", "call\\n");
    if (String(event.input.command ?? "").includes("rm -rf")) return { block: true, reason: ${JSON.stringify(reason)} };
  });
};
`;

function trustedProject(): Sandbox {
  const box = sandbox("connect");
  write(path.join(box.cwd, ".hookwire/hooks/guard.ts"), guard("no rm -rf"));
  expect(box.run(["trust", "--yes"]).code).toBe(0);
  return box;
}

/** A session id of this sandbox: the sandboxes of a run share one cache folder, where a session's project is kept. */
const sid = (box: Sandbox, name = "s-1") => `${path.basename(path.dirname(box.cwd))}-${name}`;

const preToolUse = (box: Sandbox, command: string, session = "s-1") =>
  claudeBash(box.cwd, command, sid(box, session));

const hostOf = (url: string) => new URL(url).host;

describe("hookwire serve", () => {
  it("prints where it listens and the headers to send, then answers Claude Code's http hook in its format", async () => {
    const box = trustedProject();
    const server = await started(box);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Object.keys(server.headers)).toEqual(["Authorization"]);
    expect(server.headers.Authorization).toMatch(/^Bearer [\w-]{43}$/);

    const denied = await post(`${server.url}/claude`, preToolUse(box, "rm -rf build"), server.headers);
    expect(denied.status).toBe(200);
    expect(denied.json).toEqual({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "no rm -rf",
      },
    });
    const allowed = await post(`${server.url}/claude/PreToolUse`, preToolUse(box, "ls"), server.headers);
    expect(allowed.json).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse" } });
  }, 60_000);

  it("refuses a request without the token, with a wrong one, or under a foreign Host, and runs nothing for it", async () => {
    const box = trustedProject();
    const server = await started(box);
    const body = preToolUse(box, "ls");
    const host = hostOf(server.url);
    const tries = [
      await post(`${server.url}/claude`, body, {}),
      await post(`${server.url}/claude`, body, { Authorization: "Bearer wrong" }),
      await post(`${server.url}/claude`, body, { Authorization: `${server.headers.Authorization}x` }),
      // A DNS-rebinding page: the right address under the attacker's name, even with a stolen token.
      await post(`${server.url}/claude`, body, {
        ...server.headers,
        Host: `evil.example:${host.split(":")[1]}`,
      }),
      await post(`${server.url}/claude`, body, { ...server.headers, Host: "127.0.0.1" }),
    ];
    expect(tries.map((t) => t.status)).toEqual([401, 401, 401, 403, 403]);
    expect(tries[0]?.json).toMatchInlineSnapshot(`
      {
        "error": "A bearer token is required: the server's (hookwire connect claude --http puts yours in Claude Code's settings ("env")). hookwire doctor says what is wrong.",
      }
    `);
    // An agent without HOOKWIRE_TOKEN sends an empty bearer: the refusal names that agent's fix, by the path it posts to.
    const refusals: Record<string, unknown> = {};
    for (const agent of ["claude", "copilot", "nobody"])
      for (const authorization of ["Bearer ", "Bearer wrong"]) {
        const refused = await post(`${server.url}/${agent}`, body, { Authorization: authorization });
        refusals[`${agent} ${JSON.stringify(authorization)}`] = [
          refused.status,
          (refused.json as { error: string }).error,
        ];
      }
    expect(refusals).toMatchInlineSnapshot(`
      {
        "claude "Bearer "": [
          401,
          "No token came with the call: Claude Code's HOOKWIRE_TOKEN is empty. hookwire connect claude --http puts your token in Claude Code's settings ("env"). hookwire doctor says what is wrong.",
        ],
        "claude "Bearer wrong"": [
          401,
          "A bearer token is required: the server's (hookwire connect claude --http puts yours in Claude Code's settings ("env")). hookwire doctor says what is wrong.",
        ],
        "copilot "Bearer "": [
          401,
          "No token came with the call: HOOKWIRE_TOKEN is empty in the environment that started GitHub Copilot CLI. Export the server's token (32+ characters) there before starting GitHub Copilot CLI. hookwire doctor says what is wrong.",
        ],
        "copilot "Bearer wrong"": [
          401,
          "A bearer token is required: the server's, as HOOKWIRE_TOKEN in the environment that starts GitHub Copilot CLI (the headers \`hookwire serve\` printed). hookwire doctor says what is wrong.",
        ],
        "nobody "Bearer "": [
          401,
          "No token came with the call: HOOKWIRE_TOKEN is empty in the environment that started the agent. Export the server's token (32+ characters) there before starting the agent. hookwire doctor says what is wrong.",
        ],
        "nobody "Bearer wrong"": [
          401,
          "A bearer token is required: the server's, as HOOKWIRE_TOKEN in the environment that starts the agent (the headers \`hookwire serve\` printed). hookwire doctor says what is wrong.",
        ],
      }
    `);
    expect(existsSync(path.join(box.cwd, "calls.txt"))).toBe(false);

    const localhost = await post(`${server.url}/claude`, body, {
      ...server.headers,
      Host: `localhost:${host.split(":")[1]}`,
    });
    expect(localhost.status).toBe(200);
    expect(readFileSync(path.join(box.cwd, "calls.txt"), "utf8")).toBe("call\n");
  }, 60_000);

  it("names what it takes for an unknown agent or event, and refuses a body over its bound", async () => {
    const box = trustedProject();
    const server = await started(box);
    expect((await post(`${server.url}/nobody`, "{}", server.headers)).status).toBe(404);
    const noEvent = await post(`${server.url}/claude`, JSON.stringify({ cwd: box.cwd }), server.headers);
    expect(noEvent.status).toBe(400);
    const unknown = await post(`${server.url}/claude/Nope`, preToolUse(box, "ls"), server.headers);
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.json)).toContain('has no event \\"Nope\\"');
    const big = await post(`${server.url}/claude`, "x".repeat(17 * 1024 * 1024), server.headers).catch(
      () => ({ status: 413 }),
    );
    expect(big.status).toBe(413);
  }, 60_000);

  it("reloads a hook edited while it runs", async () => {
    const box = sandbox("connect");
    const userHook = path.join(box.home, ".hookwire/hooks/user-guard.ts");
    write(userHook, guard("first version"));
    const server = await started(box);
    const reason = async () =>
      (
        (await post(`${server.url}/claude`, preToolUse(box, "rm -rf x"), server.headers)).json as never as {
          hookSpecificOutput: { permissionDecisionReason?: string };
        }
      ).hookSpecificOutput.permissionDecisionReason;
    expect(await reason()).toBe("first version");
    write(userHook, guard("second version"));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await reason()).toBe("second version");
  }, 60_000);

  it("follows hookwire hooks disable and enable while it runs (the user's hooks.json is watched)", async () => {
    const box = sandbox("connect");
    const userHook = path.join(box.home, ".hookwire/hooks/user-guard.ts");
    write(userHook, guard("guarded"));
    const server = await started(box);
    const reason = async () =>
      (
        (await post(`${server.url}/claude`, preToolUse(box, "rm -rf x"), server.headers)).json as never as {
          hookSpecificOutput?: { permissionDecisionReason?: string };
        }
      ).hookSpecificOutput?.permissionDecisionReason;
    expect(await reason()).toBe("guarded");
    expect(box.run(["hooks", "disable", userHook], { env: boxEnv(box) }).code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await reason()).toBeUndefined();
    expect(box.run(["hooks", "enable", userHook], { env: boxEnv(box) }).code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await reason()).toBe("guarded");
  }, 60_000);

  it("refuses tool calls while a project hook edited after trust is not trusted again, naming it, and runs it once trusted", async () => {
    const box = trustedProject();
    const server = await started(box);
    const answer = async () =>
      (await post(`${server.url}/claude`, preToolUse(box, "rm -rf x"), server.headers)).json as {
        hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string };
        systemMessage?: string;
      };
    expect((await answer()).hookSpecificOutput?.permissionDecisionReason).toBe("no rm -rf");
    write(path.join(box.cwd, ".hookwire/hooks/guard.ts"), guard("edited after trust"));
    const changed = await answer();
    // The edited guard does not run, and the call is not let through unguarded either.
    expect(changed.hookSpecificOutput?.permissionDecision).toBe("deny");
    expect(
      changed.hookSpecificOutput?.permissionDecisionReason?.replaceAll(box.cwd, "<project>"),
    ).toMatchInlineSnapshot(
      `"hookwire: the project's hooks changed since it was trusted: hook .hookwire/hooks/guard.ts edited. Its tool calls are refused until you review and trust them: pnpm exec hookwire trust --cwd <project>"`,
    );
    // The user is told too, once in the session: some agents show the model's reason to no one.
    expect(changed.systemMessage).toBe(changed.hookSpecificOutput?.permissionDecisionReason);
    expect(box.run(["trust", "--yes"]).code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await answer()).hookSpecificOutput?.permissionDecisionReason).toBe("edited after trust");
  }, 60_000);

  it("keeps each session's first project: a later event from a folder with its own .git does not move it", async () => {
    const box = trustedProject();
    const sub = path.join(box.cwd, "sub");
    mkdirSync(path.join(sub, ".git"), { recursive: true });
    const server = await started(box);
    const from = async (cwd: string, session: string) => {
      const body = JSON.parse(preToolUse(box, "rm -rf ../victim", session));
      const reply = await post(`${server.url}/claude`, JSON.stringify({ ...body, cwd }), server.headers);
      return (reply.json as { hookSpecificOutput?: { permissionDecision?: string } }).hookSpecificOutput
        ?.permissionDecision;
    };
    expect(await from(box.cwd, "s-root")).toBe("deny");
    expect(await from(sub, "s-root")).toBe("deny");
    // A session that started in sub has sub (untrusted, no hooks) for its project; the other keeps its own.
    expect(await from(sub, "s-sub")).toBeUndefined();
    expect(await from(box.cwd, "s-sub")).toBeUndefined();
    expect(await from(sub, "s-root")).toBe("deny");
  }, 60_000);

  it("reads a session's file again once another process wrote it, and not at all once others could write it", async () => {
    const box = sandbox("connect");
    write(
      path.join(box.cwd, ".hookwire/hooks/entries.ts"),
      `export default (pi: any) => {
  pi.on("session_start", () => pi.appendEntry("seen", { at: 1 }));
  pi.on("before_agent_start", (_event: any, ctx: any) => ({
    message: { customType: "n", content: "entries=" + ctx.sessionManager.getEntries().length, display: false },
  }));
};
`,
    );
    expect(box.run(["trust", "--yes"]).code).toBe(0);
    const server = await started(box);
    const event = (name: string, fields: object) =>
      JSON.stringify({
        session_id: sid(box),
        transcript_path: "",
        cwd: box.cwd,
        hook_event_name: name,
        ...fields,
      });
    await post(`${server.url}/claude`, event("SessionStart", { source: "startup" }), server.headers);
    const entries = async () =>
      (
        (await post(`${server.url}/claude`, event("UserPromptSubmit", { prompt: "hi" }), server.headers))
          .json as { hookSpecificOutput: { additionalContext: string } }
      ).hookSpecificOutput.additionalContext;
    expect(await entries()).toBe("entries=1");
    expect(await entries()).toBe("entries=1");
    const dir = path.join(box.home, ".cache", "hookwire", "sessions");
    const [name] = readdirSync(dir);
    const file = path.join(dir, name as string);
    const withEntries = (count: number) => {
      const data = JSON.parse(readFileSync(file, "utf8"));
      data.entries = Array.from({ length: count }, (_, i) => ({
        id: `e${i}`,
        type: "custom",
        customType: "seen",
      }));
      return JSON.stringify(data);
    };
    // Another hookwire (the in-process fallback) writes as hookwire does: a private file renamed in.
    const next = withEntries(3);
    writeFileSync(`${file}.other`, next, { mode: 0o600 });
    renameSync(`${file}.other`, file);
    expect(await entries()).toBe("entries=3");
    // Opened to others, its text unchanged: not read (the session starts over).
    chmodSync(file, 0o666);
    expect(await entries()).toBe("entries=0");
  }, 60_000);

  it("keeps its socket private (folder 0700, socket 0600) and refuses to start a second server on it", async () => {
    const box = trustedProject();
    const server = await started(box);
    expect(lstatSync(path.dirname(server.socket)).mode & 0o777).toBe(0o700);
    expect(lstatSync(server.socket).mode & 0o777).toBe(0o600);
    await expect(serve(box)).rejects.toThrow(/already listens/);
  }, 60_000);

  it("binds no socket whose path is too long for one (Node would bind it cut short, elsewhere), and still serves http", async () => {
    const box = trustedProject();
    const runtime = path.join(box.home, "r".repeat(100));
    mkdirSync(runtime, { recursive: true, mode: 0o700 });
    const server = await serve(box, [], { XDG_RUNTIME_DIR: runtime });
    running.push(server);
    expect(server.socket).toBeUndefined();
    expect(server.stderr()).toContain(
      "is too long for a socket (over 100 bytes); the Node entry runs calls in-process (the shell entry still reaches this server)",
    );
    expect((await post(`${server.url}/claude`, preToolUse(box, "rm -rf x"), server.headers)).status).toBe(
      200,
    );
    // The shell entry reaches it over 127.0.0.1 all the same: no socket there, its port file only.
    expect(readdirSync(path.join(runtime, "hookwire"))).toEqual(["serve.tcp"]);
  }, 60_000);

  it("exits on its own once idle", async () => {
    const box = trustedProject();
    const server = await started(box, ["--idle-timeout", "1"]);
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toContain("idle, exiting");
    expect(existsSync(server.socket)).toBe(false);
  }, 60_000);
});

/** A guard that says which process ran it (a line per call in pids.txt) and takes 3 s on `SLOW`. */
const PID_GUARD = `import { appendFileSync } from "node:fs";
export default (pi: any) => {
  pi.on("tool_call", async (event: any, ctx: any) => {
    const command = String(event.input.command ?? "");
    appendFileSync(ctx.cwd + "/pids.txt", process.pid + "\\n");
    if (command.includes("SLOW")) await new Promise((resolve) => setTimeout(resolve, 3000));
    if (command.includes("rm -rf")) return { block: true, reason: "no rm -rf (" + process.pid + ")" };
  });
};
`;

function pidProject(): Sandbox {
  const box = sandbox("connect");
  write(path.join(box.cwd, ".hookwire/hooks/guard.ts"), PID_GUARD);
  expect(box.run(["trust", "--yes"]).code).toBe(0);
  return box;
}

const pids = (box: Sandbox) =>
  (existsSync(path.join(box.cwd, "pids.txt")) ? readFileSync(path.join(box.cwd, "pids.txt"), "utf8") : "")
    .split("\n")
    .filter(Boolean)
    .map(Number);

/** `hookwire hook claude PreToolUse` as Claude Code runs it, in the background. */
function hookAsync(box: Sandbox, command: string, input = preToolUse(box, command), env: object = {}) {
  const child = spawn(process.execPath, [bin, "hook", "claude", "PreToolUse"], {
    cwd: box.cwd,
    env: { ...boxEnv(box), ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stdin.end(input);
  return new Promise<{ code: number | null; json: { hookSpecificOutput: Record<string, string> } }>(
    (resolve) => child.on("close", (code) => resolve({ code, json: JSON.parse(stdout) })),
  );
}

describe("hookwire hook with a server running", () => {
  it("forwards the call to the server over its socket", async () => {
    const box = pidProject();
    const server = await started(box);
    const answer = await hookAsync(box, "rm -rf build");
    expect(answer.json.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(pids(box)).toEqual([server.child.pid]);
  }, 60_000);

  it("sends the agent's project variable along: the server guards the project Claude Code names, not the event's folder", async () => {
    const box = pidProject();
    const sub = path.join(box.cwd, "sub");
    mkdirSync(path.join(sub, ".git"), { recursive: true });
    const server = await started(box);
    const fromSub = JSON.stringify({ ...JSON.parse(preToolUse(box, "rm -rf ../x", "s-var")), cwd: sub });
    const answer = await hookAsync(box, "", fromSub, { CLAUDE_PROJECT_DIR: box.cwd });
    expect(answer.json.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(pids(box)).toEqual([server.child.pid]);
  }, 60_000);

  it("falls back to running the call itself when the server is killed mid-call, and when none runs", async () => {
    const box = pidProject();
    const server = await started(box);
    const pending = hookAsync(box, "rm -rf SLOW");
    await expect.poll(() => pids(box), { timeout: 20_000 }).toEqual([server.child.pid]);
    server.child.kill("SIGKILL");
    const answer = await pending;
    expect(answer.code).toBe(0);
    const [first, second] = pids(box);
    expect(first).toBe(server.child.pid);
    expect(second).not.toBe(server.child.pid);
    expect(answer.json.hookSpecificOutput).toEqual({
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: `no rm -rf (${second})`,
    });
    // The killed server's socket is still there; nothing answers on it, and the call runs here.
    expect(existsSync(server.socket)).toBe(true);
    expect((await hookAsync(box, "rm -rf again")).json.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(pids(box)).toHaveLength(3);
  }, 60_000);

  it("never forwards to a socket that is not private (another user could be listening on it)", async () => {
    const box = pidProject();
    const server = await started(box);
    chmodSync(server.socket, 0o666);
    await hookAsync(box, "ls");
    chmodSync(server.socket, 0o600);
    chmodSync(path.dirname(server.socket), 0o755);
    await hookAsync(box, "ls");
    const [first, second] = pids(box);
    expect(first).not.toBe(server.child.pid);
    expect(second).not.toBe(server.child.pid);
  }, 60_000);
});
