// The server a session's http hooks need, made sure of by the SessionStart command connect --http writes (and by
// `hookwire serve --ensure`): started on the port with the user's token, found when it runs, replaced when it listens
// elsewhere, and the session stopped, saying why, when the port is someone else's or the server is turned off.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { bin, type Sandbox, sandbox } from "./cli-harness.js";
import { plantedListener, post } from "./serve-harness.js";

beforeAll(() => ensureBuilt(), 300_000);

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** Free a port by binding one and letting it go. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A home whose server may start itself (the test setup turns that off everywhere else). */
function home(): { box: Sandbox; env: Record<string, string | undefined> } {
  const box = sandbox("connect");
  const env = {
    XDG_STATE_HOME: path.join(box.home, ".local", "state"),
    HOOKWIRE_SERVER: undefined,
    HOOKWIRE_TOKEN: undefined,
  };
  stops.push(() => box.run(["serve", "--stop"], { env }));
  return { box, env };
}

const status = (box: Sandbox, env: Record<string, string | undefined>) =>
  JSON.parse(box.run(["status", "--json"], { env }).stdout).server.running;

/** The SessionStart command (or another `--http-port` one) as Claude Code runs it: `sh -c`, the event on stdin. */
function sessionStart(
  box: Sandbox,
  env: Record<string, string | undefined>,
  port: number,
  event = "SessionStart",
  agent = "claude",
) {
  const run = spawnSync(
    "sh",
    ["-c", `${path.join(path.dirname(bin), "hookwire-hook")} hook ${agent} ${event} --http-port ${port}`],
    {
      cwd: box.cwd,
      input: JSON.stringify({
        session_id: "s1",
        hook_event_name: event,
        cwd: box.cwd,
        source: "startup",
        prompt: "go",
      }),
      encoding: "utf8",
      env: Object.fromEntries(
        Object.entries({
          ...process.env,
          HOME: box.home,
          XDG_CONFIG_HOME: path.join(box.home, ".config"),
          ...env,
        }).filter(([, value]) => value !== undefined),
      ) as NodeJS.ProcessEnv,
    },
  );
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("the server for a session's http hooks", () => {
  it("starts at SessionStart on the port, answers with the user's token, and is found (same pid) at the next session", async () => {
    const { box, env } = home();
    const port = await freePort();
    expect(box.run(["connect", "claude", "--http", "--port", String(port)], { env }).code).toBe(0);
    const first = sessionStart(box, env, port);
    expect([first.code, first.stderr]).toEqual([0, ""]);
    const running = status(box, env);
    expect(running.url).toBe(`http://127.0.0.1:${port}`);
    const token = readFileSync(path.join(box.home, ".config", "hookwire", "http.token"), "utf8").trim();
    const body = JSON.stringify({ session_id: "s1", hook_event_name: "Stop", cwd: box.cwd });
    expect(
      (await post(`${running.url}/claude/Stop`, body, { Authorization: `Bearer ${token}` })).status,
    ).toBe(200);
    expect((await post(`${running.url}/claude/Stop`, body, { Authorization: "Bearer " })).status).toBe(401);
    expect(sessionStart(box, env, port).code).toBe(0);
    expect(status(box, env).pid).toBe(running.pid);
    // With it running, the shell entry finds it without node: a PATH with bash alone does.
    const bashOnly = mkdtempSync(path.join(tmpdir(), "hw-bash-only-"));
    stops.push(() => rmSync(bashOnly, { recursive: true, force: true }));
    for (const name of ["bash", "sh"])
      symlinkSync(
        execFileSync("sh", ["-c", `command -v ${name}`])
          .toString()
          .trim(),
        path.join(bashOnly, name),
      );
    const warm = sessionStart(box, { ...env, PATH: bashOnly }, port);
    expect([warm.code, warm.stderr]).toEqual([0, ""]);
    // Asked for another port, it needs node to start one: that is the call that goes on to the Node entry.
    const other = sessionStart(box, { ...env, PATH: bashOnly }, port + 1 > 65535 ? port - 1 : port + 1);
    expect(other.stderr).toContain("no node on PATH");
    // Nothing more to do for doctor: the token, the file, the starter and the server agree.
    const doctor = box.run(["doctor"], { env });
    expect(doctor.stdout).not.toContain(`127.0.0.1:${port}`);
    expect(doctor.stdout).not.toContain("token");
  });

  it("replaces a server of the user's that listens on another port (one a command hook started)", async () => {
    const { box, env } = home();
    const port = await freePort();
    box.run(["connect", "claude", "--http", "--port", String(port)], { env });
    const ensure = () => box.run(["serve", "--ensure", "--port", String(port)], { env });
    // A server started for command hooks: a free port of its own, no idle exit turned off.
    const other = await freePort();
    expect(box.run(["serve", "--ensure", "--port", String(other)], { env }).code).toBe(0);
    const before = status(box, env);
    expect(before.url).toBe(`http://127.0.0.1:${other}`);
    expect(ensure().stdout).toBe(`This user's hookwire server listens on http://127.0.0.1:${port}.\n`);
    const after = status(box, env);
    expect(after.url).toBe(`http://127.0.0.1:${port}`);
    expect(after.pid).not.toBe(before.pid);
  });

  it("stops the session, naming the holder, and doctor calls it an error, when another program of the user's holds the port", async () => {
    const { box, env } = home();
    const squatter = net.createServer((socket) => socket.end("HTTP/1.1 200 OK\r\n\r\n{}"));
    await new Promise<void>((resolve) => squatter.listen(0, "127.0.0.1", resolve));
    stops.push(() => squatter.close());
    const port = (squatter.address() as net.AddressInfo).port;
    box.run(["connect", "claude", "--http", "--port", String(port)], { env });
    const started = sessionStart(box, env, port);
    expect(started.code).toBe(0);
    expect(started.stdout.replaceAll(String(port), "<port>")).toMatchInlineSnapshot(`
      "{"continue":false,"stopReason":"hookwire: another program of yours listens on 127.0.0.1:<port>, where Claude Code's http hooks would send every call and your hookwire token, and it could allow them: this session is stopped. Fix: hookwire connect claude --http --port <a free port> (or free port <port>); hookwire doctor says more."}
      "
    `);
    expect(started.stderr).toBe(`${JSON.parse(started.stdout).stopReason}\n`);
    // The refusal names the agent whose command asked, or every agent's http hooks when nobody's session asks.
    const copilot = sessionStart(box, env, port, "SessionStart", "copilot");
    expect(JSON.parse(copilot.stdout).stopReason.replaceAll(String(port), "<port>")).toMatchInlineSnapshot(
      `"hookwire: another program of yours listens on 127.0.0.1:<port>, where GitHub Copilot CLI's http hooks would send every call and your hookwire token, and it could allow them: this session is stopped. Fix: hookwire connect copilot --http --port <a free port> (or free port <port>); hookwire doctor says more."`,
    );
    const ensured = box.run(["serve", "--ensure", "--port", String(port)], { env });
    expect(ensured.stderr.replaceAll(String(port), "<port>")).toMatchInlineSnapshot(`
      "hookwire: another program of yours listens on 127.0.0.1:<port>, where the http hooks of your agents connected with --http would send every call and your hookwire token, and it could allow them: this session is stopped. Fix: hookwire connect <agent> --http --port <a free port> (or free port <port>); hookwire doctor says more.
      "
    `);
    const doctor = box.run(["doctor"], { env });
    expect(doctor.code).not.toBe(0);
    expect(doctor.stdout).toContain(
      `something other than your hookwire server listens on 127.0.0.1:${port}: the server cannot start there, and Claude Code sends its calls and token to whatever it is.`,
    );
  }, 60_000);

  it("stops the session at SessionStart and at every prompt when another user holds the port, and sends that listener nothing", async () => {
    const { box, env } = home();
    const squatter = await plantedListener();
    stops.push(squatter.stop);
    const port = squatter.port;
    box.run(["connect", "claude", "--http", "--port", String(port)], { env });
    for (const event of ["SessionStart", "UserPromptSubmit"] as const) {
      const run = sessionStart(box, env, port, event);
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout).continue).toBe(false);
      expect(JSON.parse(run.stdout).stopReason.replaceAll(String(port), "<port>")).toMatchInlineSnapshot(
        `"hookwire: another user (uid 65534) listens on 127.0.0.1:<port>, where Claude Code's http hooks would send every call and your hookwire token, and it could allow them: this session is stopped. Fix: hookwire connect claude --http --port <a free port> (or free port <port>); hookwire doctor says more."`,
      );
    }
    const ensured = box.run(["serve", "--ensure", "--port", String(port)], { env });
    expect(ensured.code).toBe(1);
    expect(ensured.stderr).toContain("another user (uid 65534) listens on 127.0.0.1:");
    // Started by hand (Copilot CLI's way), the server says whose the port is.
    const byHand = box.run(["serve", "--port", String(port)], { env });
    expect(byHand.code).not.toBe(0);
    expect(byHand.stderr.replaceAll(String(port), "<port>")).toMatchInlineSnapshot(`
      "hookwire: 127.0.0.1:<port> is in use: another user (uid 65534) listens there, and an agent's http hooks pointed at it would send it their calls and token. Use another --port (connect the agent with the same: hookwire connect <agent> --http --port <a free port>).
      "
    `);
    // No server of the user's was left trying, and nothing connected to the planted listener.
    expect(box.run(["status", "--json"], { env }).stdout).not.toContain(`"pid"`);
    expect(await squatter.connections()).toBe(0);
    // The same with a server of the user's already running elsewhere: it is not moved onto a port it cannot take.
    const other = await freePort();
    expect(box.run(["serve", "--ensure", "--port", String(other)], { env }).code).toBe(0);
    const again = sessionStart(box, env, port);
    expect(JSON.parse(again.stdout).continue).toBe(false);
    expect(await squatter.connections()).toBe(0);
  }, 60_000);

  it("never takes a HOOKWIRE_TOKEN from the environment of the call that starts it (a repository's settings can set one)", async () => {
    const { box, env } = home();
    const known = "k".repeat(40);
    const port = await freePort();
    box.run(["connect", "claude", "--http", "--port", String(port)], { env });
    const started = sessionStart(box, { ...env, HOOKWIRE_TOKEN: known }, port);
    expect(started.code).toBe(0);
    const running = status(box, env);
    const body = JSON.stringify({ session_id: "s1", hook_event_name: "Stop", cwd: box.cwd });
    expect(
      (await post(`${running.url}/claude/Stop`, body, { Authorization: `Bearer ${known}` })).status,
    ).toBe(401);
    expect(running.tokenIsFile).toBe(true);
  });

  it("says the server is turned off, with the fix, instead of starting one", async () => {
    const { box, env } = home();
    const port = await freePort();
    const off = { ...env, HOOKWIRE_SERVER: "off" };
    const ensured = box.run(["serve", "--ensure", "--port", String(port)], { env: off });
    expect(ensured.code).toBe(1);
    expect(ensured.stderr.replaceAll(String(port), "<port>")).toMatchInlineSnapshot(`
      "hookwire: the per-user server is turned off (HOOKWIRE_SERVER=off, or "server": "off" in the hookwire config), so no server of yours answers http://127.0.0.1:<port>: this session is stopped. Fix: turn it back on, or run hookwire serve --port <port> yourself.
      "
    `);
    expect(box.run(["status", "--json"], { env }).stdout).not.toContain(`"pid"`);
  });
});
