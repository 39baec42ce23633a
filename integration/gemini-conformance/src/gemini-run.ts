// Runs one case in the real Gemini CLI (`gemini -p`), offline against the fake API, and observes it.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { resolveCalls } from "@hookwire/conformance-kit";
import { type GeminiCase, materialize } from "./case.js";
import { offersTools, type RecordedRequest, startFakeApi } from "./fake-api.js";
import { type Observation, observe } from "./observe.js";

const require = createRequire(import.meta.url);
const packageDir = path.dirname(require.resolve("@google/gemini-cli/package.json"));

/** The pinned Gemini CLI's version, from its package.json. */
export function geminiCliVersion(): string {
  return JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")).version;
}

/** Added to every case's user settings: API-key auth (the base URL alone selects "gateway"), nothing phoning home. */
export const USER_BASE = {
  security: { auth: { selectedType: "gemini-api-key" } },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: { disableAutoUpdate: true, disableUpdateNag: true },
};

function toolResults(request: RecordedRequest | undefined): ("ok" | "error")[] {
  const results: ("ok" | "error")[] = [];
  for (const content of request?.body.contents ?? []) {
    for (const part of content.parts ?? []) {
      if (part.functionResponse)
        results.push("error" in (part.functionResponse.response ?? {}) ? "error" : "ok");
    }
  }
  return results;
}

export interface GeminiRun {
  observation: Observation;
  /** The CLI's exit code and its stderr (kept for debugging a recording, not compared). */
  code: number | null;
  stderr: string;
}

export async function runInGemini(testCase: GeminiCase): Promise<GeminiRun> {
  const root = mkdtempSync(path.join(os.tmpdir(), "hw-gem-"));
  const dirs = materialize(testCase, root, USER_BASE);
  const api = await startFakeApi(resolveCalls(testCase.calls, dirs.project));
  try {
    const args = [
      path.join(packageDir, "bundle", "gemini.js"),
      "-p",
      testCase.prompt ?? "go",
      ...(testCase.yolo === false ? [] : ["--yolo"]),
      "--output-format",
      "stream-json",
      // A fixed model: `auto` first asks a router model, which the fake API cannot stand in for.
      "-m",
      "gemini-2.5-flash",
    ];
    if (testCase.trusted === false) args.push("--skip-trust");
    const env: Record<string, string> = {
      HOME: dirs.home,
      GOOGLE_GEMINI_BASE_URL: api.url,
      GEMINI_API_KEY: "test",
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      LANG: "C.UTF-8",
      // One process instead of a relaunch with a bigger heap: the same CLI, half the start-up on a loaded machine.
      GEMINI_CLI_NO_RELAUNCH: "true",
    };
    if (testCase.trusted !== false) env.GEMINI_CLI_TRUST_WORKSPACE = "true";
    // Nothing else inherited: a developer's own settings, keys or proxies must not leak into the record.
    const child = spawn(process.execPath, args, {
      cwd: dirs.project,
      stdio: ["ignore", "pipe", "pipe"],
      env,
    });
    let stderr = "";
    child.stdout.resume();
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 150_000);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    clearTimeout(timer);
    const main = api.requests.filter((r) => offersTools(r.body));
    const modelText = main
      .map((r) => JSON.stringify([r.body.systemInstruction ?? null, r.body.contents ?? []]))
      .join("\n");
    const observation = observe(testCase, dirs, {
      requests: main.length,
      toolResults: toolResults(main.at(-1)),
      modelText,
      toolConfig: main[0]?.body.toolConfig?.functionCallingConfig ?? null,
    });
    return { observation, code, stderr };
  } finally {
    await api.close();
    rmSync(root, { recursive: true, force: true });
  }
}
