// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${NAME}` placeholders are literal settings text here.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { HookRunner } from "@hookwire/core";
import { describe, expect, it } from "vitest";
import { createSettingsHooks } from "../src/bridge.js";
import { HandlerTypeRegistry } from "../src/handlers/executors.js";
import { validateSettings } from "../src/read-settings.js";
import { SessionEnvironment } from "../src/session-env.js";
import { command, group, harness, script, tempProject, toolCall, waitFor } from "./bridge-harness.js";

const toolResult = (isError: boolean) => ({
  type: "tool_result" as const,
  toolName: "bash",
  toolCallId: "call-1",
  input: { command: "npm test" },
  content: [{ type: "text" as const, text: isError ? "exit 1" : "ok" }],
  details: undefined,
  isError,
});
const normalise = (h: { cwd: string }, lines: string[]) => lines.map((l) => l.replaceAll(h.cwd, "<cwd>"));

describe("exit code 2 per bridged event (003 table)", () => {
  const blocker = command("echo 'nope' >&2; exit 2");

  it("PreToolUse: blocks the tool call with stderr as the reason", async () => {
    const h = await harness({ PreToolUse: group([blocker], "Bash") });
    const outcome = await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
    expect(outcome).toMatchObject({
      block: true,
      reason: "nope",
      blockedBy: ".claude/settings.json#hooks.PreToolUse[0].hooks[0]",
    });
  });

  it("UserPromptSubmit: refuses the prompt", async () => {
    const h = await harness({ UserPromptSubmit: group([blocker]) });
    expect(await h.runner.emitBeforeAgentStart("hi")).toEqual({ block: true, reason: "nope" });
  });

  it("Stop: keeps the agent going by re-prompting it with the reason", async () => {
    const h = await harness({ Stop: group([blocker]) });
    await h.runner.emit({ type: "agent_end", messages: [] });
    expect(h.messages).toEqual([
      {
        message: { customType: "stop_hook", content: "nope", display: true },
        options: { triggerTurn: true },
      },
    ]);
  });

  it("PostToolUse and PostToolUseFailure: show stderr to the model, attributed", async () => {
    const h = await harness({ PostToolUse: group([blocker]), PostToolUseFailure: group([blocker]) });
    for (const isError of [false, true]) {
      const outcome = await h.runner.emit(toolResult(isError));
      const event = isError ? "PostToolUseFailure" : "PostToolUse";
      expect(outcome.additionalContext).toEqual([
        { hookPath: `.claude/settings.json#hooks.${event}[0].hooks[0]`, text: "nope" },
      ]);
    }
  });

  it("PreCompact: cancels the compaction", async () => {
    const h = await harness({ PreCompact: group([blocker]) });
    const result = await h.runner.emit({
      type: "session_before_compact",
      preparation: {},
      branchEntries: [],
    });
    expect(result).toEqual({ cancel: true });
  });

  it("SessionStart, SessionEnd, PostCompact: cannot block; stderr is shown to the user as a hook error", async () => {
    const h = await harness({
      SessionStart: group([blocker]),
      SessionEnd: group([blocker]),
      PostCompact: group([blocker]),
    });
    await h.runner.emit({ type: "session_start" });
    await h.runner.emit({
      type: "session_compact",
      compactionEntry: { id: "c", type: "compaction" },
      fromHook: false,
    });
    await h.runner.emit({ type: "session_shutdown" });
    expect(h.messages).toEqual([]);
    expect(h.errors).toMatchInlineSnapshot(`
      [
        "HOOK_HANDLER_FAILED .claude/settings.json#hooks.SessionStart[0].hooks[0]: nope",
        "HOOK_HANDLER_FAILED .claude/settings.json#hooks.PostCompact[0].hooks[0]: nope",
        "HOOK_HANDLER_FAILED .claude/settings.json#hooks.SessionEnd[0].hooks[0]: nope",
      ]
    `);
  });

  it("other exit codes: non-blocking error with the first stderr line; the call proceeds", async () => {
    const h = await harness({ PreToolUse: group([command("printf 'first\\nsecond\\n' >&2; exit 1")]) });
    const outcome = await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
    expect(outcome.block).toBe(false);
    expect(h.errors).toMatchInlineSnapshot(`
      [
        "HOOK_HANDLER_FAILED .claude/settings.json#hooks.PreToolUse[0].hooks[0]: exited with code 1: first",
      ]
    `);
  });
});

describe("input", () => {
  it("sends the common fields and the Claude-shaped tool call on stdin", async () => {
    const cwd = tempProject();
    const h = await harness(
      { PreToolUse: group([command(`cat > "${cwd}/in.json"`)]) },
      { cwd, permissionMode: "plan" },
    );
    await h.runner.emitToolCall(toolCall("read", { path: "a.txt" }));
    expect(JSON.parse(readFileSync(path.join(cwd, "in.json"), "utf8"))).toEqual({
      session_id: "session-1",
      transcript_path: path.join(cwd, "transcripts", "session-1.jsonl"),
      cwd,
      permission_mode: "plan",
      effort: { level: "medium" },
      hook_event_name: "PreToolUse",
      tool_name: "Read",
      // Absolute, as Claude Code sends file paths.
      tool_input: { file_path: path.join(cwd, "a.txt") },
      tool_use_id: "call-1",
    });
  });
});

describe("PreToolUse JSON output", () => {
  const decide = (decision: string, reason = decision) =>
    command(
      `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: decision, permissionDecisionReason: reason } })}'`,
    );

  it("ranks verdicts deny > defer > ask > allow across hooks", async () => {
    const run = async (decisions: string[]) => {
      const h = await harness({ PreToolUse: group(decisions.map((d) => decide(d))) });
      return h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
    };
    expect((await run(["allow", "ask"])).permission?.decision).toBe("ask");
    expect((await run(["ask", "defer", "allow"])).permission?.decision).toBe("defer");
    expect(await run(["allow", "deny", "defer"])).toMatchObject({ block: true, reason: "deny" });
  });

  it("translates updatedInput back to the native tool; it replaces the whole input, as in Claude Code", async () => {
    const rewrite = command(`echo '{"hookSpecificOutput":{"updatedInput":{"file_path":"b.txt"}}}'`);
    const h = await harness({ PreToolUse: group([rewrite]) });
    const outcome = await h.runner.emitToolCall(toolCall("read", { path: "a.txt", offset: 3 }));
    expect(outcome).toMatchObject({ inputModified: true, input: { path: "b.txt" } });
  });

  it("takes the last rewrite in settings order whatever order they finish in; no output erases nothing", async () => {
    const slowFirst = command(
      `sleep 0.3; echo '{"hookSpecificOutput":{"updatedInput":{"command":"ls -1"}}}'`,
    );
    const second = command(`echo '{"hookSpecificOutput":{"updatedInput":{"command":"ls -la"}}}'`);
    const silent = command("exit 0");
    const h = await harness({ PreToolUse: group([slowFirst, second, silent]) });
    const outcome = await h.runner.emitToolCall(toolCall("bash", { command: "ls", timeout: 5 }));
    expect(outcome.input).toEqual({ command: "ls -la" });
  });

  it("keeps every additionalContext, attributed to its hook", async () => {
    const h = await harness({
      PreToolUse: [
        { matcher: "Bash", hooks: [command(`echo '{"hookSpecificOutput":{"additionalContext":"one"}}'`)] },
        { hooks: [command(`echo '{"hookSpecificOutput":{"additionalContext":"two"}}'`)] },
      ],
    });
    const outcome = await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
    expect(outcome.additionalContext).toEqual([
      { hookPath: ".claude/settings.json#hooks.PreToolUse[0].hooks[0]", text: "one" },
      { hookPath: ".claude/settings.json#hooks.PreToolUse[1].hooks[0]", text: "two" },
    ]);
  });

  it("continue:false lets the call run, then ctx.abort() ends the turn and the user sees stopReason", async () => {
    const h = await harness({
      PreToolUse: group([command(`echo '{"continue":false,"stopReason":"build broken"}'`)]),
    });
    const outcome = await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
    expect(outcome).toMatchObject({ block: false });
    expect(h.aborts).toBe(1);
    expect(h.notes).toEqual(["warning: build broken"]);
  });

  it("drops wrong-typed fields with a warning naming the hook and keeps the rest", async () => {
    const h = await harness({
      PreToolUse: group([
        command(
          `echo '{"systemMessage":7,"hookSpecificOutput":{"permissionDecision":"ask","updatedInput":"x"}}'`,
        ),
      ]),
    });
    const outcome = await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
    expect(outcome).toMatchObject({ block: false, inputModified: false, permission: { decision: "ask" } });
    expect(h.errors).toMatchInlineSnapshot(`
      [
        "HOOK_OUTPUT_IGNORED .claude/settings.json#hooks.PreToolUse[0].hooks[0]: output field "systemMessage" must be a string, got number 7; the field was ignored.",
        "HOOK_OUTPUT_IGNORED .claude/settings.json#hooks.PreToolUse[0].hooks[0]: output field "hookSpecificOutput.updatedInput" must be an object, got "x"; the field was ignored.",
      ]
    `);
  });

  it("survives garbage, invalid UTF-8 and huge output", async () => {
    const h = await harness({
      PreToolUse: group([
        command("head -c 20000000 /dev/urandom"),
        command("printf '\\377\\376{\\303('"),
        command(`echo '{"a":1}{"b":2}'`),
      ]),
    });
    const outcome = await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
    expect(outcome.block).toBe(false);
    expect(h.errors.join("\n")).toContain("past the 1 MiB limit were discarded");
  });
});

describe("matchers and if rules", () => {
  it("matches the Claude tool name exactly (not the native one); runs `if` handlers only for matching calls", async () => {
    const cwd = tempProject();
    const log = path.join(cwd, "log");
    const h = await harness(
      {
        PreToolUse: [
          { matcher: "bash", hooks: [command(`echo native >> "${log}"`)] },
          { matcher: "Bash", hooks: [command(`echo rm >> "${log}"`, { if: "Bash(rm *)" })] },
          { matcher: "Edit", hooks: [command(`echo edit >> "${log}"`)] },
        ],
      },
      { cwd },
    );
    await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
    await h.runner.emitToolCall(toolCall("bash", { command: "cd x && rm -rf y" }));
    expect(readFileSync(log, "utf8").split("\n").sort()).toEqual(["", "rm"]);
  });
});

describe("parallelism and dedupe", () => {
  it("runs the matching handlers in parallel", async () => {
    const hooks = Array.from({ length: 8 }, (_, i) => command(`sleep 0.3; echo '{}' # ${i}`));
    const h = await harness({ PreToolUse: group(hooks) });
    const started = performance.now();
    await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
    expect(performance.now() - started).toBeLessThan(8 * 300 * 0.6);
  });

  it("tells onHandlerRun of each handler run, named by file and JSON path, once per identical handler", async () => {
    const runs: string[] = [];
    const h = await harness(
      {
        PreToolUse: [
          ...group([command("echo deny-me >&2; exit 2"), command("echo '{}'"), command("echo '{}'")]),
          { matcher: "Read", hooks: [command("echo never")] },
        ],
      },
      {
        onHandlerRun: (run) =>
          runs.push(`${run.hookPath} ${run.event} ${run.result.status} ${typeof run.durationMs}`),
      },
    );
    await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
    expect(normalise(h, runs).sort()).toMatchInlineSnapshot(`
      [
        ".claude/settings.json#hooks.PreToolUse[0].hooks[0] PreToolUse blocking number",
        ".claude/settings.json#hooks.PreToolUse[0].hooks[1] PreToolUse success number",
      ]
    `);
  });

  it("runs an identical handler once", async () => {
    const cwd = tempProject();
    const counter = script(cwd, "count.sh", `echo run >> "${cwd}/runs"`);
    const h = await harness(
      {
        PreToolUse: [
          { matcher: "Bash", hooks: [command(counter, { args: [] })] },
          { hooks: [command("${CLAUDE_PROJECT_DIR}/count.sh", { args: [] })] },
        ],
      },
      { cwd },
    );
    await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
    expect(readFileSync(path.join(cwd, "runs"), "utf8")).toBe("run\n");
  });

  it("runs the same shell command of two plugins once per plugin", async () => {
    const cwd = tempProject();
    const handlers = ["one", "two"].map((name) => {
      const root = path.join(cwd, name);
      mkdirSync(root);
      script(root, "run.sh", `echo ${name} >> "${cwd}/runs"`);
      const file = path.join(root, "hooks", "hooks.json");
      const hooks = { PreToolUse: group([command('"${CLAUDE_PLUGIN_ROOT}/run.sh"')]) };
      return validateSettings({ hooks }, { file, scope: "plugin", dialect: "claude", pluginRoot: root })
        .handlers;
    });
    const hook = await createSettingsHooks(handlers.flat(), { cwd });
    await new HookRunner([hook], { cwd }).emitToolCall(toolCall("bash", { command: "ls" }));
    expect(readFileSync(path.join(cwd, "runs"), "utf8").split("\n").sort()).toEqual(["", "one", "two"]);
  });
});

describe("other events", () => {
  it("UserPromptSubmit: plain stdout and additionalContext become one hook_context message", async () => {
    const h = await harness({
      UserPromptSubmit: group([
        command("echo 'branch: main'"),
        command(
          `echo '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"ci: green"}}'`,
        ),
      ]),
    });
    const result = await h.runner.emitBeforeAgentStart("hi");
    expect(result?.message).toMatchObject({
      customType: "hook_context",
      content: "branch: main\n\nci: green",
      display: false,
    });
  });

  it("UserPromptSubmit: decision block refuses the prompt", async () => {
    const h = await harness({
      UserPromptSubmit: group([command(`echo '{"decision":"block","reason":"secret"}'`)]),
    });
    expect(await h.runner.emitBeforeAgentStart("my password is x")).toEqual({
      block: true,
      reason: "secret",
    });
  });

  it("SessionStart: receives the source and its stdout becomes context through sendMessage", async () => {
    const h = await harness(
      { SessionStart: group([command(`sed -n 's/.*"source":"\\([a-z]*\\)".*/source=\\1/p'`)], "resume") },
      { sessionStartSource: "resume" },
    );
    await h.runner.emit({ type: "session_start" });
    expect(h.messages).toMatchObject([{ message: { customType: "hook_context", content: "source=resume" } }]);
  });

  it("PostToolUse: updatedToolOutput in the tool's own shape replaces the content, systemMessage reaches the user", async () => {
    const h = await harness({
      PostToolUse: group([
        command(
          `echo '{"systemMessage":"redacted","hookSpecificOutput":{"updatedToolOutput":{"stdout":"[redacted]","stderr":""}}}'`,
        ),
      ]),
    });
    const outcome = await h.runner.emit(toolResult(false));
    expect(outcome.content).toEqual([{ type: "text", text: "[redacted]" }]);
    expect(h.notes).toEqual(["warning: redacted"]);
  });

  it("PostToolUse: a string updatedToolOutput or updatedMCPToolOutput on a built-in tool is ignored, as in Claude Code", async () => {
    const h = await harness({
      PostToolUse: group([
        command(`echo '{"hookSpecificOutput":{"updatedToolOutput":"[redacted]"}}'`),
        command(`echo '{"hookSpecificOutput":{"updatedMCPToolOutput":"[gone]"}}'`),
      ]),
    });
    const outcome = await h.runner.emit(toolResult(false));
    expect(outcome.modified).toBe(false);
    expect(outcome.content).toEqual([{ type: "text", text: "ok" }]);
  });

  it("PostToolUse: an MCP tool's output may be replaced by a string", async () => {
    const h = await harness({
      PostToolUse: group([command(`echo '{"hookSpecificOutput":{"updatedMCPToolOutput":"[gone]"}}'`)]),
    });
    const outcome = await h.runner.emit({ ...toolResult(false), toolName: "mcp__db__query" });
    expect(outcome.content).toEqual([{ type: "text", text: "[gone]" }]);
  });

  it("a timed-out handler is a non-blocking error naming the hook", async () => {
    const h = await harness({ PreToolUse: group([command("sleep 5", { timeout: 0.2 })]) });
    const outcome = await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
    expect(outcome.block).toBe(false);
    expect(h.errors).toEqual([
      "HOOK_HANDLER_FAILED .claude/settings.json#hooks.PreToolUse[0].hooks[0]: timed out after 0.2 s and was killed",
    ]);
  });
});

describe("Stop loop", () => {
  it("re-prompts up to the cap with stop_hook_active set, then allows the stop and tells the user", async () => {
    const cwd = tempProject();
    const h = await harness(
      {
        Stop: group([
          command(`grep -o '"stop_hook_active":[a-z]*' >> "${cwd}/active"; echo again >&2; exit 2`),
        ]),
      },
      { cwd, stopHookCap: 2 },
    );
    for (let i = 0; i < 4; i++) await h.runner.emit({ type: "agent_end", messages: [] });
    expect(
      h.messages.map((m) => [m.message.content, m.options?.triggerTurn ?? false]),
    ).toMatchInlineSnapshot(`
      [
        [
          "again",
          true,
        ],
        [
          "again",
          true,
        ],
        [
          "Stop hooks blocked the agent from stopping 2 times in a row; the stop is allowed. Last reason: again",
          false,
        ],
        [
          "again",
          true,
        ],
      ]
    `);
    expect(h.notes).toHaveLength(1);
    expect(readFileSync(path.join(cwd, "active"), "utf8").trim().split("\n")).toEqual([
      '"stop_hook_active":false',
      '"stop_hook_active":true',
      '"stop_hook_active":true',
      '"stop_hook_active":false',
    ]);
  });

  it("counts in the state each call carries: two sessions' counts never mix, and the host saves them", async () => {
    const cwd = tempProject();
    const h = await harness(
      {
        Stop: group([
          command(`grep -o '"stop_hook_active":[a-z]*' >> "${cwd}/active"; echo again >&2; exit 2`),
        ]),
      },
      { cwd, stopHookCap: 5 },
    );
    const a: Record<string, unknown> = {};
    const b: Record<string, unknown> = {};
    const stop = { type: "agent_end" as const, messages: [] };
    await h.runner.emit(stop, { state: a });
    await h.runner.emit(stop, { state: a });
    await h.runner.emit(stop, { state: b });
    await h.runner.emit(stop, { state: a });
    expect(readFileSync(path.join(cwd, "active"), "utf8").trim().split("\n")).toEqual([
      '"stop_hook_active":false',
      '"stop_hook_active":true',
      '"stop_hook_active":false',
      '"stop_hook_active":true',
    ]);
    // Each call's state changed in place, as a host saving it per session reads it.
    expect(a).toEqual({ claude: { consecutiveStopBlocks: 3, compactTrigger: "auto" } });
    expect(b).toEqual({ claude: { consecutiveStopBlocks: 1, compactTrigger: "auto" } });
  });
});

describe("async handlers", () => {
  it("run in the background and deliver their context on the next turn", async () => {
    const h = await harness({
      PostToolUse: group([
        command(`sleep 0.3; echo '{"hookSpecificOutput":{"additionalContext":"tests passed"}}'`, {
          async: true,
        }),
      ]),
    });
    const outcome = await h.runner.emit(toolResult(false));
    expect(outcome.additionalContext).toEqual([]);
    expect(h.messages).toEqual([]);
    await waitFor(() => h.messages.length > 0);
    expect(h.messages).toMatchObject([
      {
        message: { customType: "hook_async_output", content: "tests passed" },
        options: { deliverAs: "followUp" },
      },
    ]);
  });

  it("reports output the host cannot take instead of rejecting in the background", async () => {
    const h = await harness({
      PostToolUse: group([
        command(`echo '{"hookSpecificOutput":{"additionalContext":"tests passed"}}'`, { async: true }),
      ]),
    });
    h.runner.initialize({
      sendMessageHandler: () => {
        throw new Error("the session is gone");
      },
      appendEntryHandler: () => {},
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      await h.runner.emit(toolResult(false));
      await waitFor(() => h.errors.length > 0);
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
    expect(unhandled).toEqual([]);
    expect(normalise(h, h.errors)).toMatchInlineSnapshot(`
      [
        "HOOK_ASYNC_DELIVERY_FAILED .claude/settings.json#hooks.PostToolUse[0].hooks[0]: the output of this async hook could not be delivered: the session is gone",
      ]
    `);
  });

  it("leftovers are killed at session end", async () => {
    const cwd = tempProject();
    const h = await harness(
      { PostToolUse: group([command(`echo $$ > "${cwd}/pid"; exec sleep 1000`, { async: true })]) },
      { cwd },
    );
    await h.runner.emit(toolResult(false));
    await waitFor(() => {
      try {
        return readFileSync(path.join(cwd, "pid"), "utf8").trim() !== "";
      } catch {
        return false;
      }
    });
    const pgid = readFileSync(path.join(cwd, "pid"), "utf8").trim();
    await h.runner.emit({ type: "session_shutdown" });
    await waitFor(() => {
      const ps = execFileSync("ps", ["-eo", "pgid=,stat="], { encoding: "utf8" });
      return !ps.split("\n").some((l) => l.trim().split(/\s+/)[0] === pgid && !l.includes("Z"));
    });
  });
});

describe("host handler types", () => {
  it("refuses to register a built-in type, an empty name or a non-function, with a stable code", () => {
    const executors = new HandlerTypeRegistry();
    const attempts = [
      () => executors.register("command", async () => undefined),
      () => executors.register("", async () => undefined),
      () => executors.register("prompt", "ask the model" as never),
    ];
    expect(
      attempts.map((attempt) => {
        try {
          attempt();
          return "registered";
        } catch (error) {
          return `${(error as { code: string }).code}: ${(error as Error).message}`;
        }
      }),
    ).toMatchInlineSnapshot(`
      [
        "INVALID_HANDLER_TYPE: registerHandlerType("command"): "command" handlers are built in and cannot be replaced.",
        "INVALID_HANDLER_TYPE: registerHandlerType(type, executor) expects a non-empty type name.",
        "INVALID_HANDLER_TYPE: registerHandlerType("prompt", executor) expects a function, got string.",
      ]
    `);
  });

  it("reports a handler type without an executor on first use, naming file and JSON path", async () => {
    const h = await harness({ PreToolUse: group([{ type: "prompt", prompt: "Is this safe?" }]) });
    await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
    await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
    expect(normalise(h, h.errors)).toMatchInlineSnapshot(`
      [
        "HOOK_HANDLER_UNSUPPORTED .claude/settings.json#hooks.PreToolUse[0].hooks[0]: "prompt" handlers need an executor from the host and none is registered; the handler will not run. Register one with registerHandlerType("prompt", executor), or remove the handler.",
      ]
    `);
  });

  it("runs a per-instance executor and reads its answer like stdout", async () => {
    const executors = new HandlerTypeRegistry();
    const seen: string[] = [];
    executors.register("prompt", (config, input) => {
      seen.push(`${config.prompt} ${input.hook_event_name}`);
      return {
        hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "model said no" },
      };
    });
    const h = await harness(
      { PreToolUse: group([{ type: "prompt", prompt: "Is this safe?" }]) },
      { executors },
    );
    const outcome = await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
    expect(outcome).toMatchObject({ block: true, reason: "model said no" });
    expect(seen).toEqual(["Is this safe? PreToolUse"]);
  });
});

describe("as the real Claude Code does (see integration/claude-conformance)", () => {
  it("never runs a handler whose `if` sits on an event without a tool call", async () => {
    const cwd = tempProject();
    const log = path.join(cwd, "log");
    const h = await harness(
      {
        UserPromptSubmit: group([command(`echo ran >> "${log}"`, { if: "Bash(*)" })]),
        Stop: group([command(`echo ran >> "${log}"`, { if: "Bash(*)" })]),
      },
      { cwd },
    );
    await h.runner.emitBeforeAgentStart("hi");
    await h.runner.emit({ type: "agent_end", messages: [] });
    expect(() => readFileSync(log, "utf8")).toThrow();
    expect(h.errors).toMatchInlineSnapshot(`
      [
        "HOOK_INVALID_RULE .claude/settings.json#hooks.UserPromptSubmit[0].hooks[0]: "if" applies only to tool events; on UserPromptSubmit Claude Code never runs this handler, and neither does hookwire. Remove "if" to run it.",
        "HOOK_INVALID_RULE .claude/settings.json#hooks.Stop[0].hooks[0]: "if" applies only to tool events; on Stop Claude Code never runs this handler, and neither does hookwire. Remove "if" to run it.",
      ]
    `);
  });

  it("reads a JSON deny on stdout even when the hook then exits 1", async () => {
    const deny = `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`;
    const h = await harness({ PreToolUse: group([command(`echo '${deny}'; exit 1`)]) });
    const outcome = await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
    expect(outcome).toMatchObject({ block: true, reason: "no" });
  });

  it("on exit 2, still delivers additionalContext from stdout and takes the reason from JSON when stderr is empty", async () => {
    const context = `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"ctx"}}`;
    const h = await harness({ PreToolUse: group([command(`echo '${context}'; echo why >&2; exit 2`)]) });
    expect(await h.runner.emitToolCall(toolCall("bash", { command: "ls" }))).toMatchObject({
      block: true,
      reason: "why\nctx",
    });
    const json = `{"decision":"block","reason":"from json"}`;
    const quiet = await harness({ Stop: group([command(`echo '${json}'; exit 2`)]) });
    await quiet.runner.emit({ type: "agent_end", messages: [] });
    expect(quiet.messages[0]?.message.content).toBe("from json");
  });

  it("ignores continue:false on SessionStart", async () => {
    const h = await harness({ SessionStart: group([command(`echo '{"continue":false,"stopReason":"x"}'`)]) });
    await h.runner.emit({ type: "session_start" });
    expect(h.aborts).toBe(0);
  });

  it("sends one prompt_id per prompt on tool events and Stop, none on SessionStart", async () => {
    const cwd = tempProject();
    const log = path.join(cwd, "log");
    const logger = command(`cat >> "${log}"; echo >> "${log}"`);
    const h = await harness(
      { SessionStart: group([logger]), PreToolUse: group([logger]), Stop: group([logger]) },
      { cwd },
    );
    await h.runner.emit({ type: "session_start" });
    for (const prompt of ["one", "two"]) {
      await h.runner.emitBeforeAgentStart(prompt);
      await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
      await h.runner.emit({ type: "agent_end", messages: [] });
    }
    const inputs = readFileSync(log, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(inputs.map((i) => [i.hook_event_name, i.prompt_id === undefined ? "-" : "id"])).toEqual([
      ["SessionStart", "-"],
      ["PreToolUse", "id"],
      ["Stop", "id"],
      ["PreToolUse", "id"],
      ["Stop", "id"],
    ]);
    expect(inputs[1].prompt_id).toBe(inputs[2].prompt_id);
    expect(inputs[3].prompt_id).not.toBe(inputs[1].prompt_id);
    expect(inputs[2]).toMatchObject({ background_tasks: [], session_crons: [], effort: { level: "medium" } });
  });
});

describe("CLAUDE_ENV_FILE", () => {
  it("gives each SessionStart command hook its own file, and no other event one; prelude() sources them", async () => {
    const cwd = tempProject();
    const sessionEnv = new SessionEnvironment(path.join(cwd, "env"));
    const probe = (name: string) => command(`echo "\${CLAUDE_ENV_FILE:-none}" > "${cwd}/${name}"`);
    const h = await harness(
      {
        SessionStart: group([
          command(`echo 'export A="one two"' >> "$CLAUDE_ENV_FILE"`),
          command(`echo 'export B=$A-b' >> "$CLAUDE_ENV_FILE"`),
          probe("start"),
        ]),
        PreToolUse: group([probe("pre")]),
      },
      { cwd, sessionEnv },
    );
    await h.runner.emit({ type: "session_start" });
    await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
    expect(readFileSync(path.join(cwd, "start"), "utf8").trim()).toBe(
      path.join(cwd, "env", "sessionstart-hook-2.sh"),
    );
    expect(readFileSync(path.join(cwd, "pre"), "utf8").trim()).toBe("none");
    expect(sessionEnv.files().map((f) => path.basename(f))).toEqual([
      "sessionstart-hook-0.sh",
      "sessionstart-hook-1.sh",
    ]);
    const out = execFileSync("bash", ["-c", `${sessionEnv.prelude()}\necho "$A|$B"`], { encoding: "utf8" });
    expect(out).toBe("one two|one two-b\n");
  });
});

describe("transcript", () => {
  it("writes the session in Claude Code's transcript format, current before each hook runs", async () => {
    const cwd = tempProject();
    const seen = path.join(cwd, "seen");
    // Each hook appends how many transcript lines existed when it ran.
    const probe = command(
      `tp=$(sed -n 's/.*"transcript_path":"\\([^"]*\\)".*/\\1/p'); echo "$(wc -l < "$tp" 2>/dev/null || echo 0)" >> "${seen}"`,
    );
    const h = await harness(
      { PreToolUse: group([probe]), PostToolUse: group([probe]), Stop: group([probe]) },
      { cwd },
    );
    await h.runner.emitBeforeAgentStart("fix the build");
    await h.runner.emitToolCall(toolCall("bash", { command: "make" }));
    await h.runner.emit({ ...toolResult(false), input: { command: "make" } });
    await h.runner.emit({
      type: "agent_end",
      messages: [{ role: "assistant", content: [{ type: "text", text: "Fixed." }], timestamp: 0 }],
    });
    expect(readFileSync(seen, "utf8").split("\n").filter(Boolean).map(Number)).toEqual([2, 2, 4]);
    const file = path.join(cwd, "transcripts", "session-1.jsonl");
    const lines = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => [l.type, l.message.content])).toEqual([
      ["user", "fix the build"],
      ["assistant", [{ type: "tool_use", id: "call-1", name: "Bash", input: { command: "make" } }]],
      ["user", [{ tool_use_id: "call-1", type: "tool_result", content: "ok", is_error: false }]],
      ["assistant", [{ type: "text", text: "Fixed." }]],
    ]);
    expect(lines[2].toolUseResult).toMatchObject({ stdout: "ok", stderr: "" });
    expect(lines.slice(1).map((l, i) => l.parentUuid === lines[i].uuid)).toEqual([true, true, true]);
    expect(lines[0]).toMatchObject({ sessionId: "session-1", cwd, isSidechain: false });
  });

  it("writes nothing when the host keeps its own transcript, and sends its path", async () => {
    const cwd = tempProject();
    const log = path.join(cwd, "in.json");
    const h = await harness(
      { PreToolUse: group([command(`cat > "${log}"`)]) },
      { cwd, transcriptPath: "/host/session.jsonl" },
    );
    await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
    expect(JSON.parse(readFileSync(log, "utf8")).transcript_path).toBe("/host/session.jsonl");
    expect(() => readFileSync(path.join(cwd, "transcripts", "session-1.jsonl"))).toThrow();
  });
});

describe("a command hook's environment", () => {
  it("is the host's environment as it is at the hook's first run, kept for the runs after it", async () => {
    const name = "HOOKWIRE_TEST_LATE_TOKEN";
    const h = await harness({
      PreToolUse: group([command(`echo "token=\${${name}:-none}" >&2; exit 2`)], "Bash"),
    });
    try {
      // Set after the hooks were loaded, before they first ran: a host that reads its secrets late still passes them.
      process.env[name] = "first";
      const first = await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
      process.env[name] = "second";
      const second = await h.runner.emitToolCall(toolCall("bash", { command: "ls" }));
      expect([first.reason, second.reason]).toEqual(["token=first", "token=first"]);
    } finally {
      delete process.env[name];
    }
  });
});
