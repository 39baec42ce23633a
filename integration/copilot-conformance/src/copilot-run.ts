// Runs one case in the real GitHub Copilot CLI (`copilot -p`, BYOK), offline against the fake API, and observes it.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { resolveCalls } from "@hookwire/conformance-kit";
import { type CopilotCase, materialize } from "./case.js";
import { type RecordedRequest, startFakeApi } from "./fake-api.js";
import { type Observation, observe } from "./observe.js";

const require = createRequire(import.meta.url);
const packageDir = path.dirname(require.resolve("@github/copilot/package.json"));

/** The pinned Copilot CLI's version, from its package.json. */
export function copilotVersion(): string {
  return JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")).version;
}

function toolTexts(request: RecordedRequest | undefined): string[] {
  const texts: string[] = [];
  for (const message of request?.body.messages ?? []) {
    if (message.role !== "tool") continue;
    texts.push(typeof message.content === "string" ? message.content : JSON.stringify(message.content));
  }
  return texts;
}

export async function runInCopilot(testCase: CopilotCase): Promise<Observation> {
  const root = mkdtempSync(path.join(os.tmpdir(), "hw-cp-"));
  const dirs = materialize(testCase, root);
  const api = await startFakeApi(resolveCalls(testCase.calls, dirs.project));
  try {
    const args = [path.join(packageDir, "npm-loader.js"), "-p", testCase.prompt ?? "go", "--allow-all-tools"];
    if (testCase.trusted !== false) args.push("--trust-folder");
    const child = spawn(process.execPath, args, {
      cwd: dirs.project,
      stdio: ["ignore", "pipe", "pipe"],
      // Nothing else inherited: a developer's own settings, tokens or proxies must not leak into the record.
      env: {
        HOME: dirs.home,
        COPILOT_OFFLINE: "true",
        COPILOT_PROVIDER_BASE_URL: `${api.url}/v1`,
        COPILOT_PROVIDER_API_KEY: "test",
        COPILOT_MODEL: "gpt-4.1",
        COPILOT_AUTO_UPDATE: "false",
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        LANG: "C.UTF-8",
      },
    });
    let stderr = "";
    child.stdout.resume();
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    clearTimeout(timer);
    // A run that never asked the model is recorded (a blocked prompt does that), with what the CLI said.
    const exit = {
      code,
      stderr: stderr
        .split("\n")
        .filter((l) => l.trim() !== "" && !l.startsWith("Package extraction"))
        .slice(0, 3),
    };
    const main = api.requests.filter((r) => Array.isArray(r.body.tools) && r.body.tools.length > 0);
    const modelText = main.map((r) => JSON.stringify(r.body.messages ?? [])).join("\n");
    const observation = observe(testCase, dirs, {
      requests: main.length,
      toolTexts: toolTexts(main.at(-1)),
      modelText,
    });
    return api.requests.length === 0 ? { ...observation, exit } : observation;
  } finally {
    await api.close();
    rmSync(root, { recursive: true, force: true });
  }
}
