// `hookwire demo`: copies the bundled project to a temporary folder and drives it with the scripted model.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LoadedHook } from "@hookwire/core";
import {
  AgentHost,
  createHookSession,
  createScriptedUI,
  type HookSession,
  readScript,
  type ScriptStep,
} from "@hookwire/host-kit";
import { type DiscoverOptions, discoverAndLoadHooks, HOOK_FORMATS, trustProject } from "@hookwire/loader";
import { PLUGIN_RUNTIMES } from "@hookwire/project";
import { CliUsageError } from "../errors.js";
import { packageRoot } from "../package-root.js";

// The build assembles the demo in dist/demo/: the package's demo/ folder (the project's own files and the
// scripted model) with the hook modules and settings scripts of examples/hooks, their one source. Source and
// bundle read the same copy, whatever depth the running module has below the package folder.
const root = path.join(packageRoot(import.meta.url, "hookwire"), "dist/demo");

/** The bundled demo project: hook modules, a Claude-style settings file and its scripts. */
export const DEMO_PROJECT = path.join(root, "project");
/** The bundled scripted model. */
export const DEMO_SCRIPT = path.join(root, "script.jsonl");

export interface DemoOptions {
  /** Receives each trace line. */
  print: (line: string) => void;
  /** Parent folder for the demo's temporary folder. Default `os.tmpdir()`. */
  tmpRoot?: string;
  /** The scripted-model file. Default: the bundled `demo/script.jsonl`. */
  script?: string;
  /** Keep the temporary folder (to look at what the session did). Default: removed at the end. */
  keep?: boolean;
}

export interface DemoResult {
  /** The project copy the demo ran in (gone unless `keep`). */
  projectDir: string;
  sessionFiles: string[];
}

/** Copy the demo project into a fresh folder with its own home beside it. */
export function prepareDemoProject(tmpRoot = tmpdir()): string {
  const root = mkdtempSync(path.join(tmpRoot, "hookwire-demo-"));
  const projectDir = path.join(root, "project");
  cpSync(DEMO_PROJECT, projectDir, { recursive: true });
  mkdirSync(path.join(root, "home"));
  return projectDir;
}

function readDemoScript(file: string): ScriptStep[] {
  try {
    return readScript(file);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EISDIR") {
      throw new CliUsageError(
        `--script ${file}: ${code === "ENOENT" ? "no such file" : "is a folder"}. Pass a scripted-model JSONL file.`,
        { cause },
      );
    }
    throw cause;
  }
}

// The demo's own home and trust store: the user's hooks stay out, and trusting the copy changes nothing of theirs.
async function loadDemoHooks(
  projectDir: string,
  print: (line: string) => void,
  settings: HookSession["settings"],
): Promise<LoadedHook[]> {
  const root = path.dirname(projectDir);
  const options: DiscoverOptions = {
    formats: HOOK_FORMATS,
    pluginRuntimes: PLUGIN_RUNTIMES,
    home: path.join(root, "home"),
    trustStore: path.join(root, "trust.json"),
    settings,
  };
  const trusted = await trustProject(projectDir, options);
  print(`trusted the copy (${trusted.items.length} items, as \`hookwire trust\` would)`);
  const loaded = await discoverAndLoadHooks([], projectDir, options);
  for (const failure of loaded.errors) print(`⚠ ${failure.error.message}`);
  for (const warning of loaded.warnings) print(`⚠ ${warning.message}`);
  for (const skipped of loaded.skipped) print(`⚠ not loaded: ${skipped.path} (${skipped.reason})`);
  return loaded.hooks;
}

export async function runDemo(options: DemoOptions): Promise<DemoResult> {
  const { print } = options;
  const steps = readDemoScript(path.resolve(options.script ?? DEMO_SCRIPT));
  const projectDir = prepareDemoProject(options.tmpRoot);
  try {
    print(`hookwire demo in ${projectDir}`);
    // The session (its log, Claude Code transcript and CLAUDE_ENV_FILE folder) lives in the demo folder and
    // goes with it; the settings hooks get it before they load.
    const sessionDir = path.join(projectDir, ".sessions");
    const { session, sessionEnv, settings } = createHookSession({
      sessionDir,
      cwd: projectDir,
      transcriptDir: path.join(path.dirname(projectDir), "transcripts"),
      sessionEnvDir: path.join(path.dirname(projectDir), "session-env"),
    });
    const hooks = await loadDemoHooks(projectDir, print, settings);
    const shown = hooks.map((hook) => path.relative(projectDir, path.resolve(projectDir, hook.path)));
    print(`loaded ${hooks.length} hooks: ${shown.join(", ")}`);
    const ui = createScriptedUI(print);
    const host = new AgentHost({ cwd: projectDir, session, hooks, ui, hasUI: true, print, sessionEnv });
    await host.start();
    for (const step of steps) {
      ui.queueAnswers(step.answers);
      await host.runStep(step);
      const status = ui.renderStatus(100);
      if (status) print(`  [status] ${status}`);
    }
    await host.shutdown();
    const sessionFiles = readdirSync(sessionDir)
      .sort()
      .map((name) => path.join(sessionDir, name));
    print(`sessions: ${sessionFiles.map((file) => path.relative(projectDir, file)).join(", ")}`);
    print(options.keep ? `kept ${projectDir}` : "removed the demo folder (--keep keeps it)");
    return { projectDir, sessionFiles };
  } finally {
    if (!options.keep) rmSync(path.dirname(projectDir), { recursive: true, force: true });
  }
}
