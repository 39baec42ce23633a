// The bridge's later steps on their own, each over real settings files and real command hooks: the occurrence's
// handlers (matching), running one event (runEvent), background hooks, and what the bridge subscribes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { createNoOpUIContext, type HookAPI, type HookContext, type HookMessage } from "@hookwire/core";
import { loadShellParser } from "@hookwire/shell-rules";
import { describe, expect, it } from "vitest";
import { type BridgeContext, bridgeContext } from "../src/bridge/context.js";
import { notSelected, selected } from "../src/bridge/matching.js";
import { runEvent } from "../src/bridge/run-event.js";
import { bridgeRuntime } from "../src/bridge/runtime.js";
import { subscribe } from "../src/bridge/subscribe.js";
import { findEvent } from "../src/dialect-kit/catalogue.js";
import { toDialectCall } from "../src/dialect-kit/tools.js";
import type { AnyBridgedEvent, Dialect } from "../src/dialect-kit/types.js";
import { claude } from "../src/dialects/claude/dialect.js";
import { loadDialect } from "../src/dialects/registry.js";
import { validateSettings } from "../src/read-settings.js";
import { command, script, tempProject, waitFor } from "./bridge-harness.js";

const copilot = await loadDialect("copilot");

/** A bridge over one settings file of `dialect`, with what the host was told. */
function bridgeOf(dialect: Dialect, json: Record<string, unknown>, file: string, cwd = tempProject()) {
  const { handlers, issues } = validateSettings(json, {
    file: path.join(cwd, file),
    scope: "project",
    dialect: dialect.id,
  });
  expect(issues.filter((issue) => issue.severity === "error")).toEqual([]);
  const bridge = bridgeContext(handlers, { cwd, sessionId: "s1", transcript: false });
  const told = { errors: [] as string[], messages: [] as HookMessage[], on: [] as string[] };
  const api = {
    reportError: (error: { code: string; hookPath: string }) =>
      told.errors.push(`${error.code} ${error.hookPath}`),
    sendMessage: (message: HookMessage) => told.messages.push(message),
    on: (event: string) => told.on.push(event),
  } as unknown as HookAPI;
  return { cwd, bridge, told, rt: bridgeRuntime(bridge, api) };
}

const hook: HookContext = { ui: createNoOpUIContext(), abort: () => {} } as unknown as HookContext;
const spec = (dialect: Dialect, name: string) => findEvent(dialect, name) as AnyBridgedEvent;

describe("matching: the handlers one occurrence runs", () => {
  it("says why a handler does not run: the matcher, then the `if` rule", async () => {
    // The bridge loads the Bash grammar before a tool event whose handlers have rules; without it, none match.
    await loadShellParser();
    const { cwd, bridge } = bridgeOf(
      claude,
      { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [command("x.sh", { if: "Bash(rm *)" })] }] } },
      ".claude/settings.json",
    );
    const p = bridge.prepared[0]!;
    const call = (name: string, input: Record<string, unknown>) =>
      toDialectCall(claude.tools, name, input, cwd);
    expect(notSelected(p, p.spec, {}, call("read", { path: "a" }), cwd)).toBe(
      'matcher "Bash" does not match tool "Read"',
    );
    expect(notSelected(p, p.spec, {}, call("bash", { command: "ls" }), cwd)).toBe(
      'its "if" rule "Bash(rm *)" does not match this Bash call',
    );
    expect(selected(bridge, p.spec, {}, call("bash", { command: "rm -f a" }))).toEqual([p]);
  });

  it("tests a non-tool event's matcher against its field", () => {
    const { bridge } = bridgeOf(
      claude,
      { hooks: { SessionStart: [{ matcher: "resume", hooks: [command("x.sh")] }] } },
      ".claude/settings.json",
    );
    const p = bridge.prepared[0]!;
    expect(notSelected(p, p.spec, { source: "startup" }, undefined, "/")).toBe(
      'matcher "resume" does not match source "startup"',
    );
    expect(selected(bridge, p.spec, { source: "resume" })).toEqual([p]);
  });

  it("knows, per tool, whether any handler may run, before building any input", () => {
    const { rt } = bridgeOf(
      claude,
      { hooks: { PostToolUse: [{ matcher: "Bash", hooks: [command("x.sh")] }] } },
      ".claude/settings.json",
    );
    expect(rt.tools.any("tool_result", "bash")).toBe(true);
    expect(rt.tools.any("tool_result", "read")).toBe(false);
    expect(rt.tools.any("tool_call", "bash")).toBe(false);
  });
});

describe("runEvent: one event's handlers, in the dialect's way", () => {
  it("runs identical Claude Code handlers once, and folds the answers in handler order", async () => {
    const cwd = tempProject();
    const once = script(cwd, "once.sh", `echo run >> "${cwd}/runs"; echo 'first' >&2; exit 2`);
    const { rt } = bridgeOf(
      claude,
      { hooks: { PreToolUse: [{ hooks: [command(once), command(once)] }] } },
      ".claude/settings.json",
      cwd,
    );
    const call = toDialectCall(claude.tools, "bash", { command: "ls" }, cwd);
    const fields = { tool_name: "Bash", tool_input: call.input, tool_use_id: "c1" };
    const { outcome, results } = await runEvent(
      rt,
      claude,
      spec(claude, "PreToolUse"),
      fields,
      rt.bridge.session,
      hook,
      call,
    );
    expect(results).toHaveLength(1);
    expect(outcome.blocks).toEqual([
      { hookPath: ".claude/settings.json#hooks.PreToolUse[0].hooks[0]", text: "first" },
    ]);
    expect(readFileSync(path.join(cwd, "runs"), "utf8")).toBe("run\n");
  });

  it("stops Copilot CLI's handlers at the first that blocks", async () => {
    const cwd = tempProject();
    const json = {
      version: 1,
      hooks: {
        preToolUse: [
          {
            type: "command",
            bash: script(cwd, "a.sh", `echo '{"permissionDecision":"deny","permissionDecisionReason":"a"}'`),
          },
          { type: "command", bash: script(cwd, "b.sh", `touch "${cwd}/b-ran"`) },
        ],
      },
    };
    const { rt } = bridgeOf(copilot, json, ".github/hooks/guard.json", cwd);
    const call = toDialectCall(copilot.tools, "bash", { command: "ls" }, cwd);
    const event = spec(copilot, "preToolUse");
    const { outcome, results } = await runEvent(
      rt,
      copilot,
      event,
      { toolName: "bash" },
      rt.bridge.session,
      hook,
      call,
    );
    expect(results.map((r) => r.hookPath)).toEqual([".github/hooks/guard.json#hooks.preToolUse[0]"]);
    expect(outcome.blocks.map((b) => b.text)).toEqual(["a"]);
  });

  it("reports an unusable handler once, on the first event", async () => {
    const { rt, told } = bridgeOf(
      claude,
      { hooks: { Stop: [{ hooks: [{ type: "agent", prompt: "x" }] }] } },
      ".claude/settings.json",
    );
    const stop = spec(claude, "Stop");
    await runEvent(rt, claude, stop, {}, rt.bridge.session, hook);
    await runEvent(rt, claude, stop, {}, rt.bridge.session, hook);
    expect(told.errors).toEqual(["HOOK_HANDLER_UNSUPPORTED .claude/settings.json#hooks.Stop[0].hooks[0]"]);
  });
});

describe("background: async hooks", () => {
  it("delivers what an async hook says as a follow-up, and stops the ones still running at the end", async () => {
    const cwd = tempProject();
    const say = script(cwd, "say.sh", `echo '{"systemMessage":"done in the background"}'`);
    const slow = script(cwd, "slow.sh", `sleep 30`);
    const { bridge, told, rt } = bridgeOf(
      claude,
      { hooks: { Stop: [{ hooks: [command(say, { async: true }), command(slow, { async: true })] }] } },
      ".claude/settings.json",
      cwd,
    );
    const [quick, long] = bridge.prepared as [BridgeContext["prepared"][0], BridgeContext["prepared"][0]];
    bridge.background.start(quick, {}, rt.api);
    bridge.background.start(long, {}, rt.api);
    await waitFor(() => told.messages.length === 1);
    expect(told.messages[0]).toMatchObject({
      customType: "hook_async_output",
      content: "done in the background",
    });
    const started = performance.now();
    await bridge.background.stop(50);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(bridge.background.size).toBe(0);
  });
});

describe("subscribe: the native events the bridge listens to", () => {
  it("subscribes each native event once, tool events first, with the bookkeeping's", () => {
    const { bridge, told } = bridgeOf(
      claude,
      {
        hooks: {
          Stop: [{ hooks: [command("stop.sh")] }],
          PostToolUse: [{ hooks: [command("post.sh")] }],
          PostToolUseFailure: [{ hooks: [command("fail.sh")] }],
          SessionStart: [{ hooks: [command("start.sh")] }],
        },
      },
      ".claude/settings.json",
    );
    subscribe(bridge)({ on: (event: string) => told.on.push(event) } as unknown as HookAPI);
    // tool_call: the bookkeeping marks when each call's hooks finished, for PostToolUse's duration_ms.
    expect(told.on).toEqual(["tool_call", "tool_result", "before_agent_start", "session_start", "agent_end"]);
  });
});
