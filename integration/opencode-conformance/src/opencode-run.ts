// Runs a case in the real opencode, offline: a fake model on 127.0.0.1, a fresh HOME, npm offline.
import { execFileSync, spawn } from "node:child_process";
import { markersIn } from "@hookwire/conformance-kit";
import type { PluginCase } from "./case.js";
import { startFakeApi } from "./fake-api.js";
import { type Observation, pluginLog, projectFiles } from "./observe.js";
import { createWorkspace } from "./workspace.js";

/** The opencode this suite is recorded against. */
export const OPENCODE_VERSION = "1.18.33";

/** `OPENCODE_BIN`, else `opencode` on PATH (e.g. `npm install -g opencode-ai@1.18.33`). */
export function opencodeBinary(): string {
  return process.env.OPENCODE_BIN ?? "opencode";
}

export function opencodeVersion(): string {
  return execFileSync(opencodeBinary(), ["--version"], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: "/nonexistent", OPENCODE_DISABLE_AUTOUPDATE: "1" },
  }).trim();
}

function run(
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // Async: the fake model answers from this process, so the event loop must stay free.
    const child = spawn(opencodeBinary(), ["run", "go", "--model", "x/m", "--format", "json"], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (data) => {
      stdout += data;
    });
    child.stderr.on("data", (data) => {
      stderr += data;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 180_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export async function runInOpencode(testCase: PluginCase): Promise<Observation> {
  const api = await startFakeApi(testCase.calls);
  try {
    const provider = {
      x: {
        npm: "@ai-sdk/openai-compatible",
        name: "fake",
        options: { baseURL: `${api.url}/v1`, apiKey: "test" },
        models: { m: { name: "m" } },
      },
    };
    const ws = createWorkspace(testCase, { $schema: "https://opencode.ai/config.json", provider });
    // Nothing inherited but PATH: no proxy, no registry, no models.dev fetch, no update check.
    const result = await run(ws.project, {
      PATH: process.env.PATH ?? "",
      HOME: ws.home,
      OPENCODE_DISABLE_MODELS_FETCH: "1",
      OPENCODE_DISABLE_AUTOUPDATE: "1",
      npm_config_offline: "true",
    });
    if (result.code !== 0) {
      throw new Error(
        `opencode exited with ${result.code} in ${testCase.id}:\n${result.stderr.slice(-2000)}`,
      );
    }
    const last = api.requests.at(-1)?.body.messages ?? [];
    const results = last
      .filter((message) => message.role === "tool")
      .map((message) => markersIn(String(message.content ?? ""), testCase.markers ?? []));
    return { results, log: pluginLog(ws.log, ws.root), files: projectFiles(ws.project, ws.root) };
  } finally {
    await api.close();
  }
}
