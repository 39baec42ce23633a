// The Cursor dialect's data at work: exit codes, failClosed, answers, stop's loop_limit, tools, files.
import { runProcess } from "@hookwire/core/internal";
import { describe, expect, it } from "vitest";
import { eventNames, findEvent } from "../../src/dialect-kit/catalogue.js";
import type { AggregatedOutcome } from "../../src/dialect-kit/outcome.js";
import { toDialectCall } from "../../src/dialect-kit/tools.js";
import type { AnyBridgedEvent } from "../../src/dialect-kit/types.js";
import { cursor } from "../../src/dialects/cursor/dialect.js";
import { createCursorState } from "../../src/dialects/cursor/state.js";
import { cursorTools } from "../../src/dialects/cursor/tools.js";

async function answer(
  event: string,
  script: string,
  handler: Record<string, unknown> = {},
  timeoutMs = 10_000,
) {
  const run = await runProcess("sh", ["-c", script], {
    env: { PATH: process.env.PATH },
    timeoutMs,
    input: "{}",
  });
  return cursor.protocol.exit(run, { hookName: ".cursor/hooks.json", event, timeoutMs, handler });
}

describe("Cursor exit codes (cursor.com/docs/hooks)", () => {
  it("blocks on exit 2, like permission deny", async () => {
    expect(await answer("beforeShellExecution", "exit 2")).toMatchObject({ status: "blocking" });
  });

  it("treats any other exit code as a failed hook: the action proceeds (fail-open)", async () => {
    expect(await answer("beforeShellExecution", `echo '{"permission":"deny"}'; exit 1`)).toMatchObject({
      status: "error",
      message: "exited with code 1",
    });
  });

  it("blocks a failed hook that sets failClosed, on events that gate an action", async () => {
    const closed = { failClosed: true };
    expect(await answer("beforeShellExecution", "exit 1", closed)).toMatchObject({ status: "blocking" });
    expect(await answer("preToolUse", "sleep 5", closed, 300)).toMatchObject({ status: "blocking" });
    expect(await answer("beforeReadFile", "echo not json", closed)).toMatchObject({ status: "blocking" });
    // afterFileEdit gates nothing: failClosed cannot block it.
    expect(await answer("afterFileEdit", "exit 1", closed)).toMatchObject({ status: "error" });
  });

  it("reads Cursor's answer from stdout on exit 0", async () => {
    const result = await answer(
      "beforeShellExecution",
      `echo '{"permission":"deny","agent_message":"AGENT","user_message":"USER"}'`,
    );
    expect(result).toMatchObject({
      status: "success",
      output: {
        systemMessage: "USER",
        hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "AGENT" },
      },
    });
  });
});

describe("Cursor answers as hookwire's", () => {
  const read = (event: string, json: Record<string, unknown>) =>
    cursor.protocol.output(json, { hookName: ".cursor/hooks.json", event }).output;

  it("turns continue: false on beforeSubmitPrompt into a refused prompt with the user's message", () => {
    expect(read("beforeSubmitPrompt", { continue: false, user_message: "no" })).toMatchObject({
      decision: "block",
      reason: "no",
    });
  });

  it("turns a followup_message into stop's block-and-continue; an empty one into nothing", () => {
    expect(read("stop", { followup_message: "again" })).toMatchObject({ decision: "block", reason: "again" });
    expect(read("stop", { followup_message: "" }).decision).toBeUndefined();
  });

  it("reads updated_input, additional_context and updated_mcp_tool_output", () => {
    expect(read("preToolUse", { updated_input: { command: "ls" } }).hookSpecificOutput?.updatedInput).toEqual(
      {
        command: "ls",
      },
    );
    expect(read("postToolUse", { additional_context: "c" }).hookSpecificOutput?.additionalContext).toBe("c");
    expect(
      read("postToolUse", { updated_mcp_tool_output: { a: 1 } }).hookSpecificOutput?.updatedToolOutput,
    ).toEqual({
      a: 1,
    });
  });
});

describe("Cursor's stop: followup_message, loop_count and loop_limit", () => {
  const stop = findEvent(cursor, "stop") as AnyBridgedEvent;

  function outcome(hookPath: string): AggregatedOutcome {
    return {
      blocks: [{ hookPath, text: "FOLLOW" }],
      additionalContext: [],
      plainText: [],
      systemMessages: [],
      errors: [],
      warnings: [],
      extras: [],
    };
  }

  /** Runs stop until no follow-up is sent; returns the loop_count each run saw. */
  function loop(limit: unknown): number[] {
    const state = createCursorState();
    const sent: string[] = [];
    const seen: number[] = [];
    const fields = limit === undefined ? {} : { loop_limit: limit };
    for (let i = 0; i < 50; i++) {
      seen.push(
        (stop.input({ messages: [] } as never, { state } as never) as { loop_count: number }).loop_count,
      );
      const before = sent.length;
      stop.apply(outcome("h"), {
        state,
        options: { stopHookCap: 8, sessionStartSource: "startup" },
        api: { sendMessage: (m: { content: string }) => sent.push(m.content), reportError: () => {} },
        handlerFields: () => fields,
      } as never);
      if (sent.length === before) break;
    }
    return seen;
  }

  it("sends at most 5 follow-ups by default, counting them in loop_count", () => {
    expect(loop(undefined)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("honours a hook's own loop_limit", () => {
    expect(loop(2)).toEqual([0, 1, 2]);
  });

  it("caps loop_limit: null at hookwire's stop cap, so a hook can never loop forever", () => {
    expect(loop(null)).toHaveLength(9);
  });
});

describe("Cursor tools, files and events", () => {
  it("names native calls as Cursor's hooks see them", () => {
    expect(toDialectCall(cursorTools, "bash", { command: "ls" }).name).toBe("Shell");
    expect(toDialectCall(cursorTools, "read", { path: "a" }, "/p")).toMatchObject({
      name: "Read",
      input: { file_path: "/p/a" },
    });
    expect(toDialectCall(cursorTools, "write", { path: "a", content: "x" }, "/p").input).toEqual({
      file_path: "/p/a",
      contents: "x",
    });
    expect(toDialectCall(cursorTools, "edit", { path: "a", oldText: "o", newText: "n" }, "/p")).toMatchObject(
      {
        name: "StrReplace",
        input: { file_path: "/p/a", old_string: "o", new_string: "n" },
      },
    );
  });

  it("reads enterprise, user and project hooks.json, the project's only when trusted", () => {
    expect(cursor.sources.map((s) => [s.root, s.path, s.trust])).toEqual([
      ["system", "etc/cursor/hooks.json", false],
      ["home", ".cursor/hooks.json", false],
      ["project", ".cursor/hooks.json", true],
    ]);
  });

  it("runs project hooks from the project root and user hooks from ~/.cursor", () => {
    const where = (file: string) =>
      cursor.protocol.command?.({}, { file, project: "/p", state: createCursorState() });
    expect(where("/p/.cursor/hooks.json")?.cwd).toBe("/p");
    expect(where("/home/u/.cursor/hooks.json")?.cwd).toBe("/home/u/.cursor");
    expect(where("/p/.cursor/hooks.json")?.env).toEqual({ CURSOR_PROJECT_DIR: "/p" });
  });

  it("has every event of Cursor's reference; the Tab and subagent ones never fire", () => {
    expect(eventNames(cursor)).toHaveLength(20);
    for (const name of [
      "subagentStart",
      "subagentStop",
      "afterAgentThought",
      "beforeTabFileRead",
      "afterTabFileEdit",
    ]) {
      expect(findEvent(cursor, name)?.native, name).toBeUndefined();
    }
    expect(findEvent(cursor, "beforeShellExecution")?.native).toBe("tool_call");
  });
});
