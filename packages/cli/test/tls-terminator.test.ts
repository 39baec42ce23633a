// docs/scale.md's Caddy and nginx snippets, run as written in front of `hookwire serve --policy --tokens`: a call over
// https through each reaches the team server, is decided by the policy and carries the developer; the body bound
// holds. Runs where the proxy is installed (.ci/run installs both); installs nothing itself.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { createServer } from "node:net";
import path from "node:path";
import { readDecisions } from "@hookwire/project/records";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { claudeBash, repoRoot, sandbox } from "./cli-harness.js";
import { type Served, serve } from "./serve-harness.js";

beforeAll(() => ensureBuilt());

const NAME = "hookwire.team.example";
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

const installed = (binary: string) => spawnSync("sh", ["-c", `command -v ${binary}`]).status === 0;

/** The ```text block that follows `intro` in docs/scale.md: the snippet as users copy it. */
function snippet(intro: string): string {
  const doc = readFileSync(path.join(repoRoot, "docs/scale.md"), "utf8");
  const at = doc.indexOf(intro);
  expect(at, `docs/scale.md has no "${intro}"`).toBeGreaterThan(-1);
  const open = doc.indexOf("```text\n", at) + "```text\n".length;
  return doc.slice(open, doc.indexOf("\n```", open));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** A team server with a policy that blocks `rm -rf`, a token for alice, and a certificate for NAME. */
async function teamServer() {
  const box = sandbox("connect");
  const root = path.dirname(box.cwd);
  const policy = path.join(root, "policy");
  mkdirSync(path.join(policy, ".hookwire/hooks"), { recursive: true });
  writeFileSync(
    path.join(policy, ".hookwire/hooks/guard.ts"),
    `export default (pi: any) => { pi.on("tool_call", (e: any) => String(e.input.command).includes("rm -rf") ? { block: true, reason: "team policy: no rm -rf" } : undefined); };\n`,
  );
  const tokens = path.join(root, "tokens");
  const added = box.run(["serve", "token", "add", "alice", "--tokens", tokens]);
  expect(added.code, added.stderr).toBe(0);
  const server: Served = await serve(box, [
    "--policy",
    policy,
    "--tokens",
    tokens,
    "--listen",
    "127.0.0.1:0",
  ]);
  stops.push(() => server.stop());
  const cert = path.join(root, "cert.pem");
  const key = path.join(root, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      `/CN=${NAME}`,
      "-addext",
      `subjectAltName=DNS:${NAME}`,
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  const upstream = new URL(server.url).port;
  return {
    box,
    root,
    token: added.stdout.trim(),
    cert,
    key,
    upstream,
    log: path.join(box.home, ".local/state/hookwire/decisions.jsonl"),
  };
}

type Team = Awaited<ReturnType<typeof teamServer>>;

/** A POST over https to NAME at 127.0.0.1:`port`, trusting only the test's certificate. */
function postTls(
  team: Team,
  port: number,
  body: string | Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        servername: NAME,
        path: "/claude/PreToolUse",
        method: "POST",
        ca: readFileSync(team.cert),
        headers: { host: NAME, "content-type": "application/json", ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Starts `command` and waits until it answers https on `port`. */
async function startProxy(
  command: string,
  args: string[],
  env: Record<string, string>,
  team: Team,
  port: number,
) {
  const child = spawn(command, args, {
    cwd: team.root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  stops.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  });
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`${command} exited: ${output}`);
    try {
      await postTls(team, port, "{}");
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${command} did not answer on ${port}: ${output}`);
}

/** What a developer's agent sees through the proxy, and what the server's log says. */
async function throughProxy(team: Team, port: number) {
  const call = (command: string, token = team.token, headers: Record<string, string> = {}) =>
    postTls(team, port, claudeBash("/home/alice/app", command, "s-tls"), {
      authorization: `Bearer ${token}`,
      ...headers,
    });
  // The proxy's start-up probe (no token) is in the log already: only what follows is these calls'.
  await expect.poll(() => readDecisions(team.log).length, { timeout: 10_000 }).toBeGreaterThan(0);
  const before = readDecisions(team.log).length;
  const blocked = await call("rm -rf build");
  const allowed = await call("ls");
  // A caller's own X-Forwarded-For is not what the log names: the proxy writes the address it saw.
  const refused = await call("ls", "hwt_not-a-token", { "x-forwarded-for": "203.0.113.66" });
  // Past the documented 16 MB bound, the proxy refuses the body before the server sees it.
  const huge = await postTls(team, port, Buffer.alloc(17 * 1024 * 1024, 0x20), {
    authorization: `Bearer ${team.token}`,
  });
  await expect
    .poll(() => readDecisions(team.log).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(before + 3);
  const logged = readDecisions(team.log).slice(before);
  return {
    answers: [blocked, allowed, refused].map((a) => ({
      status: a.status,
      said:
        (JSON.parse(a.body) as { hookSpecificOutput?: { permissionDecisionReason?: string } })
          .hookSpecificOutput?.permissionDecisionReason ??
        (a.status === 200 ? "allowed" : a.body.slice(0, 60)),
    })),
    huge: huge.status,
    logged: logged.map((d) => ({ user: d.user, decision: d.decision })),
    refusedFrom: logged.find((d) => d.decision === "refused")?.reason?.replace(/127\.0\.0\.1/g, "<loopback>"),
  };
}

describe.skipIf(!installed("nginx"))("docs/scale.md's nginx snippet in front of the team server", () => {
  it("answers a developer's calls over https with the policy's decisions, logs who and from where, bounds the body", async () => {
    const team = await teamServer();
    const port = await freePort();
    const site = snippet("\nnginx:")
      .replace("server 127.0.0.1:8977;", `server 127.0.0.1:${team.upstream};`)
      .replace("listen 443 ssl;", `listen 127.0.0.1:${port} ssl;`)
      .replace(`/etc/ssl/${NAME}.pem`, team.cert)
      .replace(`/etc/ssl/${NAME}.key`, team.key);
    const temp = path.join(team.root, "nginx");
    mkdirSync(temp);
    // What a distribution's nginx.conf around the site adds: the test's own folders, in the foreground.
    const conf = `${process.getuid?.() === 0 ? "user root;\n" : ""}daemon off;
pid ${temp}/nginx.pid;
error_log ${temp}/error.log;
events {}
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
${site}
}
`;
    writeFileSync(path.join(temp, "nginx.conf"), conf);
    await startProxy("nginx", ["-p", temp, "-c", path.join(temp, "nginx.conf")], {}, team, port);
    expect(await throughProxy(team, port)).toMatchInlineSnapshot(`
      {
        "answers": [
          {
            "said": "team policy: no rm -rf",
            "status": 200,
          },
          {
            "said": "allowed",
            "status": 200,
          },
          {
            "said": "{"error":"This token is not one of this team server's. Ask y",
            "status": 401,
          },
        ],
        "huge": 413,
        "logged": [
          {
            "decision": "block",
            "user": "alice",
          },
          {
            "decision": "none",
            "user": "alice",
          },
          {
            "decision": "refused",
            "user": undefined,
          },
        ],
        "refusedFrom": "401 from <loopback> (X-Forwarded-For: <loopback>), token sha256:2fbd5038400a…: This token is not one of this team server's. Ask your team for yours.",
      }
    `);
  }, 60_000);
});

describe.skipIf(!installed("caddy"))("docs/scale.md's Caddy snippet in front of the team server", () => {
  it("answers a developer's calls over https with the policy's decisions, logs who and from where, bounds the body", async () => {
    const team = await teamServer();
    const port = await freePort();
    // The certificate is the test's (`tls`), not ACME's; the admin endpoint is off: nothing else changes.
    const site = snippet("\nCaddy (")
      .replace(`${NAME} {`, `${NAME}:${port} {\n\ttls ${team.cert} ${team.key}`)
      .replace("reverse_proxy 127.0.0.1:8977", `reverse_proxy 127.0.0.1:${team.upstream}`);
    const file = path.join(team.root, "Caddyfile");
    writeFileSync(file, `{\n\tadmin off\n\tauto_https off\n}\n${site}\n`);
    const data = path.join(team.root, "caddy");
    const env = { HOME: data, XDG_DATA_HOME: data, XDG_CONFIG_HOME: data };
    await startProxy("caddy", ["run", "--config", file, "--adapter", "caddyfile"], env, team, port);
    expect(await throughProxy(team, port)).toMatchInlineSnapshot(`
      {
        "answers": [
          {
            "said": "team policy: no rm -rf",
            "status": 200,
          },
          {
            "said": "allowed",
            "status": 200,
          },
          {
            "said": "{"error":"This token is not one of this team server's. Ask y",
            "status": 401,
          },
        ],
        "huge": 502,
        "logged": [
          {
            "decision": "block",
            "user": "alice",
          },
          {
            "decision": "none",
            "user": "alice",
          },
          {
            "decision": "refused",
            "user": undefined,
          },
        ],
        "refusedFrom": "401 from <loopback> (X-Forwarded-For: <loopback>), token sha256:2fbd5038400a…: This token is not one of this team server's. Ask your team for yours.",
      }
    `);
  }, 60_000);
});
