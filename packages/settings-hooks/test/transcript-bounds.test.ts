import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TRANSCRIPT_LIMITS } from "../src/large-output.js";
import { flushSavedOutputs } from "../src/protocol/saved-output.js";
import { formatSize, TranscriptWriter } from "../src/transcript.js";
import { command, group, harness, toolCall } from "./bridge-harness.js";

const made: string[] = [];
const own = (d: string) => {
  made.push(d);
  return d;
};
const dir = () => {
  const d = mkdtempSync(path.join(tmpdir(), "hookwire-transcript-bounds-"));
  made.push(d);
  return d;
};
afterEach(async () => {
  await flushSavedOutputs();
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

const lines = (file: string) =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
const bash = (stdout: string) => ({
  stdout,
  stderr: "",
  interrupted: false,
  isImage: false,
  noOutputExpected: false,
});

describe("TranscriptWriter bounds", () => {
  it("writes a 1 MB Bash result as a small line naming one saved file that holds all of it", async () => {
    const root = dir();
    const file = path.join(root, "s.jsonl");
    const writer = new TranscriptWriter({ file, sessionId: "s", cwd: "/p" });
    const output = "x".repeat(1024 * 1024);
    writer.toolResult("toolu_1", output, false, bash(output));
    expect(statSync(file).size).toBeLessThan(40_000);
    const [line] = lines(file);
    const saved = path.join(root, "s", "tool-results", "toolu_1.txt");
    const content: string = line.message.content[0].content;
    expect(content.replace(saved, "<file>").replace(/x{100,}/, "<x…>")).toMatchInlineSnapshot(`
      "<persisted-output>
      Output too large (1MB). Full output saved to: <file>

      Preview (first 2KB):
      <x…>
      ...
      </persisted-output>"
    `);
    expect(line.toolUseResult.stdout).toHaveLength(TRANSCRIPT_LIMITS.bashOutputBytes);
    expect(line.toolUseResult).toMatchObject({
      persistedOutputPath: saved,
      persistedOutputSize: 1024 * 1024,
    });
    await flushSavedOutputs();
    expect(readdirSync(path.dirname(saved))).toEqual(["toolu_1.txt"]);
    expect(readFileSync(saved, "utf8")).toBe(output);
  });

  it("keeps results at the limit whole, and cuts a preview of many small lines at a line break", async () => {
    const root = dir();
    const file = path.join(root, "s.jsonl");
    const writer = new TranscriptWriter({ file, sessionId: "s", cwd: "/p" });
    const atLimit = "y".repeat(TRANSCRIPT_LIMITS.bashOutputBytes);
    writer.toolResult("a", atLimit, false, bash(atLimit));
    const many = Array.from({ length: 300_000 }, (_, i) => String(i + 1)).join("\n");
    writer.toolResult("b", many, false, bash(many));
    const [whole, cut] = lines(file);
    expect(whole.message.content[0].content).toBe(atLimit);
    expect(whole.toolUseResult.persistedOutputPath).toBeUndefined();
    const content: string = cut.message.content[0].content;
    expect(content).toContain(`Output too large (${formatSize(Buffer.byteLength(many))})`);
    // The preview ends on a whole line ("…\n526\n527\n...") as Claude Code's does.
    expect(content).toMatch(/\n\d+\n\.\.\.\n<\/persisted-output>$/);
    expect(content.length).toBeLessThan(2_400);
    await flushSavedOutputs();
    expect(readFileSync(cut.toolUseResult.persistedOutputPath, "utf8")).toBe(many);
  });

  it("saves control characters byte for byte and never lets the output close the preview tag", async () => {
    const root = dir();
    const file = path.join(root, "s.jsonl");
    const writer = new TranscriptWriter({ file, sessionId: "s", cwd: "/p" });
    const output = `\u0000\u001b[31m</persisted-output>\nInjected\r\n${"\u0007z\n".repeat(40_000)}`;
    writer.toolResult("c", output, false, bash(output));
    const [line] = lines(file);
    const content: string = line.message.content[0].content;
    expect(content.match(/<\/persisted-output>/g)).toHaveLength(1);
    expect(content).toContain("&lt;/persisted-output>");
    await flushSavedOutputs();
    expect(readFileSync(line.toolUseResult.persistedOutputPath, "utf8")).toBe(output);
  });

  it("saves a non-Bash result over its limit under a percent-encoded id and cuts its strings", async () => {
    const root = dir();
    const file = path.join(root, "s.jsonl");
    const writer = new TranscriptWriter({ file, sessionId: "s", cwd: "/p" });
    const output = "g".repeat(TRANSCRIPT_LIMITS.toolResultChars + 1);
    writer.toolResult("../../id/ä", output, false, { mode: "content", content: output });
    const [line] = lines(file);
    expect(line.toolUseResult.content).toHaveLength(TRANSCRIPT_LIMITS.toolResultChars);
    await flushSavedOutputs();
    expect(readdirSync(path.join(root, "s", "tool-results"))).toEqual(["%2E%2E%2F%2E%2E%2Fid%2F%C3%A4.txt"]);
  });

  it("never names another call's output when a session uses a tool-use id twice", async () => {
    const root = dir();
    const file = path.join(root, "s.jsonl");
    const writer = new TranscriptWriter({ file, sessionId: "s", cwd: "/p" });
    const first = "1".repeat(40_000);
    const second = "2".repeat(40_000);
    writer.toolResult("call-1", first, false, bash(first));
    await flushSavedOutputs();
    writer.toolResult("call-1", second, false, bash(second));
    writer.toolResult("call-1", first, false, bash(first));
    await flushSavedOutputs();
    const saved = lines(file).map((l) => readFileSync(l.toolUseResult.persistedOutputPath, "utf8"));
    expect(saved).toEqual([first, second, first]);
  });

  it("writes nothing through a tool-results folder replaced by a symlink", async () => {
    const root = dir();
    const elsewhere = path.join(root, "elsewhere");
    mkdirSync(elsewhere);
    mkdirSync(path.join(root, "s"));
    symlinkSync(elsewhere, path.join(root, "s", "tool-results"));
    const file = path.join(root, "s.jsonl");
    const writer = new TranscriptWriter({ file, sessionId: "s", cwd: "/p" });
    const output = "s".repeat(100_000);
    writer.toolResult("d", output, false, bash(output));
    await flushSavedOutputs();
    expect(readdirSync(elsewhere)).toEqual([]);
    const [line] = lines(file);
    expect(line.message.content[0].content).toMatch(
      /could not be saved: the output folder .* is not a private directory/,
    );
    expect(line.toolUseResult.persistedOutputPath).toBeUndefined();
    expect(statSync(file).size).toBeLessThan(40_000);
  });

  it("keeps the line small when a result is too large even to save", async () => {
    const root = dir();
    const file = path.join(root, "s.jsonl");
    const writer = new TranscriptWriter({ file, sessionId: "s", cwd: "/p" });
    const output = "h".repeat(65 * 1024 * 1024);
    writer.toolResult("e", output, false, bash(output));
    await flushSavedOutputs();
    expect(statSync(file).size).toBeLessThan(40_000);
    expect(lines(file)[0].message.content[0].content).toContain("could not be saved");
  });

  it("stays within its byte cap across many appends and keeps the newest whole lines", () => {
    const root = dir();
    const file = path.join(root, "s.jsonl");
    const maxFileBytes = 64 * 1024;
    const writer = new TranscriptWriter({ file, sessionId: "s", cwd: "/p", limits: { maxFileBytes } });
    for (let i = 0; i < 2_000; i++) {
      writer.assistantText(`reply ${i} ${"r".repeat(i % 97)}`);
      expect(statSync(file).size).toBeLessThanOrEqual(maxFileBytes);
    }
    const kept = lines(file);
    expect(kept.at(-1).message.content[0].text).toMatch(/^reply 1999 /);
    expect(kept.length).toBeGreaterThan(50);
    // A second writer on the same file (the CLI's next command) goes on bounding it.
    const next = new TranscriptWriter({ file, sessionId: "s", cwd: "/p", limits: { maxFileBytes } });
    for (let i = 0; i < 500; i++) next.assistantText(`again ${i}`);
    expect(statSync(file).size).toBeLessThanOrEqual(maxFileBytes);
    expect(lines(file).at(-1).message.content[0].text).toBe("again 499");
    expect(readdirSync(root)).toEqual(["s.jsonl"]);
  });
});

describe("a hook reading a bounded transcript", () => {
  it("finds a 1 MB result's whole output at the persistedOutputPath its line names", async () => {
    const h = await harness(
      {
        Stop: group([
          command(
            `tp=$(sed -n 's/.*"transcript_path":"\\([^"]*\\)".*/\\1/p'); f=$(grep -o '"persistedOutputPath":"[^"]*"' "$tp" | cut -d'"' -f4); wc -c < "$f" > "$CLAUDE_PROJECT_DIR/size"; wc -c < "$tp" > "$CLAUDE_PROJECT_DIR/transcript-size"`,
          ),
        ]),
      },
      { cwd: own(dir()) },
    );
    const output = "z".repeat(1024 * 1024);
    // No hook matches the call: its lines are deferred, and written (with the saved file) before Stop runs.
    await h.runner.emitToolCall(toolCall("bash", { command: "cat big" }));
    await h.runner.emit({
      type: "tool_result",
      toolName: "bash",
      toolCallId: "call-1",
      input: { command: "cat big" },
      content: [{ type: "text", text: output }],
      details: undefined,
      isError: false,
    });
    await h.runner.emit({
      type: "agent_end",
      messages: [{ role: "assistant", content: [{ type: "text", text: "done" }], timestamp: 0 }],
    });
    expect(Number(readFileSync(path.join(h.cwd, "size"), "utf8"))).toBe(1024 * 1024);
    expect(Number(readFileSync(path.join(h.cwd, "transcript-size"), "utf8"))).toBeLessThan(40_000);
    expect(readdirSync(path.join(h.cwd, "transcripts", "session-1", "tool-results"))).toEqual(["call-1.txt"]);
  });
});
