// Tool wrapper overhead: against a direct call, against the fair loop + the tool, and with settings hooks
// present that match nothing (small and 1 MB tool output). Standalone: `pnpm build && node bench/wrapper.bench.mjs`.
// Baseline and subject are interleaved in every round so machine noise hits both.
import { appendFileSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HookRunner, instantiateHook } from "../packages/core/dist/index.js";
import {
  createSettingsHooks,
  flushSavedOutputs,
  persistedOutput,
  TRANSCRIPT_LIMITS,
  TranscriptWriter,
  validateSettings,
} from "../packages/settings-hooks/dist/index.js";
import { HookToolWrapper } from "../packages/tool-wrapper/dist/index.js";
import { fairLoop } from "./dispatch.bench.mjs";
import { compare, formatTable } from "./measure.mjs";

const CWD = process.cwd();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 41);
// Each timed batch should last a few milliseconds so timer resolution does not matter.
const BATCH_MS = Number(process.env.BENCH_BATCH_MS ?? 10);
const OPTIONS = { rounds: ROUNDS, batchMs: BATCH_MS };

const noop = () => undefined;
const input = { command: "ls" };

function toolReturning(text) {
  const result = { content: [{ type: "text", text }], details: { exitCode: 0 } };
  return { name: "bash", description: "returns a constant", parameters: {}, execute: async () => result };
}

async function runnerWith(count) {
  const hooks = [];
  for (let i = 0; i < count; i++) {
    hooks.push(
      await instantiateHook((pi) => void pi.on("tool_call", noop), { path: `bench/h${i}.ts`, cwd: CWD }),
    );
  }
  const runner = new HookRunner(hooks, { cwd: CWD });
  runner.initialize({ sendMessageHandler: noop, appendEntryHandler: noop });
  return runner;
}

/** A project's usual settings: a formatter on Write/Edit and a guard on WebFetch — none fires for Bash. */
/** `transcript: false`: the host keeps the transcript (as Claude Code does); a `TranscriptWriter`: hookwire writes it. */
async function runnerWithNonMatchingSettings(transcript) {
  const group = (matcher) => [{ matcher, hooks: [{ type: "command", command: "/bin/false" }] }];
  const { handlers, issues } = validateSettings(
    {
      hooks: {
        PreToolUse: [...group("WebFetch"), ...group("Write|Edit")],
        PostToolUse: group("Write|Edit"),
        PostToolUseFailure: group("Write|Edit"),
      },
    },
    { file: path.join(CWD, ".claude/settings.json"), scope: "project", dialect: "claude" },
  );
  if (issues.length > 0) throw new Error(JSON.stringify(issues));
  const hook = await createSettingsHooks(handlers, {
    cwd: CWD,
    sessionId: "bench",
    transcript,
  });
  const runner = new HookRunner([hook], { cwd: CWD });
  runner.initialize({ sendMessageHandler: noop, appendEntryHandler: noop });
  return runner;
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the suite's rows in the order the table shows them, each built beside the runner it times; a list to read, not logic to split.
export async function run() {
  const rows = [];
  const small = toolReturning("ok");

  const wrapped0 = new HookToolWrapper(small, await runnerWith(0));
  rows.push(
    await compare({
      name: "wrapped tool, 0 handlers",
      baseline: "direct tool.execute",
      baselineFn: (i) => small.execute(`c${i}`, input),
      subjectFn: (i) => wrapped0.execute(`c${i}`, input),
      target: 1.1,
      ...OPTIONS,
    }),
  );

  for (const n of [1, 10]) {
    const runner = await runnerWith(n);
    const handlers = Array.from({ length: n }, () => noop);
    const ctx = runner.createContext();
    const wrapped = new HookToolWrapper(small, runner);
    rows.push(
      await compare({
        name: `wrapped tool, ${n} no-op tool_call handler${n === 1 ? "" : "s"}`,
        baseline: "fair loop + tool.execute",
        baselineFn: async (i) => {
          const event = { type: "tool_call", toolName: "bash", toolCallId: `c${i}`, input };
          await fairLoop(handlers, event, ctx);
          return small.execute(`c${i}`, input);
        },
        subjectFn: (i) => wrapped.execute(`c${i}`, input),
        target: null,
        ...OPTIONS,
      }),
    );
  }

  const big = toolReturning("x".repeat(1024 * 1024));
  for (const [label, tool] of [
    ["2-byte", small],
    ["1 MB", big],
  ]) {
    const wrapped = new HookToolWrapper(tool, await runnerWithNonMatchingSettings(false));
    rows.push(
      await compare({
        name: `wrapped Bash, 5 settings hooks matching other tools, ${label} output (the host keeps the transcript)`,
        baseline: "direct tool.execute",
        baselineFn: (i) => tool.execute(`c${i}`, input),
        subjectFn: (i) => wrapped.execute(`c${i}`, input),
        target: 3,
        ...OPTIONS,
      }),
    );
  }

  // hookwire writes the transcript: against a host that writes the same line itself (JSON.stringify + an
  // append; an output over Claude Code's limit saved to a file and previewed, as hookwire does), and the
  // clock covers the writes on both sides (hookwire's deferred lines and saved files are flushed per call).
  // Everything goes into a folder of this run, removed at the end.
  const transcriptDir = mkdtempSync(path.join(os.tmpdir(), "hookwire-bench-transcripts-"));
  try {
    const hostFile = path.join(transcriptDir, "host.jsonl");
    let hostBytes = 0;
    const hostLine = (i, text) => {
      let content = text;
      const limit = TRANSCRIPT_LIMITS.bashOutputBytes;
      if (Buffer.byteLength(text) > limit) {
        // A bounded set of names, as hookwire's saved-output folder is bounded (64 MiB, 500 files).
        const saved = path.join(transcriptDir, `host-${i % 48}.txt`);
        writeFileSync(saved, text);
        content = persistedOutput(text, saved, TRANSCRIPT_LIMITS.previewChars);
      }
      // Claude Code's cut: the first `limit` UTF-8 bytes (hookwire also drops leading blank lines).
      const stdout = Buffer.from(text.slice(0, limit)).subarray(0, limit).toString().trimEnd();
      // Two lines per call, as hookwire writes: the assistant's tool_use, then the tool_result.
      const call = `${JSON.stringify({
        parentUuid: null,
        isSidechain: false,
        type: "assistant",
        message: {
          type: "message",
          role: "assistant",
          content: [{ type: "tool_use", id: `c${i}`, name: "Bash", input }],
          stop_reason: "tool_use",
        },
        uuid: crypto.randomUUID(),
        timestamp: new Date().toISOString(),
        cwd: CWD,
        sessionId: "bench",
      })}\n`;
      appendFileSync(hostFile, call);
      hostBytes += call.length;
      const line = `${JSON.stringify({
        parentUuid: null,
        isSidechain: false,
        type: "user",
        message: {
          role: "user",
          content: [{ tool_use_id: `c${i}`, type: "tool_result", content, is_error: false }],
        },
        toolUseResult: { stdout, stderr: "", interrupted: false, isImage: false, noOutputExpected: false },
        uuid: crypto.randomUUID(),
        timestamp: new Date().toISOString(),
        cwd: CWD,
        sessionId: "bench",
      })}\n`;
      appendFileSync(hostFile, line);
      hostBytes += line.length;
      // The same 16 MiB bound as hookwire's transcript.
      if (hostBytes > TRANSCRIPT_LIMITS.maxFileBytes) {
        truncateSync(hostFile, 0);
        hostBytes = 0;
      }
    };
    const writer = new TranscriptWriter({
      file: path.join(transcriptDir, "bench.jsonl"),
      sessionId: "bench",
      cwd: CWD,
    });
    const settingsRunner = await runnerWithNonMatchingSettings(writer);
    for (const [label, tool, text] of [
      ["2-byte", small, "ok"],
      ["1 MB", big, "x".repeat(1024 * 1024)],
    ]) {
      const wrapped = new HookToolWrapper(tool, settingsRunner);
      rows.push(
        await compare({
          name: `wrapped Bash, 5 settings hooks matching other tools, ${label} output (hookwire writes the transcript)`,
          baseline: "direct tool.execute + the host writes the lines",
          baselineFn: async (i) => {
            const result = await tool.execute(`c${i}`, input);
            hostLine(i, text);
            return result;
          },
          subjectFn: async (i) => {
            const result = await wrapped.execute(`c${i}`, input);
            writer.flush();
            await flushSavedOutputs();
            return result;
          },
          target: null,
          ...OPTIONS,
          // Each 1 MB call writes a file on both sides: a short warm-up (the default 20,000 would write 20 GB).
          warmup: 200,
          minOps: 10,
        }),
      );
    }
  } finally {
    await flushSavedOutputs();
    rmSync(transcriptDir, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(formatTable(await run()));
}
