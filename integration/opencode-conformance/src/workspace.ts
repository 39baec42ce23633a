// One case's temp folder: `project/` with the case's files, `home/`, and the plugins' log.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PluginCase } from "./case.js";

export interface Workspace {
  root: string;
  project: string;
  home: string;
  log: string;
}

export function createWorkspace(testCase: PluginCase, config: Record<string, unknown> = {}): Workspace {
  // realpath: opencode reports the resolved folder (macOS /var → /private/var).
  const root = mkdtempSync(path.join(os.tmpdir(), `oc-${testCase.id}-`));
  const project = path.join(root, "project");
  const home = path.join(root, "home");
  const log = path.join(root, "log.jsonl");
  mkdirSync(project, { recursive: true });
  mkdirSync(home, { recursive: true });
  for (const [file, text] of Object.entries(testCase.files)) {
    const full = path.join(project, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text.replaceAll("@LOG@", log));
  }
  const opencode = { ...config, ...(testCase.plugin ? { plugin: testCase.plugin } : {}) };
  if (Object.keys(opencode).length > 0)
    writeFileSync(path.join(project, "opencode.json"), JSON.stringify(opencode));
  return { root, project, home, log };
}
