// Fault suite for TypeScript hook modules: handlers that throw, reject, return garbage or never settle.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { isHookError } from "@hookwire/core";
import { loadHooks } from "@hookwire/loader";
import { ToolBlockedError } from "@hookwire/tool-wrapper";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHost, rejectionOf, TOOL_OUTPUT, textOf } from "../support/host.js";
import { tempDir } from "../support/temp-dir.js";

const HANDLER_TIMEOUT_MS = 1000;
const project = tempDir("module-faults");

/** What the faulty handler does, as module source. */
const FAULTS = {
  throws: 'throw new Error("deliberate throw on " + event.type);',
  rejects: 'return Promise.reject(new Error("deliberate rejection on " + event.type));',
  "non-object": 'return "not an object";',
  "never-resolves": "return new Promise(() => {});",
} as const;
type Fault = keyof typeof FAULTS;

// The handler misbehaves only on the calls marked as faulty, so the next call shows the runner still works.
function faultyModule(fault: Fault): string {
  return `import type { HookAPI } from "@mariozechner/pi-coding-agent";
let sessionStarts = 0;
export default function (pi: HookAPI) {
  const misbehave = (event: { type: string }): unknown => {
    ${FAULTS[fault]}
  };
  pi.on("tool_call", (event) => (event.toolName === "fault_pre" ? misbehave(event) : undefined));
  pi.on("tool_result", (event) => (event.toolName === "fault_post" ? misbehave(event) : undefined));
  pi.on("context", (event) => (event.messages.some((m: { content?: unknown }) => m.content === "fault") ? misbehave(event) : undefined));
  pi.on("session_start", (event) => (++sessionStarts === 1 ? misbehave(event) : undefined));
}
`;
}

const WELL_BEHAVED = `import type { HookAPI } from "@mariozechner/pi-coding-agent";
export default function (pi: HookAPI) {
  pi.on("tool_call", (event) => ({ additionalContext: \`ok saw \${event.toolCallId}\` }));
  pi.on("tool_result", (event) => ({ additionalContext: \`ok saw result of \${event.toolCallId}\` }));
  pi.on("context", (event) => ({ messages: [...event.messages, { role: "user", content: "ok was here", timestamp: 0 }] }));
  pi.on("session_start", () => pi.sendMessage({ customType: "ok", content: "ok started", display: false }));
}
`;

beforeAll(() => {
  for (const fault of Object.keys(FAULTS) as Fault[]) {
    writeFileSync(path.join(project.dir, `${fault}.ts`), faultyModule(fault));
  }
  writeFileSync(path.join(project.dir, "ok.ts"), WELL_BEHAVED);
});
afterAll(() => project.remove());

async function hostFor(fault: Fault) {
  const { hooks, errors } = await loadHooks([`${fault}.ts`, "ok.ts"], project.dir);
  expect(errors).toEqual([]);
  return createHost(hooks, { cwd: project.dir, handlerTimeout: HANDLER_TIMEOUT_MS });
}

const failureCode = (fault: Fault) =>
  fault === "never-resolves"
    ? "HOOK_TIMEOUT"
    : fault === "non-object"
      ? "HOOK_INVALID_RESULT"
      : "HOOK_HANDLER_FAILED";
const failureText = (fault: Fault, event: string) =>
  ({
    throws: `deliberate throw on ${event}`,
    rejects: `deliberate rejection on ${event}`,
    "non-object": "handler returned string; expected an object or nothing",
    "never-resolves": `handler did not settle within ${HANDLER_TIMEOUT_MS} ms`,
  })[fault];

describe.each(Object.keys(FAULTS) as Fault[])("a TS hook module whose handler %s", (fault) => {
  it("on tool_call: blocks the call fail-safe (or ignores a non-object result), names the module, and the next call runs", async () => {
    const host = await hostFor(fault);
    const call = host.tool("fault_pre").execute("call-1", { command: "ls" });
    if (fault === "non-object") {
      const result = await call;
      expect(textOf(result)).toContain(TOOL_OUTPUT);
      expect(host.errors.map((e) => [e.code, e.hookPath, e.event])).toEqual([
        [failureCode(fault), `${fault}.ts`, "tool_call"],
      ]);
      expect(host.errors[0]!.message).toContain(failureText(fault, "tool_call"));
    } else {
      const error = await rejectionOf(call);
      expect(error).toBeInstanceOf(ToolBlockedError);
      expect((error as ToolBlockedError).hookPath).toBe(`${fault}.ts`);
      expect((error as ToolBlockedError).reason).toContain(failureText(fault, "tool_call"));
      expect(isHookError((error as ToolBlockedError).cause)).toBe(true);
      expect(host.runs).toEqual([]);
    }
    const next = await host.tool("next").execute("call-2", { command: "ls" });
    expect(textOf(next)).toContain("ok saw call-2");
    expect(host.runs.at(-1)).toEqual(["next", "call-2", { command: "ls" }]);
  });

  it("on tool_result: reports a HookError naming the module, keeps the tool's result, and the other hook still runs", async () => {
    const host = await hostFor(fault);
    const result = await host.tool("fault_post").execute("call-1", {});
    expect(textOf(result)).toContain(TOOL_OUTPUT);
    expect(textOf(result)).toContain("ok saw result of call-1");
    expect(host.errors.map((e) => [e.code, e.hookPath, e.event])).toEqual([
      [failureCode(fault), `${fault}.ts`, "tool_result"],
    ]);
    expect(host.errors[0]!.message).toContain(failureText(fault, "tool_result"));
    await host.tool("next").execute("call-2", {});
    expect(host.errors).toHaveLength(1);
  });

  it("on context: reports a HookError, the chain continues with the unchanged messages", async () => {
    const host = await hostFor(fault);
    const fault1 = [{ role: "user" as const, content: "fault", timestamp: 0 }];
    const messages = await host.runner.emitContext(fault1);
    expect(messages.map((m) => (m as { content: unknown }).content)).toEqual(["fault", "ok was here"]);
    expect(host.errors.map((e) => [e.code, e.hookPath, e.event])).toEqual([
      [failureCode(fault), `${fault}.ts`, "context"],
    ]);
    const next = await host.runner.emitContext([{ role: "user", content: "fine", timestamp: 0 }]);
    expect(next).toHaveLength(2);
    expect(host.errors).toHaveLength(1);
  });

  it("on session_start: the failure is reported (a result is not expected there) and every hook runs", async () => {
    const host = await hostFor(fault);
    await host.runner.emit({ type: "session_start" });
    const expected = fault === "non-object" ? [] : [[failureCode(fault), `${fault}.ts`, "session_start"]];
    expect(host.errors.map((e) => [e.code, e.hookPath, e.event])).toEqual(expected);
    expect(host.messages.map((m) => [m.hookPath, m.message.content])).toEqual([["ok.ts", "ok started"]]);
    await host.runner.emit({ type: "session_start" });
    expect(host.messages).toHaveLength(2);
    expect(host.errors).toHaveLength(expected.length);
  });
});
