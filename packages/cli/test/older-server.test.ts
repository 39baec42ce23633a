// A server an older hookwire started (its `serve.tcp` in format 1), still running after an upgrade: `hookwire status`
// names it and `hookwire serve --stop` ends it, once it proved itself with the file's secret, in either order of
// format 1's greeting; one that cannot prove itself, or a file others could have written, is left alone.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { type Sandbox, sandbox } from "./cli-harness.js";
import { boxEnv } from "./serve-harness.js";

beforeAll(() => ensureBuilt(), 300_000);

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/**
 * Format 1's control exchange, as hookwire spoke it before format 2: the server greeted first (`hookwire <server>`)
 * until the client spoke first (`stop|status <client>`, then the greeting); either way one line of JSON followed, and
 * `stop` ended the server. `greeting` is what it sends in place of the secret's line (an impostor's).
 */
const OLD_SERVER = `const [order, client, server, greeting] = process.argv.slice(1);
const net = require("node:net");
const listener = net.createServer((c) => {
  if (order === "server-first") c.write(greeting + "\\n");
  let text = "";
  c.on("data", (chunk) => {
    text += chunk;
    const end = text.indexOf("\\n");
    if (end === -1) return;
    const [request, secret] = text.slice(0, end).split(" ");
    if (secret !== client) return c.destroy();
    if (order === "client-first") c.write(greeting + "\\n");
    const status = { pid: process.pid, startedAt: "2026-12-04T08:00:00.000Z", calls: 7, projects: 1,
      url: "http://127.0.0.1:1", idleMs: 1800000, stopping: request === "stop" };
    c.end(JSON.stringify(status) + "\\n", () => { if (request === "stop") process.exit(0); });
  });
});
listener.listen(0, "127.0.0.1", () => console.log(listener.address().port));`;

/** Starts an older server and writes its `serve.tcp` (format 1) where this hookwire looks for it. */
async function plantOlder(
  box: Sandbox,
  order: "server-first" | "client-first",
  impostor = false,
): Promise<{ child: ChildProcess; file: string }> {
  const client = "c".repeat(48);
  const server = "s".repeat(48);
  const greeting = impostor ? "hookwire guessed" : `hookwire ${server}`;
  const child = spawn(process.execPath, ["-e", OLD_SERVER, order, client, server, greeting], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const port = await new Promise<string>((resolve) =>
    child.stdout?.once("data", (chunk: Buffer) => resolve(chunk.toString().trim())),
  );
  const run = path.join(box.home, ".local", "state", "hookwire", "run");
  mkdirSync(run, { recursive: true, mode: 0o700 });
  const file = path.join(run, "serve.tcp");
  writeFileSync(file, `hookwire-tcp-1 ${port} ${client} ${server} ${child.pid}\n`, { mode: 0o600 });
  return { child, file };
}

const exited = (child: ChildProcess) =>
  new Promise<boolean>((resolve) => {
    if (child.exitCode !== null) return resolve(true);
    const timer = setTimeout(() => resolve(false), 5000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

describe("an older hookwire's server left running by an upgrade", () => {
  const env = (box: Sandbox) => ({ ...boxEnv(box), XDG_RUNTIME_DIR: undefined });

  it.each(["client-first", "server-first"] as const)(
    "is named by status and ended by serve --stop (format 1, %s)",
    async (order) => {
      const box = sandbox("connect");
      const { child } = await plantOlder(box, order);
      const status = box.run(["status"], { env: env(box) });
      expect(status.stdout.split("\n")[0]?.replace(String(child.pid), "<pid>")).toMatchInlineSnapshot(
        `"server: an older hookwire's (pid <pid>, since 2026-12-04T08:00:00.000Z): the shell entry does not speak to it, so each call costs a Node start until it idles out; hookwire serve --stop ends it now"`,
      );
      const stop = box.run(["serve", "--stop"], { env: env(box) });
      expect(stop.stdout.replace(String(child.pid), "<pid>")).toMatchInlineSnapshot(`
        "Stopped an older hookwire's server (pid <pid>, 7 calls).
        "
      `);
      expect(await exited(child)).toBe(true);
    },
  );

  it("is left alone when it cannot prove itself with the file's secret, or the file is not private", async () => {
    const box = sandbox("connect");
    const { child, file } = await plantOlder(box, "client-first", true);
    const stop = box.run(["serve", "--stop"], { env: env(box) });
    expect(stop.stdout.replace(/127\.0\.0\.1:\d+/, "127.0.0.1:<port>")).toMatchInlineSnapshot(`
      "No hookwire server is running for this user (what listens on 127.0.0.1:<port> is not this user's server).
      "
    `);
    expect(child.exitCode).toBeNull();
    const genuine = await plantOlder(box, "client-first");
    chmodSync(genuine.file, 0o644);
    expect(box.run(["serve", "--stop"], { env: env(box) }).stdout).toContain("its mode is 644, not private");
    expect(await exited(genuine.child)).toBe(false);
    expect(file).toBe(genuine.file);
  }, 30_000);
});
