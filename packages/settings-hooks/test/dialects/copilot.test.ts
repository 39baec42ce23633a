// The Copilot CLI dialect's data at work: exit codes and answers as Copilot reads them (checked against the
// recording of the real Copilot CLI where it says the same thing), tools, files, catalogue.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runProcess } from "@hookwire/core/internal";
import { describe, expect, it } from "vitest";
import { eventNames, findEvent } from "../../src/dialect-kit/catalogue.js";
import { toDialectCall, toNativeInput } from "../../src/dialect-kit/tools.js";
import { copilot } from "../../src/dialects/copilot/dialect.js";
import { copilotTools } from "../../src/dialects/copilot/tools.js";

const RECORD = fileURLToPath(
  new URL("../../../../integration/copilot-conformance/recorded/copilot-cli.json", import.meta.url),
);
const record = JSON.parse(readFileSync(RECORD, "utf8")) as {
  copilotCli: string;
  cases: Record<string, { files: Record<string, string | null> }>;
};

/** A real `sh -c` run of `script`, read by Copilot's protocol for `event`. */
async function answer(event: string, script: string, timeoutMs = 10_000) {
  const run = await runProcess("sh", ["-c", script], {
    env: { PATH: process.env.PATH },
    timeoutMs,
    input: "{}",
  });
  return copilot.protocol.exit(run, { hookName: "guard.json", event, timeoutMs });
}

describe(`Copilot CLI exit codes (recorded with ${record.copilotCli})`, () => {
  // Each row: a recorded case, the same hook as a script, and whether the call ran in the real CLI.
  it.each([
    ["exit-pre-0", "preToolUse", "exit 0"],
    ["exit-pre-1", "preToolUse", "echo STDERR_MARK >&2; exit 1"],
    ["exit-pre-2", "preToolUse", "echo STDERR_MARK >&2; exit 2"],
    ["exit-pre-3", "preToolUse", "echo STDERR_MARK >&2; exit 3"],
    ["exit-pre-0-text", "preToolUse", "echo TEXT_MARK"],
    ["post-exit-2", "postToolUse", "echo STDERR_MARK >&2; exit 2"],
    ["prompt-exit-2", "userPromptSubmitted", "echo STDERR_MARK >&2; exit 2"],
  ])("%s: blocks exactly when the real CLI did not run the call", async (id, event, script) => {
    const ranInCopilot = record.cases[id]?.files["ran.txt"] !== null;
    const result = await answer(event, script);
    expect(result.status === "blocking").toBe(!ranInCopilot);
  });

  it("never forwards stderr as the reason: the model reads only that the hook exited 2", async () => {
    expect(await answer("preToolUse", "echo STDERR_MARK >&2; exit 2")).toMatchObject({
      status: "blocking",
      reason: "hook exited with code 2",
    });
  });

  it("denies on any other exit code of preToolUse (fail-closed), and says the hook errored", async () => {
    expect(await answer("preToolUse", "exit 1")).toMatchObject({
      status: "blocking",
      reason: "hook errored",
    });
    expect(await answer("preToolUse", "kill -9 $$")).toMatchObject({ status: "blocking" });
  });

  it("lets a timed-out preToolUse hook through, as Copilot does", async () => {
    expect(await answer("preToolUse", "sleep 5", 300)).toMatchObject({ status: "error" });
  });

  it("reads the JSON reason of a hook that exits 2 with a deny on stdout", async () => {
    const script = `echo '{"permissionDecision":"deny","permissionDecisionReason":"REASON_MARK"}'; exit 2`;
    expect(await answer("preToolUse", script)).toMatchObject({ status: "blocking", reason: "REASON_MARK" });
  });
});

describe("Copilot CLI answers as hookwire's", () => {
  const read = (event: string, json: Record<string, unknown>) =>
    copilot.protocol.output(json, { hookName: "guard.json", event });

  it("turns permissionDecision, modifiedArgs, additionalContext and modifiedResult into hookwire's fields", () => {
    expect(
      read("preToolUse", {
        permissionDecision: "deny",
        permissionDecisionReason: "no",
        modifiedArgs: { command: "ls" },
        additionalContext: "ctx",
      }).output.hookSpecificOutput,
    ).toEqual({
      hookEventName: "preToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "no",
      updatedInput: { command: "ls" },
      additionalContext: "ctx",
    });
    expect(
      read("postToolUse", { modifiedResult: { resultType: "success", textResultForLlm: "R" } }).output
        .hookSpecificOutput?.updatedToolOutput,
    ).toEqual({ output: "R" });
  });

  it("keeps decision block and its reason (userPromptSubmitted, agentStop)", () => {
    expect(read("agentStop", { decision: "block", reason: "again" }).output).toMatchObject({
      decision: "block",
      reason: "again",
    });
  });

  it("drops a field of the wrong type with a warning instead of throwing", () => {
    const { output, warnings } = read("preToolUse", { permissionDecision: 7, additionalContext: ["x"] });
    expect(output.hookSpecificOutput?.permissionDecision).toBeUndefined();
    expect(warnings.length).toBeGreaterThan(0);
  });
});

describe("Copilot CLI tools", () => {
  it("shows native calls under Copilot's names and fields, paths absolute", () => {
    expect(toDialectCall(copilotTools, "read", { path: "a.txt" }, "/p")).toMatchObject({
      name: "view",
      input: { path: "/p/a.txt" },
    });
    expect(toDialectCall(copilotTools, "write", { path: "b", content: "x" }, "/p")).toMatchObject({
      name: "create",
      input: { path: "/p/b", file_text: "x" },
    });
    expect(
      toDialectCall(copilotTools, "edit", { path: "c", oldText: "o", newText: "n" }, "/p").input,
    ).toEqual({
      path: "/p/c",
      old_str: "o",
      new_str: "n",
    });
    expect(toDialectCall(copilotTools, "bash", { command: "ls" }).name).toBe("bash");
  });

  it("translates a hook's modifiedArgs back to native fields", () => {
    expect(toNativeInput(copilotTools, "create", { path: "/p/b", file_text: "y" })).toEqual({
      path: "/p/b",
      content: "y",
    });
  });

  it("passes MCP and host tools through unchanged", () => {
    expect(toDialectCall(copilotTools, "mcp__gh__issues", { q: 1 })).toMatchObject({
      name: "mcp__gh__issues",
      input: { q: 1 },
    });
  });
});

describe("Copilot CLI files and events", () => {
  const fileDialect = copilot.sources[1]?.fileDialect;

  it("reads every *.json of ~/.copilot/hooks and .github/hooks, the repository's only when trusted", () => {
    expect(copilot.sources.map((s) => [s.root, s.path, s.trust])).toEqual([
      ["home", ".copilot/hooks/{name}.json", false],
      ["project", ".github/hooks/{name}.json", true],
    ]);
  });

  it("hands a Claude-format file found in .github/hooks to the Claude dialect", () => {
    expect(fileDialect?.({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [] }] } })).toBe("claude");
    expect(fileDialect?.({ version: 1, hooks: { preToolUse: [] } })).toBeUndefined();
    // A native file without "version" (Copilot still runs it: file-no-version) stays Copilot's.
    expect(fileDialect?.({ hooks: { preToolUse: [] } })).toBeUndefined();
    expect(fileDialect?.("nonsense")).toBeUndefined();
  });

  it("knows every event of Copilot CLI 1.0.102's settings schema, in its order", () => {
    expect(eventNames(copilot)).toEqual([
      "sessionStart",
      "sessionEnd",
      "userPromptSubmitted",
      "userPromptTransformed",
      "preToolUse",
      "preMcpToolCall",
      "postToolUse",
      "postToolUseFailure",
      "errorOccurred",
      "agentStop",
      "subagentStop",
      "subagentStart",
      "preCompact",
      "permissionRequest",
      "notification",
    ]);
    expect(findEvent(copilot, "preToolUse")?.native).toBe("tool_call");
    expect(findEvent(copilot, "PreToolUse")).toBeUndefined();
  });

  it("gives the project folder under both names Copilot sets, and the file's folder as COPILOT_HOOK_DIR", () => {
    expect(copilot.variables.projectDir).toEqual(["COPILOT_PROJECT_DIR", "CLAUDE_PROJECT_DIR"]);
    const options = copilot.protocol.command?.(
      { cwd: "sub", env: { A: "b", N: 3 } },
      { file: "/p/.github/hooks/guard.json", project: "/p", state: {} },
    );
    expect(options).toEqual({ cwd: "sub", env: { COPILOT_HOOK_DIR: "/p/.github/hooks", A: "b" } });
  });
});
