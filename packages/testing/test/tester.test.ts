import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { HookAPI } from "@hookwire/core";
import { describe, expect, it } from "vitest";
import { createHookTester, HookTesterLoadError } from "../src/index.js";

const project = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/project");
const bash = (command: string) => ({
  type: "tool_call" as const,
  toolCallId: "1",
  toolName: "bash",
  input: { command },
});

describe("createHookTester", () => {
  it("keeps every load warning: an unknown event with its did-you-mean, and a settings warning", async () => {
    const t = await createHookTester({
      modules: [
        function typo(pi: HookAPI) {
          pi.on("tool_cal" as never, () => undefined);
        },
      ],
      settings: { hook: {} },
    });
    expect(t.warnings).toMatchInlineSnapshot(`
      [
        {
          "code": "HOOK_UNKNOWN_EVENT",
          "file": "<inline typo>",
          "message": "Hook \`<inline typo>\`: pi.on() subscribed to "tool_cal", which hookwire does not emit. Did you mean "tool_call"? The handler runs only if the host emits that event.",
          "path": "",
        },
        {
          "code": "UNKNOWN_FIELD",
          "file": "<inline settings #1>",
          "message": "Unknown top-level key "hook" is ignored; did you mean "hooks"?",
          "path": "hook",
        },
      ]
    `);
  });

  it("loads a module by path and answers its confirm from the script", async () => {
    const t = await createHookTester({
      cwd: project,
      modules: ["hooks/guard.ts"],
      ui: { confirm: [false, true] },
    });
    expect(await t.emit(bash("rm -rf build"))).toMatchObject({ block: true, reason: "user said no" });
    expect((await t.emit(bash("rm -rf build"))).block).toBe(false);
    expect(t.asked).toEqual([
      { kind: "confirm", title: "Dangerous command", message: "rm -rf build", answer: false },
      { kind: "confirm", title: "Dangerous command", message: "rm -rf build", answer: true },
    ]);
    expect(t.unanswered()).toEqual({});
  });

  it("gives the safe answer when the script runs out, and says what was left unasked", async () => {
    const t = await createHookTester({
      cwd: project,
      modules: ["hooks/guard.ts"],
      ui: { select: ["staging"] },
    });
    expect(await t.emit(bash("rm -rf /"))).toMatchObject({ block: true });
    expect(t.asked.at(-1)).toMatchObject({ kind: "confirm", answer: false });
    expect(t.unanswered()).toEqual({ select: ["staging"] });
  });

  it("records messages, entries, notifications, status and new sessions of a command", async () => {
    const t = await createHookTester({
      cwd: project,
      modules: ["hooks/guard.ts"],
      ui: { select: ["staging"], input: ["hotfix"] },
    });
    await t.emit({ type: "turn_start", turnIndex: 3, timestamp: 0 });
    await t.runCommand("/deploy now");
    expect(t.status).toEqual({ turn: "turn 3" });
    expect(t.statusLine()).toBe("turn 3");
    expect(t.entries).toEqual([
      {
        customType: "deploy",
        data: { target: "staging", note: "hotfix", args: "now" },
        hookPath: "hooks/guard.ts",
      },
    ]);
    expect(t.messages).toEqual([
      { customType: "deploy", content: "deploying to staging", display: true, hookPath: "hooks/guard.ts" },
    ]);
    expect(t.notifications).toEqual([{ message: "deployed staging", type: "info" }]);
    expect(t.newSessions).toEqual([{ parentSession: "previous.jsonl", messages: [] }]);
    expect(t.asked.map((q) => q.kind)).toEqual(["select", "input"]);
  });

  it("names the registered commands when a test runs one that does not exist", async () => {
    const t = await createHookTester({ cwd: project, modules: ["hooks/guard.ts"] });
    await expect(t.runCommand("/deplyo")).rejects.toThrowErrorMatchingInlineSnapshot(
      `[Error: No hook registers /deplyo; registered: /deploy.]`,
    );
  });

  it("runs a tool call through the wrapper with a stand-in tool", async () => {
    const t = await createHookTester({ cwd: project, modules: ["hooks/guard.ts"] });
    const read = await t.runTool("read", { path: "notes.txt" }, { result: "the secret is out" });
    expect(read).toEqual({
      result: { content: [{ type: "text", text: "the [redacted] is out" }] },
      blocked: false,
      executedWith: { path: "notes.txt" },
    });
    const rm = await t.runTool("bash", { command: "rm -rf build" });
    expect(rm.blocked).toBe(true);
    expect(rm.executedWith).toBeUndefined();
    expect(rm.error?.message).toBe("user said no");
  });

  it("lets a permission rule deny what no hook objects to", async () => {
    const t = await createHookTester({ cwd: project, modules: ["hooks/guard.ts"] });
    const push = await t.runTool(
      "bash",
      { command: "git push" },
      { permissions: { deny: ["Bash(git push*)"] } },
    );
    expect(push.blocked).toBe(true);
  });

  it("runs a settings file's command hook, and settings given as an object", async () => {
    const fromFile = await createHookTester({ cwd: project, settings: ".claude/settings.json" });
    expect(await fromFile.emit(bash("curl example.com"))).toMatchObject({
      block: true,
      reason: "curl is not allowed",
    });
    expect((await fromFile.runTool("bash", { command: "ls" })).blocked).toBe(false);

    const inline = await createHookTester({
      cwd: project,
      settings: {
        hooks: { SessionStart: [{ hooks: [{ type: "command", command: "echo hello from settings" }] }] },
      },
    });
    await inline.emit({ type: "session_start" });
    expect(inline.messages.map((m) => m.content)).toEqual(["hello from settings"]);
  });

  it("takes a factory written in the test", async () => {
    const t = await createHookTester({
      modules: [
        function upper(pi: HookAPI) {
          pi.on("tool_call", (event) => ({ input: { command: String(event.input.command).toUpperCase() } }));
        },
      ],
    });
    expect(await t.emit(bash("ls"))).toMatchObject({ input: { command: "LS" }, inputModified: true });
    expect(t.traces.map((trace) => trace.hookPath)).toEqual(["<inline upper>"]);
  });

  it("fails loudly when a module or a settings file does not load", async () => {
    await expect(createHookTester({ cwd: project, modules: ["bad-syntax.ts"] })).rejects.toBeInstanceOf(
      HookTesterLoadError,
    );
    await expect(createHookTester({ cwd: project, settings: "missing.json" })).rejects.toThrow(
      `Settings file ${project}/missing.json does not exist.`,
    );
    const bad = createHookTester({ settings: { hooks: { PreToolUs: [] } } });
    await expect(bad).rejects.toThrowErrorMatchingInlineSnapshot(`
      [HookTesterLoadError: The settings given to createHookTester have errors:
      ✖ Unknown event "PreToolUs"; did you mean "PreToolUse"? Its hooks are skipped.
        → at hooks.PreToolUs (<inline settings #1>)]
    `);
  });

  it("collects errors of non-tool events instead of throwing them", async () => {
    const t = await createHookTester({
      modules: [
        (pi: HookAPI) => {
          pi.on("session_start", () => {
            throw new Error("boom");
          });
        },
      ],
    });
    await t.emit({ type: "session_start" });
    expect(t.errors.map((error) => error.error)).toEqual(["boom"]);
    t.reset();
    expect(t.errors).toEqual([]);
  });

  it("runs a module that narrows with isToolEvent from @hookwire/core, in a project that installs nothing", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "hookwire-narrow-"));
    try {
      await mkdir(path.join(dir, ".hookwire/hooks"), { recursive: true });
      await writeFile(
        path.join(dir, ".hookwire/hooks/guard.ts"),
        [
          'import { type HookAPI, isToolEvent } from "@hookwire/core";',
          "export default function (pi: HookAPI) {",
          '  pi.on("tool_call", (event) => {',
          '    if (isToolEvent(event, "bash") && event.input.command.startsWith("rm ")) return { block: true, reason: "rm" };',
          "  });",
          '  pi.on("tool_result", (event) => {',
          '    if (isToolEvent(event, "read") && event.input.path.endsWith(".env")) {',
          '      return { content: [{ type: "text", text: "[redacted]" }] };',
          "    }",
          "  });",
          "}",
        ].join("\n"),
      );
      const t = await createHookTester({ cwd: dir, modules: [".hookwire/hooks/guard.ts"] });
      expect((await t.emit(bash("rm -rf build"))).block).toBe(true);
      expect((await t.emit({ ...bash("rm -rf build"), toolName: "deploy" })).block).toBe(false);
      const read = await t.runTool("read", { path: ".env" }, { result: "API_KEY=sk-1" });
      expect(read.result?.content).toEqual([{ type: "text", text: "[redacted]" }]);
      expect(t.errors).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
