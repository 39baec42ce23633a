import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import type { ContentPart } from "@hookwire/core";
import { afterEach, describe, expect, it } from "vitest";
import { toSettingsResponse } from "../src/dialects/claude/tool-names.js";
import { cutBashOutput, cutErrorText, overByteLimit, TRANSCRIPT_LIMITS } from "../src/large-output.js";
import { flushSavedOutputs } from "../src/protocol/saved-output.js";
import { TranscriptWriter } from "../src/transcript.js";
import { command, group, type Harness, harness, tempProject, toolCall } from "./bridge-harness.js";

const LIMIT = TRANSCRIPT_LIMITS.bashOutputBytes;
const made: string[] = [];
const project = () => {
  const dir = tempProject();
  made.push(dir);
  return dir;
};
afterEach(async () => {
  await flushSavedOutputs();
  for (const dir of made.splice(0)) {
    // A test may have left a folder read-only.
    for (const sub of ["transcripts/session-1/tool-results", "out/tool-results"]) {
      if (existsSync(path.join(dir, sub))) chmodSync(path.join(dir, sub), 0o700);
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A hook that keeps its stdin and, while it runs, a copy of the file `persistedOutputPath` names. */
const capture = command(
  `cat > "$CLAUDE_PROJECT_DIR/stdin.json"; p=$(sed -n 's/.*"persistedOutputPath":"\\([^"]*\\)".*/\\1/p' "$CLAUDE_PROJECT_DIR/stdin.json"); if [ -n "$p" ]; then cp "$p" "$CLAUDE_PROJECT_DIR/seen.txt"; fi`,
);

interface Run {
  h: Harness;
  input: Record<string, unknown> & { tool_response?: Record<string, unknown>; error?: string };
  /** What the hook found at `persistedOutputPath` while it ran; `undefined` without one. */
  seen: string | undefined;
}

/** One call of `tool` whose result is `content`, through post-tool hooks that capture their input. */
async function run(
  content: string | ContentPart[],
  options: {
    tool?: string;
    input?: Record<string, unknown>;
    isError?: boolean;
    hooks?: Record<string, unknown>;
    cwd?: string;
    transcript?: false;
    hostSession?: () => { sessionId: string; transcriptPath: string };
  } = {},
): Promise<Run> {
  const tool = options.tool ?? "bash";
  const input = options.input ?? { command: "make big" };
  const h = await harness(
    options.hooks ?? { PostToolUse: group([capture]), PostToolUseFailure: group([capture]) },
    {
      cwd: options.cwd ?? project(),
      ...(options.transcript === false ? { transcript: false } : {}),
      ...(options.hostSession ? { hostSession: options.hostSession } : {}),
    },
  );
  await h.runner.emitToolCall(toolCall(tool, input));
  await h.runner.emit({
    type: "tool_result",
    toolName: tool,
    toolCallId: "call-1",
    input,
    content: typeof content === "string" ? [{ type: "text", text: content }] : content,
    details: undefined,
    isError: options.isError ?? false,
  });
  const stdin = path.join(h.cwd, "stdin.json");
  const seen = path.join(h.cwd, "seen.txt");
  return {
    h,
    input: existsSync(stdin) ? JSON.parse(readFileSync(stdin, "utf8")) : {},
    seen: existsSync(seen) ? readFileSync(seen, "utf8") : undefined,
  };
}

const toolResults = (h: Harness) => path.join(h.cwd, "transcripts", "session-1", "tool-results");
const transcriptLines = (h: Harness) =>
  readFileSync(path.join(h.cwd, "transcripts", "session-1.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
/** `lines` lines of `line 000001`… (12 bytes each, with the newline), as `head -c` would leave them. */
const lines = (bytes: number) =>
  Array.from({ length: Math.ceil(bytes / 12) }, (_, i) => `line ${String(i + 1).padStart(6, "0")}\n`)
    .join("")
    .slice(0, bytes);

describe("cutBashOutput", () => {
  it("keeps the first 30,000 bytes, without the line break the cut leaves at the end", () => {
    const cut = cutBashOutput(lines(31_000), LIMIT);
    expect(cut).toHaveLength(29_999);
    expect(cut.endsWith("line 002500")).toBe(true);
  });

  it("counts UTF-8 bytes: 15,000 'é' fill the limit", () => {
    expect(cutBashOutput("é".repeat(20_000), LIMIT)).toBe("é".repeat(15_000));
    expect(overByteLimit("é".repeat(15_000), LIMIT)).toBe(false);
    expect(overByteLimit("é".repeat(15_001), LIMIT)).toBe(true);
    expect(overByteLimit("€".repeat(10_000), LIMIT)).toBe(false);
    expect(overByteLimit(`${"€".repeat(10_000)}x`, LIMIT)).toBe(true);
    expect(overByteLimit("x".repeat(LIMIT), LIMIT)).toBe(false);
    expect(overByteLimit("x".repeat(LIMIT + 1), LIMIT)).toBe(true);
  });

  it("turns a character the cut splits into one U+FFFD, as Claude Code does", () => {
    // 14,999 'é' are 29,998 bytes: two of '€'s three bytes are left.
    expect(cutBashOutput(`${"é".repeat(14_999)}€tail`, LIMIT)).toBe(`${"é".repeat(14_999)}\uFFFD`);
    // A surrogate pair (four bytes) split after one, two or three of them.
    for (const before of [29_999, 29_998, 29_997]) {
      const cut = cutBashOutput(`${"a".repeat(before)}😀${"b".repeat(10)}`, LIMIT);
      expect(cut).toBe(`${"a".repeat(before)}\uFFFD`);
    }
    // A pair that ends exactly at the limit is kept whole.
    expect(cutBashOutput(`${"a".repeat(29_996)}😀b`, LIMIT)).toBe(`${"a".repeat(29_996)}😀`);
    // A lone surrogate in the tool's own text is not passed on as one.
    expect(cutBashOutput(`\uD800${"a".repeat(LIMIT)}`, LIMIT).startsWith("\uFFFD")).toBe(true);
  });

  it("drops blank lines before the output and white space after the cut", () => {
    const text = `\n\n  \r\n${"a".repeat(29_980)}${" ".repeat(40)}b`;
    expect(cutBashOutput(text, LIMIT)).toBe("a".repeat(29_980));
    // Indentation of the first line with text is kept.
    expect(cutBashOutput(`\n  x${"y".repeat(LIMIT)}`, LIMIT).slice(0, 4)).toBe("  xy");
  });
});

describe("cutErrorText", () => {
  it("keeps an error of up to 11,024 characters whole", () => {
    const text = `Exit code 3\n${"c".repeat(11_012)}`;
    expect(cutErrorText(text, TRANSCRIPT_LIMITS, true)).toBe(text);
  });

  it("keeps 5,000 characters at each end of a longer one", () => {
    const text = `Exit code 3\n${"c".repeat(11_013)}`;
    const cut = cutErrorText(text, TRANSCRIPT_LIMITS, false);
    expect(cut).toHaveLength(10_039);
    expect(cut.replace(/c{100,}/g, "<c…>")).toMatchInlineSnapshot(`
      "Exit code 3
      <c…>

      ... [1025 characters truncated] ...

      <c…>"
    `);
  });

  it("cuts a Bash error to the output's byte limit first, so its end is from the first 30,000 bytes", () => {
    const text = `Exit code 3\n${lines(1_000_000)}`;
    const cut = cutErrorText(text, TRANSCRIPT_LIMITS, true);
    expect(cut).toContain("\n\n... [19999 characters truncated] ...\n\n");
    expect(cut.endsWith("line 002499")).toBe(true);
    // Not Bash: the end is the text's own.
    expect(cutErrorText(text, TRANSCRIPT_LIMITS, false).endsWith(lines(1_000_000).slice(-5_000))).toBe(true);
  });
});

describe("PostToolUse input for a large Bash output", () => {
  it("hands over an output of exactly 30,000 bytes whole, with no file", async () => {
    const output = lines(LIMIT);
    const { h, input, seen } = await run(output);
    expect(input.tool_response).toEqual({
      stdout: output,
      stderr: "",
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
    });
    expect(seen).toBeUndefined();
    expect(existsSync(toolResults(h))).toBe(false);
  });

  it("cuts 30,001 bytes to 30,000 and names a private file, there when the hook runs, holding all of it", async () => {
    const output = lines(LIMIT + 1);
    const { h, input, seen } = await run(output);
    const file = path.join(toolResults(h), "call-1.txt");
    expect(input.tool_response).toEqual({
      stdout: output.slice(0, LIMIT - 1),
      stderr: "",
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
      persistedOutputPath: file,
      persistedOutputSize: LIMIT + 1,
    });
    expect(seen).toBe(output);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(toolResults(h)).mode & 0o777).toBe(0o700);
  });

  it("writes a 1 MB output once: the transcript's line names the file the hook was handed", async () => {
    const output = lines(1_000_000);
    const { h, input, seen } = await run(output);
    expect(JSON.stringify(input).length).toBeLessThan(35_000);
    expect(seen).toBe(output);
    await flushSavedOutputs();
    const result = transcriptLines(h).find((line) => line.toolUseResult);
    expect(result.toolUseResult).toEqual(input.tool_response);
    expect(readdirSync(toolResults(h))).toEqual(["call-1.txt"]);
  });

  it("counts the size in bytes and cuts inside a multi-byte character as Claude Code does", async () => {
    const output = "é€😀".repeat(12_000);
    const { input, seen } = await run(output);
    const response = input.tool_response as { stdout: string; persistedOutputSize: number };
    expect(response.persistedOutputSize).toBe(108_000);
    expect(Buffer.byteLength(response.stdout)).toBe(30_002);
    expect(response.stdout.endsWith("😀é\uFFFD")).toBe(true);
    expect(seen).toBe(output);
  });

  it("cuts only the text of a result that is not one string, and hands other tools' large results on whole", async () => {
    const image: ContentPart = { type: "image", data: "aGk=", mimeType: "image/png" };
    const text = "t".repeat(40_000);
    const mixed = await run([image, { type: "text", text }]);
    expect(mixed.input.tool_response?.stdout).toBe("t".repeat(LIMIT));
    expect(mixed.seen).toBe(text);
    const empty = await run([image]);
    expect(empty.input.tool_response?.stdout).toBe("");
    const read = await run("r".repeat(100_000), { tool: "read", input: { path: "/p/big.txt" } });
    expect(read.input.tool_response).toMatchObject({ file: { content: "r".repeat(100_000) } });
    expect(read.input.tool_response?.persistedOutputPath).toBeUndefined();
    const other = await run("o".repeat(100_000), { tool: "deploy", input: { target: "prod" } });
    expect(other.input.tool_response?.output).toHaveLength(100_000);
    expect(other.seen).toBeUndefined();
  });

  it("saves in the output folder when there is no transcript", async () => {
    const output = "n".repeat(LIMIT + 10);
    const { h, input, seen } = await run(output, { transcript: false });
    expect(input.transcript_path).toBe("");
    expect(input.tool_response?.persistedOutputPath).toBe(
      path.join(h.cwd, "out", "tool-results", "call-1.txt"),
    );
    expect(seen).toBe(output);
  });

  it("saves nothing for a call whose handlers' `if` rules all refuse it", async () => {
    const hooks = { PostToolUse: group([{ ...capture, if: "Bash(git *)" }]) };
    const { h, input } = await run("q".repeat(100_000), { hooks, transcript: false });
    expect(input).toEqual({});
    expect(existsSync(path.join(h.cwd, "out", "tool-results"))).toBe(false);
    const git = await run("q".repeat(100_000), { hooks, transcript: false, input: { command: "git log" } });
    expect(git.seen).toBe("q".repeat(100_000));
  });
});

describe("PostToolUseFailure input for a large error", () => {
  it("keeps 5,000 characters at each end of the first 30,000 bytes of a failing Bash call", async () => {
    const text = `Exit code 3\n${"c".repeat(1_000_000)}`;
    const { input, seen } = await run(text, { isError: true });
    expect(input.hook_event_name).toBe("PostToolUseFailure");
    expect(input.error).toBe(
      `${text.slice(0, 5_000)}\n\n... [20000 characters truncated] ...\n\n${"c".repeat(5_000)}`,
    );
    expect(seen).toBeUndefined();
  });
});

describe("a large output that cannot be saved", () => {
  /** The hook still gets the cut stdout, without a path; the host goes on; the transcript says why. */
  async function expectCutWithoutFile(cwd: string, why: RegExp) {
    const output = "u".repeat(100_000);
    const { h, input, seen } = await run(output, { cwd });
    expect(h.errors).toEqual([]);
    expect(input.tool_response).toEqual({
      stdout: "u".repeat(LIMIT),
      stderr: "",
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
    });
    expect(seen).toBeUndefined();
    await flushSavedOutputs();
    const result = transcriptLines(h).find((line) => line.toolUseResult);
    expect(result.message.content[0].content).toMatch(why);
    expect(result.toolUseResult.persistedOutputPath).toBeUndefined();
    return h;
  }

  it("when the session's folder is a file", async () => {
    const cwd = project();
    mkdirSync(path.join(cwd, "transcripts"), { recursive: true });
    writeFileSync(path.join(cwd, "transcripts", "session-1"), "not a folder");
    await expectCutWithoutFile(cwd, /could not be saved: .*(ENOTDIR|EEXIST)/);
  });

  it("when a link is planted at the file's name: nothing is written through it", async () => {
    const cwd = project();
    const dir = path.join(cwd, "transcripts", "session-1", "tool-results");
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const target = path.join(cwd, "planted-target.txt");
    symlinkSync(target, path.join(dir, "call-1.txt"));
    await expectCutWithoutFile(cwd, /could not be saved: .*EEXIST/);
    expect(existsSync(target)).toBe(false);
  });

  it.skipIf(process.getuid?.() === 0)("when the folder is read-only", async () => {
    const cwd = project();
    const dir = path.join(cwd, "transcripts", "session-1", "tool-results");
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o500);
    const h = await expectCutWithoutFile(cwd, /could not be saved: .*EACCES/);
    expect(readdirSync(toolResults(h))).toEqual([]);
  });
});

describe("a host that keeps its own transcript", () => {
  it("gets the hook's file beside its transcript, and its writer names that file instead of writing another", async () => {
    const cwd = project();
    const transcriptPath = path.join(cwd, "host", "s-9.jsonl");
    const writer = new TranscriptWriter({ file: transcriptPath, sessionId: "s-9", cwd });
    const output = lines(200_000);
    const { input, seen } = await run(output, {
      cwd,
      hostSession: () => ({ sessionId: "s-9", transcriptPath }),
    });
    expect(input.transcript_path).toBe(transcriptPath);
    expect(input.tool_response?.persistedOutputPath).toBe(
      path.join(cwd, "host", "s-9", "tool-results", "call-1.txt"),
    );
    expect(seen).toBe(output);
    // The host records the result after the hooks ran, as host-kit's session log does.
    writer.toolResult(
      "call-1",
      output,
      false,
      toSettingsResponse("bash", { input: {}, text: output, details: {} }),
    );
    await flushSavedOutputs();
    const [line] = readFileSync(transcriptPath, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(line.toolUseResult.persistedOutputPath).toBe(input.tool_response?.persistedOutputPath);
    expect(readdirSync(path.join(cwd, "host", "s-9", "tool-results"))).toEqual(["call-1.txt"]);
  });
});
