// `hookwire demo`: copies the bundled project to a temporary folder and drives it with the scripted model.
import { cpSync, mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { LoadedHook } from "@hookwire/core";
import { loadHooks } from "@hookwire/loader";
import { createSettingsHooks, formatIssues, readSettingsFile } from "@hookwire/settings-hooks";
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
  return projectDir;
}

async function loadDemoHooks(projectDir: string, print: (line: string) => void): Promise<LoadedHook[]> {
  const hooksDir = path.join(projectDir, ".hookwire/hooks");
  const modules = readdirSync(hooksDir)
    .filter((name) => name.endsWith(".ts"))
    .sort()
    .map((name) => path.join(".hookwire/hooks", name));
  const loaded = await loadHooks(modules, projectDir);
  for (const failure of loaded.errors) print(`⚠ ${failure.error.message}`);
  const settings = await readSettingsFile({
    file: path.join(projectDir, ".claude/settings.json"),
    scope: "project",
  });
  if (settings.issues.length > 0) print(formatIssues(settings.issues, { cwd: projectDir }));
  const settingsHook = await createSettingsHooks(settings.handlers, { cwd: projectDir, sessionId: "demo" });
  return [...loaded.hooks, settingsHook];
}

export async function runDemo(options: DemoOptions): Promise<DemoResult> {
  const { print } = options;
  const projectDir = prepareDemoProject(options.tmpRoot);
  const steps = readScript(options.script ?? DEMO_SCRIPT);
  print(`hookwire demo in ${projectDir}`);
  const hooks = await loadDemoHooks(projectDir, print);
  print(`loaded ${hooks.length} hooks: ${hooks.map((hook) => hook.path).join(", ")}`);
  const ui = createScriptedUI(print);
  const host = new AgentHost({
    cwd: projectDir,
    sessionDir: path.join(projectDir, ".sessions"),
    hooks,
    ui,
    hasUI: true,
    print,
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
