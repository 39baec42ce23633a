import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CapabilityRegistry,
  discoverAndLoadHooks,
  hooksCapability,
  nativeHookProvider,
} from "../src/index.js";
import { copyFixture, normalise } from "./helpers/fixtures.js";
import { sessionlessRunner } from "./helpers/runner.js";

async function scriptProject() {
  const cwd = await copyFixture("script-hooks");
  const registry = new CapabilityRegistry();
  registry.registerProvider(hooksCapability, nativeHookProvider({ app: ".pi" }));
  const result = await discoverAndLoadHooks([], cwd, {
    registry,
    home: path.join(cwd, "no-home"),
    settingsSources: [],
    trust: "all",
  });
  const runner = sessionlessRunner(result.hooks, cwd);
  const reported: string[] = [];
  runner.onError((error) => reported.push(normalise(error.shortMessage, cwd)));
  return { cwd, result, runner, reported };
}

describe("discovered pre/post scripts", () => {
  it("become command hooks instead of failing as modules; an unrunnable one is an error naming the fix", async () => {
    const { cwd, result } = await scriptProject();
    expect(result.hooks.map((hook) => [hook.path, hook.source.kind])).toEqual([
      [".pi/hooks/pre/bash.sh", "script"],
      [".pi/hooks/pre/edit.sh", "script"],
      [".pi/hooks/post/all.sh", "script"],
    ]);
    expect(result.errors.map((e) => normalise(e.error.shortMessage, cwd))).toMatchInlineSnapshot(`
      [
        "Hook script \`.pi/hooks/pre/write.rb\` is not executable and its extension names no interpreter (.sh, .bash, .py). Run \`chmod +x .pi/hooks/pre/write.rb\` and start it with a #! line.",
      ]
    `);
  });

  it("blocks the tool when a pre script exits 2, with its stderr as the reason", async () => {
    const { runner } = await scriptProject();
    const blocked = await runner.emitToolCall({
      toolName: "bash",
      toolCallId: "1",
      input: { command: "rm -rf build" },
    });
    const allowed = await runner.emitToolCall({
      toolName: "bash",
      toolCallId: "2",
      input: { command: "ls" },
    });
    expect(blocked?.block).toBe(true);
    expect(blocked?.reason).toContain("recursive deletes are blocked by .pi/hooks/pre/bash.sh");
    expect(allowed?.block).not.toBe(true);
  });

  it("runs a pre script only for its tool, and a failing one (exit 1) does not block", async () => {
    const { runner, reported } = await scriptProject();
    const read = await runner.emitToolCall({
      toolName: "read",
      toolCallId: "1",
      input: { path: "rm -rf" },
    });
    const edit = await runner.emitToolCall({
      toolName: "edit",
      toolCallId: "2",
      input: { path: "a.txt", oldText: "a", newText: "b" },
    });
    expect(read?.block).not.toBe(true);
    expect(edit?.block).not.toBe(true);
    expect(reported).toMatchInlineSnapshot(`
      [
        "Hook \`.pi/hooks/pre/edit.sh\` failed on "PreToolUse": exited with code 1: edit checker is broken",
      ]
    `);
  });

  it("runs an all.sh post script on every tool result with the event JSON on stdin", async () => {
    const { cwd, runner } = await scriptProject();
    for (const toolName of ["read", "bash"]) {
      await runner.emit({
        type: "tool_result",
        toolName,
        toolCallId: toolName,
        input: {},
        content: [{ type: "text", text: "done" }],
        details: undefined,
        isError: false,
      });
    }
    const lines = (await readFile(path.join(cwd, "post-events.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .filter(Boolean);
    expect(
      lines.map((line) => JSON.parse(line)).map((input) => [input.hook_event_name, input.tool_name]),
    ).toEqual([
      ["PostToolUse", "Read"],
      ["PostToolUse", "Bash"],
    ]);
  });
});
