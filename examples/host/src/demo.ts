// `hookwire demo`: copies the bundled project to a temporary folder and drives it with the scripted model.
import { cpSync, mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { LoadedHook } from "@hookwire/core";
import { type DiscoverOptions, discoverAndLoadHooks, trustProject } from "@hookwire/loader";
import { SessionEnvironment } from "@hookwire/settings-hooks";
import { AgentHost } from "./host.js";
import { readScript } from "./script.js";
import { createScriptedUI } from "./scripted-ui.js";

// Both src/ and dist/ sit one level below the package folder.
const packageRoot = fileURLToPath(new URL("..", import.meta.url));
const exampleHooksRoot = path.resolve(packageRoot, "../hooks");

export const DEMO_PROJECT = path.join(packageRoot, "demo/project");
export const DEMO_SCRIPT = path.join(packageRoot, "demo/script.jsonl");

export interface DemoOptions {
  /** Receives each trace line. */
  print: (line: string) => void;
  /** Parent folder for the demo's temporary folder. Default `os.tmpdir()`. */
  tmpRoot?: string;
  /** The scripted-model file. Default: the bundled `demo/script.jsonl`. */
  script?: string;
}

export interface DemoResult {
  /** The project copy the demo ran in. */
  projectDir: string;
  sessionFiles: string[];
}

/** Copy the demo project, the example hook modules and the settings scripts into a fresh folder. */
export function prepareDemoProject(tmpRoot = tmpdir()): string {
  const root = mkdtempSync(path.join(tmpRoot, "hookwire-demo-"));
  const projectDir = path.join(root, "project");
  cpSync(DEMO_PROJECT, projectDir, { recursive: true });
  cpSync(path.join(exampleHooksRoot, ".claude/scripts"), path.join(projectDir, ".claude/scripts"), {
    recursive: true,
  });
  const hooksDir = path.join(projectDir, ".hookwire/hooks");
  mkdirSync(hooksDir, { recursive: true });
  cpSync(path.join(exampleHooksRoot, "hooks"), hooksDir, { recursive: true });
  mkdirSync(path.join(root, "home"));
  return projectDir;
}

// The demo's own home and trust store: the user's hooks stay out, and trusting the copy changes nothing of theirs.
async function loadDemoHooks(
  projectDir: string,
  print: (line: string) => void,
  sessionEnv: SessionEnvironment,
): Promise<LoadedHook[]> {
  const root = path.dirname(projectDir);
  const options: DiscoverOptions = {
    home: path.join(root, "home"),
    trustStore: path.join(root, "trust.json"),
    settings: { sessionId: "demo", sessionEnv },
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
  const projectDir = prepareDemoProject(options.tmpRoot);
  const steps = readScript(options.script ?? DEMO_SCRIPT);
  print(`hookwire demo in ${projectDir}`);
  const sessionEnv = new SessionEnvironment(path.join(path.dirname(projectDir), "session-env"));
  const hooks = await loadDemoHooks(projectDir, print, sessionEnv);
  const shown = hooks.map((hook) => path.relative(projectDir, path.resolve(projectDir, hook.path)));
  print(`loaded ${hooks.length} hooks: ${shown.join(", ")}`);
  const ui = createScriptedUI(print);
  const host = new AgentHost({
    cwd: projectDir,
    sessionDir: path.join(projectDir, ".sessions"),
    hooks,
    ui,
    hasUI: true,
    print,
    sessionEnv,
  });
  await host.start();
  for (const step of steps) {
    ui.queueAnswers(step.answers);
    await host.runStep(step);
    const status = ui.renderStatus(100);
    if (status) print(`  [status] ${status}`);
  }
  await host.shutdown();
  const sessionDir = path.join(projectDir, ".sessions");
  const sessionFiles = readdirSync(sessionDir)
    .sort()
    .map((name) => path.join(sessionDir, name));
  print(`sessions: ${sessionFiles.map((file) => path.relative(projectDir, file)).join(", ")}`);
  return { projectDir, sessionFiles };
}
