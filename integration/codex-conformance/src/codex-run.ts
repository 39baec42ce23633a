// Runs one case in the real Codex CLI (`codex exec`), offline against the fake Responses API, and observes it.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { resolveCalls } from "@hookwire/conformance-kit";
import { type ConformanceCase, materialize } from "./case.js";
import { type RecordedRequest, startFakeApi } from "./fake-api.js";
import { type Observation, observe, outcomeOf } from "./observe.js";

const require = createRequire(import.meta.url);
const packageDir = path.dirname(require.resolve("@openai/codex/package.json"));

/** The pinned Codex's version, from its package.json. */
export function codexVersion(): string {
  return JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")).version;
}

/** What one run of Codex left behind, before it is observed (kept for debugging the recorder). */
export interface CodexRun {
  code: number | null;
  stdout: string;
  stderr: string;
  requests: RecordedRequest[];
}

/** The model's requests of the main loop: those that offer tools. */
export function mainRequests(requests: readonly RecordedRequest[]): RecordedRequest[] {
  return requests.filter((r) => Array.isArray(r.body.tools) && r.body.tools.length > 0);
}

export async function runInCodex(
  testCase: ConformanceCase,
  keep?: (run: CodexRun) => void,
): Promise<Observation> {
  const root = mkdtempSync(path.join(os.tmpdir(), "hw-cx-"));
  const calls = testCase.calls;
  const api = await startFakeApi(resolveCalls(calls, path.join(root, "project")));
  try {
    const dirs = materialize(testCase, root, {
      userConfig: {
        model_provider: "fake",
        model: "fake-model",
        model_providers: {
          fake: { name: "fake", base_url: api.url, wire_api: "responses", env_key: "FAKE_API_KEY" },
        },
      },
    });
    const args = [
      path.join(packageDir, "bin", "codex.js"),
      "exec",
      "--skip-git-repo-check",
      ...(testCase.approval ? ["--approve-for-me"] : ["--dangerously-bypass-approvals-and-sandbox"]),
      ...(testCase.trust?.hooks === false ? [] : ["--dangerously-bypass-hook-trust"]),
      "--json",
      testCase.prompt ?? "go",
    ];
    const child = spawn(process.execPath, args, {
      cwd: dirs.project,
      stdio: ["ignore", "pipe", "pipe"],
      // Nothing else inherited: a developer's own config, keys or proxies must not leak into the record.
      env: {
        HOME: dirs.home,
        CODEX_HOME: dirs.codexHome,
        FAKE_API_KEY: "test",
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        LANG: "C.UTF-8",
      },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    clearTimeout(timer);
    keep?.({ code, stdout, stderr, requests: api.requests });
    if (code !== 0 && api.requests.length === 0) {
      throw new Error(`Codex exited with ${code} before asking the model: ${stderr.slice(0, 2000)}`);
    }
    const main = mainRequests(api.requests);
    return observe(testCase, dirs, {
      requests: main.length,
      toolResults: toolOutputs(main.at(-1)).map(outcomeOf),
      modelText: main.map((r) => JSON.stringify(r.body.input ?? [])).join("\n"),
    });
  } finally {
    await api.close();
    rmSync(root, { recursive: true, force: true });
  }
}

/** The `function_call_output` texts of a request, in order. */
function toolOutputs(request: RecordedRequest | undefined): string[] {
  return (request?.body.input ?? [])
    .filter((item) => item?.type === "function_call_output")
    .map((item) => (typeof item.output === "string" ? item.output : JSON.stringify(item.output)));
}
