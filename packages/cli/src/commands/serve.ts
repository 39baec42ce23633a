// `hookwire serve`: the resident server agents' http hooks and `hookwire hook` talk to (its first stdout line:
// `{"url", "headers", "socket"}`).
import { mkdirSync } from "node:fs";
import { defineCommand } from "citty";
import { CliUsageError } from "../errors.js";
import { prepareHookPath } from "../hook-path-prepare.js";
import { exportSpansHere } from "../log/recorder.js";
import { resolveProject } from "../project.js";
import { askServer } from "../serve/control.js";
import { holderOf } from "../serve/port-holder.js";
import { startLockFile } from "../serve/runtime-files.js";
import { type RunningServer, startServer } from "../serve/server.js";
import { socketDir } from "../serve/socket-path.js";
import { collectStartGarbage } from "../serve/start-garbage.js";
import { cwdArg } from "../shared-args.js";
import { plural } from "./trust.js";

function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (value.trim() === "" || !Number.isInteger(number) || number < 0)
    throw new CliUsageError(`--${name} expects a whole number, got ${JSON.stringify(value)}.`);
  return number;
}

export const serveCommand = defineCommand({
  args: {
    ...cwdArg,
    port: {
      type: "string",
      description: "Port on 127.0.0.1 (default 0: a free one; connect --http writes 8977)",
      valueHint: "PORT",
    },
    "idle-timeout": {
      type: "string",
      description: "Exit after this many seconds without a call (default 1800; 0 = never)",
      valueHint: "SECONDS",
    },
    background: {
      type: "boolean",
      description:
        "Start as this user's server in the background (what the first hook call does): quietly end if one runs",
    },
    stop: { type: "boolean", description: "Stop this user's running server" },
    ensure: {
      type: "boolean",
      description:
        "Make sure this user's server listens on --port for http hooks (connect --http), starting it if needed, then return",
    },
    "max-projects": {
      type: "string",
      description: "Projects whose hooks stay loaded (default 32; the least recently used goes first)",
      valueHint: "N",
    },
    policy: {
      type: "string",
      description:
        "A team server: every call runs this policy folder's hooks, whatever project it comes from (docs/scale.md)",
      valueHint: "DIR",
    },
    tokens: {
      type: "string",
      description: "The team server's token file: a line `name sha256:<hex>` per developer",
      valueHint: "FILE",
    },
    listen: {
      type: "string",
      description: "The team server's address (default 127.0.0.1:8977)",
      valueHint: "HOST:PORT",
    },
    "plain-http": {
      type: "boolean",
      description: "Let a team server listen on an address other machines reach, without TLS",
    },
    fingerprint: {
      type: "string",
      description: "Start the team server only if the policy's fingerprint is this one",
      valueHint: "SHA256",
    },
    what: { type: "positional", required: false, description: "token: manage the team server's tokens" },
    action: { type: "positional", required: false, description: "add, revoke or list" },
    name: { type: "positional", required: false, description: "The developer's name" },
  },
  async run({ args }) {
    if (args.what !== undefined) {
      if (args.what !== "token")
        throw new CliUsageError(
          `Unknown \`hookwire serve ${args.what}\`: did you mean hookwire serve token add <name> --tokens FILE?`,
        );
      const { tokenCommand } = await import("../serve/team-command.js");
      return tokenCommand(args.action, args.name, args.tokens);
    }
    if (args.stop) return stopServer();
    if (args.policy === undefined) {
      for (const flag of ["tokens", "listen", "plain-http", "fingerprint"] as const)
        if (args[flag] !== undefined && args[flag] !== false)
          throw new CliUsageError(`--${flag} is for a team server: add --policy DIR.`);
    } else return serveTeam(args);
    if (args.ensure) return ensureServer(args.port);
    const release = args.background ? await takeStartLock() : undefined;
    if (args.background && !release) return;
    // Calls whose input names no folder run in this one.
    if (args.cwd !== undefined) process.chdir(resolveProject(args.cwd).start);
    const port = count("port", args.port, 0);
    if (port > 65535) throw new CliUsageError(`--port expects 0-65535, got ${port}.`);
    // This process sends the spans: its own calls', and those calls answered outside it left in the spool.
    exportSpansHere();
    let stop: () => Promise<void> = async () => {};
    const exit = (code: number) =>
      void stop()
        .then(() => release?.())
        .finally(() => process.exit(code));
    const server = await startServer({
      port,
      idleMs: count("idle-timeout", args["idle-timeout"], 1800) * 1000,
      maxProjects: Math.max(1, count("max-projects", args["max-projects"], 32)),
      onIdle: () => {
        process.stderr.write("hookwire serve: idle, exiting.\n");
        exit(0);
      },
      onStop: () => {
        process.stderr.write("hookwire serve: asked to stop (hookwire serve --stop), exiting.\n");
        exit(0);
      },
    }).catch((error: unknown) => {
      // A port in use says whose it is (an agent's http hooks pointed there would post to that listener).
      const holder =
        (error as NodeJS.ErrnoException).code === "EADDRINUSE" && port > 0 ? holderOf(port, true) : undefined;
      // Another server won the race to start: not an error for a server started in the background. Whatever
      // it was goes to its log (a port in use), where `serve --ensure` and `status` read it.
      if (args.background) {
        process.stderr.write(
          `hookwire serve: ${(error as Error).message}${holder ? ` (${holder} listens there)` : ""}\n`,
        );
        process.exit(0);
      }
      if (holder)
        throw new CliUsageError(
          `127.0.0.1:${port} is in use: ${holder} listens there, and an agent's http hooks pointed at it would send it their calls and token. Use another --port (connect the agent with the same: hookwire connect <agent> --http --port <a free port>).`,
        );
      throw error;
    });
    stop = server.close;
    process.stdout.write(
      `${JSON.stringify({ url: server.url, headers: server.headers, socket: server.socket || undefined })}\n`,
    );
    process.stderr.write(
      `hookwire serve: listening on ${server.url} and ${server.socket || "no socket"}; POST <url>/<agent>[/<event>].\n`,
    );
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => exit(0));
    // The call that started this server left the hook path's code cache to it (hook-path-run.ts): written once the
    // server listens, so neither that call nor the next one waits for it. Then the start's garbage is collected, before
    // a call comes (serve/start-garbage.ts).
    setImmediate(async () => {
      if (args.background) await prepareHookPath();
      collectStartGarbage();
    });
    // Runs until a signal or the idle timeout.
    await new Promise(() => {});
  },
});

/** `hookwire serve --policy DIR --tokens FILE`: runs until a signal (no idle timeout, no socket). */
async function serveTeam(args: Record<string, unknown>): Promise<void> {
  for (const flag of ["port", "background", "idle-timeout", "cwd"] as const)
    if (args[flag] !== undefined && args[flag] !== false)
      throw new CliUsageError(
        `--${flag} is not for a team server (--policy): it listens on --listen HOST:PORT until stopped.`,
      );
  const { startTeamServer } = await import("../serve/team-command.js");
  const server: RunningServer = await startTeamServer({
    policy: String(args.policy),
    tokens: args.tokens as string | undefined,
    listen: args.listen as string | undefined,
    plainHttp: args["plain-http"] === true,
    fingerprint: args.fingerprint as string | undefined,
    maxProjects: Math.max(1, count("max-projects", args["max-projects"] as string | undefined, 32)),
  });
  const exit = () => void server.close().finally(() => process.exit(0));
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, exit);
  await new Promise(() => {});
}

/**
 * The start-up lock a background server holds while it runs (refreshed every 5 s; stale 15 s after a crash), so two
 * first calls at once start one server. `undefined` when another holds it.
 */
async function takeStartLock(): Promise<(() => Promise<void>) | undefined> {
  const { default: lockfile } = await import("proper-lockfile");
  const dir = socketDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    return await lockfile.lock(startLockFile(dir).replace(/\.lock$/, ""), {
      realpath: false,
      stale: 15_000,
      update: 5_000,
      onCompromised: () => process.exit(0),
    });
  } catch {
    return undefined;
  }
}

async function ensureServer(given: string | undefined): Promise<void> {
  const port = count("port", given, 0);
  if (given === undefined || port < 1 || port > 65535)
    throw new CliUsageError("--ensure needs the port the http hooks post to: --port 1-65535.");
  const { ensureHttpServer } = await import("../serve/ensure-http.js");
  const problem = await ensureHttpServer(port);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`This user's hookwire server listens on http://127.0.0.1:${port}.\n`);
}

async function stopServer(): Promise<void> {
  const asked = await askServer("stop");
  if (!asked.ok) {
    process.stdout.write(`No hookwire server is running for this user (${asked.why}).\n`);
    return;
  }
  process.stdout.write(
    `Stopped ${asked.status.older ? "an older hookwire's server" : "the hookwire server"} (pid ${asked.status.pid}, ${plural(asked.status.calls, "call")}).\n`,
  );
}
