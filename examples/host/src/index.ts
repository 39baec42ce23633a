// An agent host in one file, built on the published packages: load a project's hooks and run a scripted session.
import path from "node:path";
import { AgentHost, createHookSession, createTerminalUIContext, readScript } from "@hookwire/host-kit";
import { type DiscoverOptions, discoverAndLoadHooks, HOOK_FORMATS } from "@hookwire/loader";

export interface SessionOptions {
  /** The project folder: its hook folders and settings files load, once trusted (`hookwire trust`). */
  cwd: string;
  /** A scripted-model JSONL file (see @hookwire/host-kit). */
  script: string;
  /** Hook modules to load besides the project's (configured paths need no trust). */
  hooks?: string[];
  /** Receives each trace line. Default `console.log`. */
  print?: (line: string) => void;
  /** Passed to discovery: `home`, `trustStore`, `trust`, … */
  discover?: DiscoverOptions;
}

/** Loads everything, reports what did not load, then runs the script through the agent loop. */
export async function runSession(options: SessionOptions): Promise<AgentHost> {
  const print = options.print ?? ((line: string) => console.log(line));
  // The session exists before the hooks load: settings hooks read its log as a Claude Code transcript
  // (`transcript_path`), and what their SessionStart hooks export reaches the bash tool.
  const { session, sessionEnv, settings } = createHookSession({
    sessionDir: path.join(options.cwd, ".sessions"),
    cwd: options.cwd,
  });
  // The demo host loads every format a project may hold; a real host picks the ones it does not run itself.
  // OpenCode's plugins run through their own runtime, imported with the first one found.
  const discover: DiscoverOptions = {
    formats: HOOK_FORMATS,
    pluginRuntimes: { opencode: async () => (await import("@hookwire/opencode-plugins")).opencodePlugins },
    ...options.discover,
    settings: { ...options.discover?.settings, ...settings },
  };
  const loaded = await discoverAndLoadHooks(options.hooks ?? [], options.cwd, discover);
  for (const failure of loaded.errors) print(`⚠ ${failure.error.message}`);
  for (const skipped of loaded.skipped) print(`⚠ ${skipped.path} not loaded; ${skipped.trustCommand}`);
  const { ui, hasUI } = createTerminalUIContext();
  const host = new AgentHost({
    cwd: options.cwd,
    session,
    sessionEnv,
    hooks: loaded.hooks,
    ui,
    hasUI,
    print,
  });
  await host.start();
  for (const step of readScript(options.script)) await host.runStep(step);
  await host.shutdown();
  return host;
}
