// `hookwire connect <agent>`: registers `hookwire hook` in the agent's own settings, so hookwire guards it.

import { projectTrustStatus } from "@hookwire/loader";
import { tooling } from "@hookwire/settings-hooks";
import {
  type HookAgentSpec,
  hookAgent,
  isPackageAgentId,
  packageAgent,
  type Silencing,
  silencingSwitches,
} from "@hookwire/settings-hooks/agents";
import { defineCommand } from "citty";
import { connectArg } from "../connect/agent-args.js";
import { committedFile, connectAgent, DEFAULT_HTTP_PORT, tokenProblem } from "../connect/connect.js";
import { currentInvocation, entryInvocation, pathEntryProblem } from "../connect/locate.js";
import { connectManaged, type ManagedResult } from "../connect/managed.js";
import { installedPackage } from "../connect/own-package.js";
import { connectPackage } from "../connect/package-entry.js";
import { CliUsageError } from "../errors.js";
import { prepareHookPath } from "../hook-path-prepare.js";
import { spellCommand } from "../invocation.js";
import { createOutput, type Output } from "../output.js";
import { discoverOptions, resolveProject, shortPath } from "../project.js";
import { httpTokenFile } from "../serve/http-token.js";
import { scopeArgs, sharedArg } from "../shared-args.js";

/** The switches that keep the agent from running what connect wrote, each with its fix. */
function printSilenced(out: Output, silenced: readonly Silencing[], root: string): void {
  for (const hit of silenced) {
    out.line(out.colors.red(`  ✖ ${shortPath(hit.file, root)}: ${hit.says}: hookwire does not run there.`));
    out.line(`    fix: ${hit.fix}`);
  }
}

/**
 * Where the project's own hooks stand, as `hookwire trust` would say it (a user-level connect guards every project:
 * each one's hooks wait for its own trust), then how to undo the connect.
 */
async function printProjectHooks(out: Output, root: string, user: boolean, undo: string): Promise<void> {
  const trust = spellCommand("hookwire trust");
  const undoing = `Undo: ${spellCommand(undo)}.`;
  if (user) {
    out.line(`  Each project's hooks run once trusted there: ${trust}. ${undoing}`);
    return;
  }
  const status = await projectTrustStatus(root, discoverOptions());
  const says =
    status.items.length === 0
      ? `This project has no hooks yet; hooks added to it run once trusted: ${trust}.`
      : status.trusted
        ? `Project hooks are trusted and run; a change to them waits for ${trust} again.`
        : status.changes.length > 0
          ? `Project hooks changed since they were trusted and do not run until trusted again: ${trust} shows the change.`
          : `Project hooks run once trusted: ${trust}.`;
  out.line(`  ${says} ${undoing}`);
}

/** A committed file's entry finds hookwire-hook on PATH: said, and whether this hookwire is what it finds here. */
function printPathEntry(out: Output, file: string): void {
  out.line(
    `  ${file} is committed with the project: it finds hookwire-hook on PATH, and where hookwire is not installed the agent refuses tool calls, saying how to install it.`,
  );
  const onPath = pathEntryProblem();
  if (onPath) out.line(out.colors.yellow(`  ⚠ ${onPath.says} here; fix: ${onPath.fix}.`));
}

/** What `connect --http` set up and what the user still has to do, if anything. */
function printHttp(
  out: Output,
  {
    agent,
    port,
    file,
    root,
    user,
  }: { agent: HookAgentSpec; port: number; file: string; root: string; user: boolean },
): void {
  const { colors } = out;
  const label = agent.label;
  out.line(
    `  posts to: http://127.0.0.1:${port}/${agent.id}/<event>, with Authorization: Bearer $HOOKWIRE_TOKEN`,
  );
  if (agent.http?.tokenSetting) {
    out.line(
      `  token: ${shortPath(httpTokenFile(), root)} (yours alone), copied into ${file}'s "${agent.http.tokenSetting}" for ${label} to send; ${file} is now private (0600)`,
    );
    out.line(
      `  server: each session's ${agent.http.ensuresServer?.join(" and ")} make sure this user's hookwire server listens on port ${port} (started if need be); anything else there stops the session`,
    );
    if (user)
      out.line(colors.yellow(`  ${file} holds hookwire's token now: keep it out of dotfile repositories.`));
  } else {
    out.line(
      `  start the server with the same token in both: export HOOKWIRE_TOKEN=<32+ random characters>; ${spellCommand(`hookwire serve --port ${port}`)}`,
    );
    if (agent.http?.needs)
      out.line(`  ${label} also needs ${agent.http.needs} in its environment (plain http on localhost).`);
    const token = tokenProblem(process.env.HOOKWIRE_TOKEN);
    if (token)
      out.line(
        colors.red(
          `  ✖ ${token}: ${label} started from this shell sends no token, and hookwire serve refuses every call (HTTP 401). Export it here, the same value as the server's, before starting ${label}.`,
        ),
      );
  }
  if (agent.http?.commandOnly?.length)
    out.line(
      `  kept as commands: ${agent.http.commandOnly.join(", ")} (no http hook runs before the server is checked, nor after a stopped prompt)`,
    );
}

/** What `connect --managed` did, and what the agent's channel still leaves open. */
function printManaged(out: Output, result: ManagedResult, json: boolean, failOpen: boolean): void {
  const agent = hookAgent(result.agent);
  if (json) {
    out.json({ ...result, label: agent.label, limits: agent.managed?.limits });
    return;
  }
  const what =
    result.change === "unchanged"
      ? `already connected (${result.file} unchanged)`
      : `${result.change} ${result.file}`;
  out.line(`${out.colors.green("✔")} ${agent.label}, every user on this machine: ${what}`);
  if (result.change !== "unchanged") out.line(`  events: ${result.events.join(", ")}`);
  const switches = Object.entries(result.settings).map(([key, value]) => `${key} = ${JSON.stringify(value)}`);
  if (switches.length > 0)
    out.line(`  with: ${switches.join(", ")}${result.settingsFile ? ` (in ${result.settingsFile})` : ""}`);
  out.line(
    failOpen
      ? out.colors.yellow("  fail-open: when hookwire itself fails, tool calls go through")
      : "  fail-closed: when hookwire itself fails, tool calls are refused",
  );
  out.line(`  ${agent.managed?.limits ?? ""}`);
  out.line(`  Undo: ${spellCommand(`hookwire disconnect ${agent.id} --managed`)}.`);
}

/** `connect <agent> --managed`: the flags that go with it, and the write. */
async function runManaged(
  out: Output,
  id: string,
  args: { user?: boolean; http?: boolean; "from-npm"?: boolean; "fail-open"?: boolean; json?: boolean },
  failClosedHooks: boolean,
): Promise<void> {
  for (const [flag, set] of [
    ["--user", args.user],
    ["--http", args.http],
    ["--from-npm", args["from-npm"]],
  ] as const)
    if (set) throw new CliUsageError(`${flag} does not go with --managed (the machine's file, every user).`);
  // The node and CLI by absolute path, no shell entry: it would look `node` up on each user's PATH.
  const result = await connectManaged({
    agent: id as ReturnType<typeof hookAgent>["id"],
    failOpen: args["fail-open"] === true,
    ...(failClosedHooks ? { failClosedHooks } : {}),
    invocation: currentInvocation(),
  });
  printManaged(out, result, args.json === true, args["fail-open"] === true);
}

export const connectCommand = defineCommand({
  args: {
    ...scopeArgs,
    "fail-open": {
      type: "boolean",
      description: "Let tool calls through when hookwire itself fails (default: refuse them)",
      default: false,
    },
    "fail-closed-hooks": {
      type: "boolean",
      description: "Refuse a tool call when any hook fails on it (an error, a timeout, unreadable output)",
      default: false,
    },
    http: {
      type: "boolean",
      description: `Register http hooks that post to hookwire serve (claude, copilot; default port ${DEFAULT_HTTP_PORT})`,
      default: false,
    },
    "from-npm": {
      type: "boolean",
      description:
        "pi, opencode: register the published @hookwire/pi / @hookwire/opencode (the agent installs it from npm) instead of the one installed with this hookwire",
      default: false,
    },
    port: {
      type: "string",
      description: `The port hookwire serve listens on, for --http (default ${DEFAULT_HTTP_PORT})`,
      valueHint: "PORT",
    },
  },
  async run({ args }) {
    const out = createOutput();
    const id = connectArg(args.agent);
    const root = resolveProject(args.cwd).root;
    const scope = args.user ? "user" : "project";
    const shared = sharedArg(args);
    const port = args.port === undefined ? DEFAULT_HTTP_PORT : Number(args.port);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new CliUsageError(`--port expects a port (1-65535), got ${JSON.stringify(args.port)}.`);
    if (args.port !== undefined && !args.http) throw new CliUsageError("--port goes with --http.");
    const failClosedHooks = args["fail-closed-hooks"] === true;
    if (failClosedHooks && args.http)
      throw new CliUsageError(
        '--fail-closed-hooks is carried in the command connect writes; with --http, set "onFailure": "block" in your hooks config (docs/cli.md).',
      );
    if (args.managed) {
      await runManaged(out, id, args, failClosedHooks);
      return;
    }
    if (isPackageAgentId(id)) {
      if (args.http)
        throw new CliUsageError(
          `--http is for agents that call http hooks (claude, copilot); ${id} runs hookwire in-process.`,
        );
      if (failClosedHooks)
        throw new CliUsageError(
          `--fail-closed-hooks is for agents that run \`hookwire hook\`; in ${id}, a module hook that fails on a tool call already refuses it, and any failing hook does with "onFailure": "block" in your hooks.json (docs/cli.md).`,
        );
      const agent = packageAgent(id);
      // A committed file names the published package: the installed one's folder is this machine's.
      const item = args["from-npm"] || shared ? agent.item : installedPackage(agent);
      const result = await connectPackage({ agent: id, root, scope, item });
      const silenced = await silencingSwitches(id, { root });
      const file = shortPath(result.file, root);
      if (args.json) {
        out.json({ ...result, label: agent.label, package: item, gate: agent.gate, silenced });
        return;
      }
      const what =
        result.change === "unchanged"
          ? `already connected (${file} unchanged)`
          : `${result.change === "created" ? "created" : "updated"} ${file}: ${agent.list} += ${JSON.stringify(item)}`;
      out.line(`${out.colors.green("✔")} ${agent.label}: ${what}`);
      out.line(`  ${agent.gate}`);
      printSilenced(out, silenced, root);
      await printProjectHooks(
        out,
        root,
        scope === "user",
        `hookwire disconnect ${id}${args.user ? " --user" : ""}`,
      );
      return;
    }
    if (args["from-npm"])
      throw new CliUsageError(`--from-npm is for pi and opencode; ${id} runs the hookwire command.`);
    const agent = hookAgent(id);
    const committed = !args.http && committedFile(agent, scope, process.platform, shared);
    const entry = entryInvocation({ project: root });
    const invocation = committed ? [tooling.PATH_ENTRY] : entry;
    const result = await connectAgent({
      agent: agent.dialect,
      root,
      scope,
      failOpen: args["fail-open"] === true,
      ...(failClosedHooks ? { failClosedHooks } : {}),
      invocation: entry,
      ...(shared ? { shared } : {}),
      ...(args.http ? { httpPort: port } : {}),
    });
    // The agent's first call reads the hook path compiled for this Node instead of compiling it (hook-path-prepare.ts).
    await prepareHookPath();
    const label = agent.label;
    const silenced = await silencingSwitches(id, { root });
    const file = shortPath(result.file, root);
    if (args.json) {
      out.json({
        ...result,
        label,
        silenced,
        invocation,
        gate: agent.gate,
        failOpen: args["fail-open"] === true,
        ...(args.http ? { url: `http://127.0.0.1:${port}/${agent.id}` } : {}),
      });
      return;
    }
    const { colors } = out;
    const what =
      result.change === "unchanged"
        ? `already connected (${file} unchanged)`
        : `${result.change === "created" ? "created" : "updated"} ${file}`;
    out.line(`${colors.green("✔")} ${label}: ${what}`);
    if (result.change !== "unchanged") out.line(`  events: ${result.events.join(", ")}`);
    if (args.http) printHttp(out, { agent, port, file, root, user: scope === "user" });
    else out.line(`  runs: ${invocation.join(" ")} hook ${agent.id} <event>`);
    if (committed) printPathEntry(out, file);
    out.line(
      args["fail-open"]
        ? colors.yellow("  fail-open: when hookwire itself fails, tool calls go through")
        : "  fail-closed: when hookwire itself fails, tool calls are refused (connect --fail-open to change)",
    );
    if (failClosedHooks)
      out.line(
        "  fail-closed hooks: a hook that fails on a tool call (an error, a timeout, unreadable output) refuses it",
      );
    if (!committed && scope === "project" && !agent.project.local) {
      out.line(
        colors.yellow(
          `  ${file} is in the repository and names this machine's ${args.http ? "hookwire serve port" : "hookwire"}: keep it out of commits, or connect --user.`,
        ),
      );
    }
    out.line(`  ${agent.gate}`);
    printSilenced(out, silenced, root);
    await printProjectHooks(
      out,
      root,
      scope === "user",
      `hookwire disconnect ${agent.id}${args.user ? " --user" : shared ? " --shared" : ""}`,
    );
  },
});
