// One agent as a host, end to end: trust, `hookwire connect`, a real run, an untrusted run, `hookwire disconnect`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type AgentId, type AgentRun, runAgent, shellCalls } from "./agents.js";
import type { Installed } from "./install.js";
import { type Registry, startRegistry } from "./registry.js";
import { COMMANDS, CROSS_SCRIPT, GUARD_MODULE, type World, world } from "./world.js";

export interface ScenarioSetup {
  agent: AgentId;
  /** Files the project has before connect (the user's own settings, another agent's hooks), by path (`~/…`: home). */
  files: Record<string, string>;
  /** The agent's file connect writes, relative to the project (`~/…`: to the home folder). */
  connected: string;
  /** `hookwire connect` / `disconnect`'s arguments, when not the agent's id alone (`["pi", "--user"]`). */
  connectArgs?: readonly string[];
  /**
   * hookwire runs inside the agent (pi): the crash call is left out (it would end the agent itself), more
   * calls can be added, and the agent installs hookwire's package from a local registry.
   */
  inProcess?: { commands: readonly string[] };
  /**
   * hookwire as the README installs it (`pnpm run install:global`): its CLI connects, and an in-process agent loads
   * the package installed beside it (connect's default). Without it, this checkout's CLI connects an in-process
   * agent `--from-npm` and the agent installs the package from a local registry.
   */
  install?: Installed;
  /** What the user does between connect and the run (pi's own project trust); what it returns is kept. */
  beforeRun?: (w: World) => Promise<Record<string, unknown>>;
}

export interface Scenario {
  connect: { code: number | null; stdout: string };
  /** What `setup.beforeRun` returned. */
  beforeRun: Record<string, unknown>;
  /** The world's folders (gone after the run): for tests that write them out of what hookwire printed. */
  paths: { project: string; home: string };
  /** The connected file as connect left it. */
  connectedText: string | undefined;
  run: AgentRun;
  untrusted: AgentRun;
  disconnect: { code: number | null; stdout: string };
  /** What the project holds after the run. */
  after: {
    victim: boolean;
    rewritten?: string;
    harmless: boolean;
    crashed: boolean;
    cross?: string;
    /** What a module on pi 1.6's run events wrote (`settled.txt`), if any. */
    settled?: string;
  };
  /** `hookwire log --json` after the trusted run: every decision record the run left, whoever wrote it. */
  decisions: Array<{ agent: string; decision: string; tool?: string; target?: string; hook?: string }>;
  /** What the project holds after the untrusted run: whether its call ran, what the project's hooks logged. */
  afterUntrusted: { ran: boolean; cross?: string };
  /** Whether `victim2/keep.txt` (which an in-process case may try to remove otherwise) survived. */
  victim2: boolean;
  /** Each file of `setup.files` and the connected one, after disconnect: `undefined` when gone. */
  restored: Record<string, string | undefined>;
}

export async function runScenario(setup: ScenarioSetup): Promise<Scenario> {
  const w = world(setup.install?.bin);
  const fromNpm = setup.inProcess !== undefined && setup.install === undefined;
  let registry: Registry | undefined;
  try {
    if (fromNpm) registry = await startRegistry();
    w.write(".hookwire/hooks/guard.ts", GUARD_MODULE);
    w.write(".hooks/cross.sh", CROSS_SCRIPT);
    w.write("victim/keep.txt", "keep me\n");
    w.write("victim2/keep.txt", "keep me too\n");
    for (const [file, text] of Object.entries(setup.files)) {
      if (!file.startsWith("~/")) w.write(file, text);
      else {
        mkdirSync(path.dirname(path.join(w.home, file.slice(2))), { recursive: true });
        writeFileSync(path.join(w.home, file.slice(2)), text);
      }
    }
    // Trusted before connect: connecting must leave it trusted.
    const trust = w.hookwire("trust", "--yes");
    if (trust.code !== 0) throw new Error(`hookwire trust failed: ${trust.stderr}`);
    // In-process agents install the published name from the local registry (`--from-npm`), unless hookwire was
    // installed as the README says: then connect's default, the package installed beside the CLI.
    const connectArgs = setup.connectArgs ?? [setup.agent];
    const connect = w.hookwire("connect", ...connectArgs, ...(fromNpm ? ["--from-npm"] : []));
    if (connect.code !== 0) throw new Error(`hookwire connect failed: ${connect.stderr}`);
    const inWorld = (name: string) =>
      name.startsWith("~/") ? path.join(w.home, name.slice(2)) : path.join(w.project, name);
    const connectedText = existsSync(inWorld(setup.connected))
      ? readFileSync(inWorld(setup.connected), "utf8")
      : undefined;

    const beforeRun = (await setup.beforeRun?.(w)) ?? {};
    const commands = setup.inProcess
      ? [COMMANDS.rewrite, COMMANDS.destroy, COMMANDS.harmless, ...setup.inProcess.commands]
      : [COMMANDS.rewrite, COMMANDS.destroy, COMMANDS.harmless, COMMANDS.crash];
    const run = await runAgent(setup.agent, {
      project: w.project,
      home: w.home,
      calls: shellCalls(setup.agent, commands),
      env: w.env,
      registry,
    });
    const file = (name: string) => w.read(name);
    const after = {
      victim: existsSync(path.join(w.project, "victim", "keep.txt")),
      rewritten: file("rewritten.txt"),
      harmless: file("harmless.txt") !== undefined,
      crashed: file("crashed.txt") !== undefined,
      cross: file("cross.txt"),
      settled: file("settled.txt"),
    };
    const logged = w.hookwire("log", "--json");
    const decisions = logged.code === 0 ? (JSON.parse(logged.stdout) as Scenario["decisions"]) : [];

    w.hookwire("trust", "--revoke");
    const untrusted = await runAgent(setup.agent, {
      project: w.project,
      home: w.home,
      calls: shellCalls(setup.agent, ["echo untrusted > untrusted.txt"]),
      env: w.env,
      registry,
    });
    const untrustedRan = w.read("untrusted.txt") !== undefined;

    const disconnect = w.hookwire("disconnect", ...connectArgs);
    const restored: Record<string, string | undefined> = {};
    for (const name of [...Object.keys(setup.files), setup.connected]) {
      const full = inWorld(name);
      restored[name] = existsSync(full) ? readFileSync(full, "utf8") : undefined;
    }
    return {
      connect: { code: connect.code, stdout: connect.stdout },
      beforeRun,
      paths: { project: w.project, home: w.home },
      connectedText,
      run,
      untrusted,
      disconnect: { code: disconnect.code, stdout: disconnect.stdout },
      after,
      decisions,
      afterUntrusted: { ran: untrustedRan, cross: w.read("cross.txt") },
      victim2: existsSync(path.join(w.project, "victim2", "keep.txt")),
      restored,
    };
  } finally {
    await registry?.close();
    w.remove();
  }
}
