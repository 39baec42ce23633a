// Runs one case in the real Claude Code (`claude -p`), offline against the fake API, and observes it.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { resolveCalls } from "@hookwire/conformance-kit";
import { type ConformanceCase, materialize } from "./case.js";
import { type RecordedRequest, startFakeApi } from "./fake-api.js";
import { startHttpHooks } from "./http-hooks.js";
import { type Observation, observe } from "./observe.js";

const require = createRequire(import.meta.url);
const packageDir = path.dirname(require.resolve("@anthropic-ai/claude-code/package.json"));

/** The pinned Claude Code's version, from its package.json. */
export function claudeCodeVersion(): string {
  return JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")).version;
}

/** The built-in tools every case offers the model (Glob and Grep are not on by default in 2.1.3xx). */
export const TOOLS = "Bash,Read,Write,Edit,Glob,Grep";

type Block = { type?: string; is_error?: boolean };

function toolResults(request: RecordedRequest | undefined): ("ok" | "error")[] {
  const results: ("ok" | "error")[] = [];
  for (const message of request?.body.messages ?? []) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as Block[]) {
      if (block?.type === "tool_result") results.push(block.is_error ? "error" : "ok");
    }
  }
  return results;
}

export async function runInClaudeCode(testCase: ConformanceCase): Promise<Observation> {
  const root = mkdtempSync(path.join(os.tmpdir(), "hw-cc-"));
  const http = testCase.http ? await startHttpHooks(testCase.http, path.join(root, "logs")) : undefined;
  const dirs = materialize(testCase, root, http?.url);
  const api = await startFakeApi(resolveCalls(testCase.calls, dirs.project));
  try {
    const args = [
      path.join(packageDir, "cli-wrapper.cjs"),
      "-p",
      testCase.prompt ?? "go",
      "--output-format",
      "stream-json",
      "--verbose",
      "--tools",
      TOOLS,
      "--permission-mode",
      testCase.permissionMode ?? "bypassPermissions",
    ];
    const child = spawn(process.execPath, args, {
      cwd: dirs.project,
      stdio: ["ignore", "pipe", "pipe"],
      // Nothing else inherited: a developer's own settings, keys or proxies must not leak into the record.
      env: {
        HOME: dirs.home,
        IS_SANDBOX: "1",
        ANTHROPIC_BASE_URL: api.url,
        ANTHROPIC_API_KEY: "test",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        DISABLE_TELEMETRY: "1",
        DISABLE_AUTOUPDATER: "1",
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
    if (code !== 0 && api.requests.length === 0) {
      throw new Error(`Claude Code exited with ${code} before asking the model: ${stderr.slice(0, 2000)}`);
    }
    const main = api.requests.filter((r) => Array.isArray(r.body.tools) && r.body.tools.length > 0);
    const modelText = main.map((r) => JSON.stringify(r.body.messages ?? [])).join("\n");
    return observe(testCase, dirs, {
      requests: main.length,
      toolResults: toolResults(main.at(-1)),
      modelText,
    });
  } finally {
    await api.close();
    await http?.close();
    rmSync(root, { recursive: true, force: true });
  }
}
