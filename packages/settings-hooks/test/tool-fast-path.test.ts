// The bridge's per-tool fast path: tools no settings matcher takes skip the hook input and the handlers.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { command, group, harness, script, tempProject, toolCall } from "./bridge-harness.js";

const toolResult = (toolName: string, text: string, isError = false) => ({
  type: "tool_result" as const,
  toolName,
  toolCallId: "call-1",
  input: { command: "ls" },
  content: [{ type: "text" as const, text }],
  details: undefined,
  isError,
});

describe("settings hooks whose matchers name other tools", () => {
  // A host that keeps its own transcript (transcriptPath) or none: hookwire records no tool calls.
  it("tell the runner they do not act on bash, and do on write", async () => {
    const h = await harness(
      {
        PreToolUse: group([command("exit 0")], "Write|Edit"),
        PostToolUse: group([command("exit 0")], "Write"),
      },
      { transcript: false },
    );
    expect(h.runner.hasHandlersFor("tool_call", "bash")).toBe(false);
    expect(h.runner.hasHandlersFor("tool_result", "bash")).toBe(false);
    expect(h.runner.hasHandlersFor("tool_call", "write")).toBe(true);
    expect(h.runner.hasHandlersFor("tool_result", "edit")).toBe(false);
    expect(h.runner.hasHandlersFor("tool_call", "edit")).toBe(true);
  });

  it("see every tool while hookwire writes the transcript, since a later hook may read any call", async () => {
    const h = await harness({ PreToolUse: group([command("exit 0")], "Write|Edit") });
    expect(h.runner.hasHandlersFor("tool_call", "bash")).toBe(true);
    expect(h.runner.hasHandlersFor("tool_result", "bash")).toBe(true);
  });

  it("run nothing for a bash call, even when emitted, and still run for write", async () => {
    const cwd = tempProject();
    const marker = path.join(cwd, "ran");
    const hookScript = script(cwd, "mark.sh", `cat > /dev/null; echo "$1" >> "${marker}"`);
    const h = await harness(
      {
        PreToolUse: group([command(`${hookScript} pre`)], "Write"),
        PostToolUse: group([command(`${hookScript} post`)], "Write"),
      },
      { cwd },
    );
    expect(await h.runner.emit(toolCall("bash", { command: "ls" }))).toMatchObject({ block: false });
    await h.runner.emit(toolResult("bash", "x".repeat(1024 * 1024)));
    expect(existsSync(marker)).toBe(false);
    await h.runner.emit(toolCall("write", { path: "a.txt", content: "a" }));
    expect(readFileSync(marker, "utf8")).toBe("pre\n");
    expect(h.errors).toEqual([]);
  });

  it("keep the start time of a call that only a PostToolUse hook matches, for its duration_ms", async () => {
    const cwd = tempProject();
    const seen = path.join(cwd, "input.json");
    const hookScript = script(cwd, "save.sh", `cat > "${seen}"`);
    const h = await harness(
      { PostToolUse: group([command(hookScript)], "Bash") },
      { cwd, transcript: false },
    );
    expect(h.runner.hasHandlersFor("tool_call", "bash")).toBe(true);
    expect(h.runner.hasHandlersFor("tool_call", "write")).toBe(false);
    await h.runner.emit(toolCall("bash", { command: "ls" }));
    await new Promise((r) => setTimeout(r, 30));
    await h.runner.emit(toolResult("bash", "ok"));
    const input = JSON.parse(readFileSync(seen, "utf8"));
    expect(input.hook_event_name).toBe("PostToolUse");
    expect(input.duration_ms).toBeGreaterThanOrEqual(20);
  });

  it("still report unusable handlers on the first tool emit, whatever the tool", async () => {
    const h = await harness({ PreToolUse: group([{ type: "agent", prompt: "check" }], "Write") });
    expect(h.runner.hasHandlersFor("tool_call", "bash")).toBe(true);
    await h.runner.emit(toolCall("bash", { command: "ls" }));
    expect(h.errors.some((e) => e.startsWith("HOOK_HANDLER_UNSUPPORTED"))).toBe(true);
  });
});
