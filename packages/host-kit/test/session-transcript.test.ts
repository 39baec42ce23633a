import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createNoOpUIContext } from "@hookwire/core";
import {
  createSettingsHooks,
  flushSavedOutputs,
  projectFolderName,
  readSettingsFile,
} from "@hookwire/settings-hooks";
import { describe, expect, it } from "vitest";
import { AgentHost, JsonlSessionManager } from "../src/index.js";

/**
 * A Stop gate in the style of the public ones: it reads `transcript_path`, and unless a Bash tool_use ran
 * the tests, it blocks the stop once (stop_hook_active lets the second stop through). It logs what it saw.
 */
const STOP_GATE = `#!/usr/bin/env bash
set -euo pipefail
input=$(cat)
tp=$(printf '%s' "$input" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const i=JSON.parse(s);process.stdout.write(i.transcript_path+"\\n"+i.session_id+"\\n"+i.stop_hook_active)})')
file=$(printf '%s' "$tp" | sed -n 1p); session=$(printf '%s' "$tp" | sed -n 2p); active=$(printf '%s' "$tp" | sed -n 3p)
echo "stop session=$session lines=$(wc -l < "$file" | tr -d ' ')" >> "$CLAUDE_PROJECT_DIR/gate.log"
if [ "$active" = "true" ]; then exit 0; fi
if grep -q '"name":"Bash","input":{"command":"npm test' "$file"; then exit 0; fi
echo '{"decision":"block","reason":"run the tests first (npm test)"}'
`;

async function hostWithGate() {
  const cwd = mkdtempSync(path.join(tmpdir(), "hookwire-host-transcript-"));
  mkdirSync(path.join(cwd, ".claude/bin"), { recursive: true });
  writeFileSync(path.join(cwd, ".claude/bin/stop-gate.sh"), STOP_GATE);
  chmodSync(path.join(cwd, ".claude/bin/stop-gate.sh"), 0o755);
  writeFileSync(path.join(cwd, "package.json"), '{"scripts":{"test":"echo all tests pass"}}');
  const file = path.join(cwd, ".claude/settings.json");
  writeFileSync(
    file,
    JSON.stringify({
      hooks: {
        Stop: [{ hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR"/.claude/bin/stop-gate.sh' }] }],
      },
    }),
  );
  const { handlers } = await readSettingsFile({ file, scope: "project", dialect: "claude" });
  const session = JsonlSessionManager.create(path.join(cwd, ".sessions"), cwd, undefined, {
    transcriptDir: path.join(cwd, ".transcripts"),
  });
  // The host's session decides session_id and transcript_path; hookwire writes no transcript of its own.
  const hooks = [await createSettingsHooks(handlers, { cwd, hostSession: session.hookSession })];
  const lines: string[] = [];
  const host = new AgentHost({
    cwd,
    session,
    hooks,
    ui: createNoOpUIContext(),
    hasUI: false,
    print: (line) => lines.push(line),
  });
  const transcript = () =>
    readFileSync(session.getTranscriptPath() ?? "", "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
  const gateLog = () => readFileSync(path.join(cwd, "gate.log"), "utf8").trim().split("\n");
  return { cwd, host, session, lines, transcript, gateLog };
}

/**
 * The folders the settings hooks keep for `cwd` in the per-user cache (the test run's XDG_CACHE_HOME):
 * `<cache>/hookwire/<kind>/<projectFolderName>`, whatever the kind.
 */
function projectFoldersInCache(cwd: string): string[] {
  const root = path.join(process.env.XDG_CACHE_HOME ?? "", "hookwire");
  const entries = (dir: string) => (existsSync(dir) && statSync(dir).isDirectory() ? readdirSync(dir) : []);
  return entries(root).flatMap((kind) =>
    entries(path.join(root, kind))
      .filter((entry) => entry === projectFolderName(cwd))
      .map((entry) => `${kind}/${entry}`),
  );
}

describe("a host-kit session as the settings hooks' transcript", () => {
  it("lets a Stop gate that finds the test run in the host's transcript stop at once", async () => {
    const { cwd, host, session, transcript, gateLog, lines } = await hostWithGate();
    await host.prompt(
      "fix the bug",
      [{ tool: "bash", input: { command: "npm test" } }],
      "Fixed; tests pass.",
    );
    expect(lines.some((line) => line.includes("another turn"))).toBe(false);
    expect(gateLog()).toEqual([`stop session=${session.getSessionId()} lines=4`]);
    const shapes = transcript().map((l) => [l.type, l.message.content[0]?.type ?? typeof l.message.content]);
    expect(shapes).toEqual([
      ["user", "string"],
      ["assistant", "tool_use"],
      ["user", "tool_result"],
      ["assistant", "text"],
    ]);
    const [prompt, use, result, reply] = transcript();
    expect(prompt).toMatchObject({
      parentUuid: null,
      sessionId: session.getSessionId(),
      message: { content: "fix the bug" },
    });
    expect(use.message.content[0]).toMatchObject({
      type: "tool_use",
      id: "call-1",
      name: "Bash",
      input: { command: "npm test" },
    });
    expect(result.message.content[0]).toMatchObject({
      type: "tool_result",
      tool_use_id: "call-1",
      is_error: false,
    });
    expect(result.message.content[0].content).toContain("all tests pass");
    expect(result.toolUseResult).toMatchObject({ stdout: expect.stringContaining("all tests pass") });
    expect(reply.message.content[0]).toEqual({ type: "text", text: "Fixed; tests pass." });
    expect(
      transcript()
        .slice(1)
        .every((l, i) => l.parentUuid === transcript()[i].uuid),
    ).toBe(true);
    // One transcript: the bridge wrote none of its own (it would be in a folder of the project's in the user's cache).
    expect(projectFoldersInCache(cwd)).toEqual([]);
  });

  it("re-prompts once when the host's transcript has no test run, and the gate sees the block's feedback", async () => {
    const { host, transcript, gateLog, lines } = await hostWithGate();
    await host.prompt("fix the bug", [{ tool: "bash", input: { command: "echo patched" } }], "Fixed.");
    expect(lines.filter((line) => line.includes("another turn"))).toHaveLength(1);
    // First stop: prompt, tool_use, tool_result, reply. Second: + the block's reason (a hook message) + the new reply.
    expect(gateLog()).toEqual([expect.stringMatching(/ lines=4$/), expect.stringMatching(/ lines=6$/)]);
    const feedback = transcript()[4];
    expect(feedback).toMatchObject({ type: "user", isMeta: true });
    expect(feedback.message.content).toContain("run the tests first (npm test)");
    expect(transcript()[5].message.content[0]).toEqual({ type: "text", text: "Nothing more to do." });
  });

  it("moves to a new transcript and session_id when the host starts a new session", async () => {
    const { host, session, gateLog } = await hostWithGate();
    await host.prompt("one", [{ tool: "bash", input: { command: "npm test" } }], "ok");
    const first = { id: session.getSessionId(), transcript: session.getTranscriptPath() };
    session.newSession();
    await host.prompt("two", [{ tool: "bash", input: { command: "npm test" } }], "ok");
    expect(session.getSessionId()).not.toBe(first.id);
    expect(session.getTranscriptPath()).not.toBe(first.transcript);
    expect(gateLog()).toEqual([
      `stop session=${first.id} lines=4`,
      `stop session=${session.getSessionId()} lines=4`,
    ]);
  });
});

describe("SessionTranscript's mapping of session entries", () => {
  const lines = (file: string | undefined) =>
    readFileSync(file ?? "", "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));

  it("saves a 1 MB bash result once under the session's tool-results and writes a small line", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "hookwire-session-transcript-"));
    try {
      const session = JsonlSessionManager.create(path.join(root, "sessions"), root, undefined, {
        transcriptDir: path.join(root, "transcripts"),
      });
      session.appendMessage({
        role: "assistant",
        content: [{ type: "toolCall", id: "c1", name: "bash", arguments: { command: "cat big.log" } }],
      });
      const output = "b".repeat(1024 * 1024);
      session.appendMessage({
        role: "toolResult",
        toolCallId: "c1",
        toolName: "bash",
        content: [{ type: "text", text: output }],
        isError: false,
      });
      await flushSavedOutputs();
      const transcript = session.getTranscriptPath() as string;
      expect(statSync(transcript).size).toBeLessThan(40_000);
      const result = lines(transcript)[1];
      const saved = path.join(root, "transcripts", session.getSessionId(), "tool-results", "c1.txt");
      expect(result.toolUseResult.persistedOutputPath).toBe(saved);
      expect(result.message.content[0].content).toMatch(/^<persisted-output>\nOutput too large \(1MB\)/);
      expect(readFileSync(saved, "utf8")).toBe(output);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("writes every kind of entry as Claude Code writes it, and keeps hook state out", () => {
    const root = mkdtempSync(path.join(tmpdir(), "hookwire-session-transcript-"));
    const cwd = path.join(root, "project");
    const session = JsonlSessionManager.create(path.join(root, "sessions"), cwd, undefined, {
      transcriptDir: path.join(root, "transcripts"),
    });
    session.appendMessage({ role: "user", content: [{ type: "text", text: "edit the notes" }] });
    session.appendMessage({
      role: "assistant",
      content: [
        { type: "text", text: "Editing." },
        {
          type: "toolCall",
          id: "c1",
          name: "write",
          arguments: { path: "docs/../notes.md", content: "hi\n" },
        },
      ],
    });
    session.appendCustomEntry("hook-state", { secret: "not for the model" });
    session.appendMessage({
      role: "toolResult",
      toolCallId: "c1",
      toolName: "write",
      content: [
        { type: "text", text: "Wrote 3 bytes" },
        { type: "image", data: "AAAA", mimeType: "image/png" },
      ],
      isError: false,
    });
    session.appendCustomMessage({
      customType: "hook_context",
      content: "Remember: tests first.",
      display: false,
    });
    const written = lines(session.getTranscriptPath());
    expect(written.map((l) => [l.type, l.isMeta ?? false])).toEqual([
      ["user", false],
      ["assistant", false],
      ["assistant", false],
      ["user", false],
      ["user", true],
    ]);
    expect(written[0].message.content).toBe("edit the notes");
    expect(written[1].message.content).toEqual([{ type: "text", text: "Editing." }]);
    // Claude names, and the path as Claude Code hands it to hooks: absolute and normalised.
    expect(written[2].message.content[0]).toEqual({
      type: "tool_use",
      id: "c1",
      name: "Write",
      input: { file_path: path.join(cwd, "notes.md"), content: "hi\n" },
    });
    expect(written[3].message.content[0]).toMatchObject({ tool_use_id: "c1", content: "Wrote 3 bytes" });
    expect(written[3].toolUseResult).toMatchObject({ filePath: path.join(cwd, "notes.md") });
    expect(written[4].message.content).toBe("Remember: tests first.");
    expect(JSON.stringify(written)).not.toContain("not for the model");
    expect(new Set(written.map((l) => l.sessionId))).toEqual(new Set([session.getSessionId()]));
  });

  it("writes no transcript without transcriptDir", () => {
    const session = JsonlSessionManager.create(mkdtempSync(path.join(tmpdir(), "hookwire-session-")), "/p");
    session.appendMessage({ role: "user", content: "hi" });
    expect(session.getTranscriptPath()).toBeUndefined();
    expect(session.hookSession()).toEqual({ sessionId: session.getSessionId(), transcriptPath: "" });
  });

  it("goes on with the same transcript when a session is reopened, but never names it after a crafted id", () => {
    const root = mkdtempSync(path.join(tmpdir(), "hookwire-session-transcript-"));
    const transcriptDir = path.join(root, "transcripts");
    const first = JsonlSessionManager.create(path.join(root, "sessions"), "/p", undefined, { transcriptDir });
    first.appendMessage({ role: "user", content: "one" });
    const file = first.getSessionFile() ?? "";
    const reopened = JsonlSessionManager.open(file, "/p", { transcriptDir });
    reopened.appendMessage({ role: "user", content: "two" });
    expect(reopened.getTranscriptPath()).toBe(first.getTranscriptPath());
    const resumed = lines(reopened.getTranscriptPath());
    expect(resumed.map((l) => l.message.content)).toEqual(["one", "two"]);
    expect(resumed[1].parentUuid).toBe(resumed[0].uuid);

    const crafted = path.join(root, "crafted.jsonl");
    writeFileSync(
      crafted,
      `${JSON.stringify({ type: "session", id: "../../escaped", cwd: "/p", timestamp: 0 })}\n`,
    );
    const opened = JsonlSessionManager.open(crafted, "/p", { transcriptDir });
    opened.appendMessage({ role: "user", content: "x" });
    expect(path.dirname(opened.getTranscriptPath() ?? "")).toBe(transcriptDir);
    expect(existsSync(path.join(path.dirname(root), "escaped.jsonl"))).toBe(false);
  });
});
