// The reverse direction of every dialect's events, round-tripped through the forward one: a real bridge runs a
// real command hook, which records its stdin (what the agent sends) and answers with the reverse's answer.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type AnyHookEvent,
  createNoOpUIContext,
  type HookMessage,
  HookRunner,
  type NativeEventName,
  type SendMessageOptions,
} from "@hookwire/core";
import { afterAll, describe, expect, it } from "vitest";
import { createSettingsHooks } from "../src/bridge.js";
import { UNAPPLIED } from "../src/dialect-kit/agent-hook.js";
import { bridgedEvents } from "../src/dialect-kit/catalogue.js";
import { textOf } from "../src/dialect-kit/messages.js";
import type { AnyBridgedEvent, Dialect, HostOutcome } from "../src/dialect-kit/types.js";
import { loadDialects } from "../src/dialects/registry.js";
import { validateSettings } from "../src/read-settings.js";

const DIALECTS = await loadDialects();
const root = mkdtempSync(path.join(os.tmpdir(), "hookwire-reverse-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// The hook: stdin to `<dir>/stdin.json`, then `<dir>/answer.txt` on stdout (a shell script: cheap to start).
const hookScript = path.join(root, "hook.sh");
writeFileSync(hookScript, 'cat > "$1/stdin.json"\nif [ -f "$1/answer.txt" ]; then cat "$1/answer.txt"; fi\n');

const served = (dialect: Dialect) => bridgedEvents(dialect).filter((spec) => spec.asAgentHook !== undefined);

/** The dialect's settings with one hook per served event, read as hookwire reads them. */
async function bridgeOf(dialect: Dialect, spec: AnyBridgedEvent, dir: string) {
  const command = `sh ${hookScript} ${dir}`;
  const flat = dialect.settings.layout === "flat";
  const handler = flat
    ? dialect.id === "copilot"
      ? { type: "command", bash: command }
      : { command }
    : { type: "command", command };
  const json = {
    ...(dialect.settings.version ? { [dialect.settings.version.key]: dialect.settings.version.value } : {}),
    hooks: { [spec.name]: flat ? [handler] : [{ hooks: [handler] }] },
  };
  const file = path.join(dir, "settings.json");
  const { handlers, issues } = validateSettings(json, { file, scope: "user", dialect: dialect.id });
  expect(issues.filter((issue) => issue.severity === "error")).toEqual([]);
  const hook = await createSettingsHooks(handlers, {
    cwd: dir,
    sessionId: "session-1",
    transcript: false,
    outputDir: path.join(dir, "out"),
  });
  const messages: { message: HookMessage; options?: SendMessageOptions }[] = [];
  const runner = new HookRunner([hook], { cwd: dir });
  runner.initialize({
    sendMessageHandler: (message, options) => messages.push({ message, options }),
    appendEntryHandler: () => {},
    hasUI: true,
    uiContext: createNoOpUIContext(),
  });
  return { runner, messages };
}

/** A native event of each kind that every dialect's event of that kind fires on. */
const SAMPLES: Partial<Record<NativeEventName, (spec: AnyBridgedEvent) => AnyHookEvent>> = {
  tool_call: () => ({
    type: "tool_call",
    toolName: "bash",
    toolCallId: "call_7",
    input: { command: "rm -rf build" },
  }),
  tool_result: (spec) => {
    const isError = spec.onlyWhen ? !spec.onlyWhen({ isError: false } as never) : false;
    return {
      type: "tool_result",
      toolName: "bash",
      toolCallId: "call_7",
      input: { command: "ls" },
      content: [{ type: "text", text: isError ? "boom: no such file" : "a.txt\nb.txt" }],
      details: undefined,
      isError,
    };
  },
  before_agent_start: () => ({ type: "before_agent_start", prompt: "fix the build" }),
  session_start: () => ({ type: "session_start", reason: "startup" }),
  session_shutdown: () => ({ type: "session_shutdown", reason: "other" }),
  agent_end: () => ({
    type: "agent_end",
    messages: [{ role: "assistant", content: [{ type: "text", text: "all done" }] }],
  }),
};

/**
 * What hooks decided, one case per kind of decision a native event can carry, and the effect an agent
 * without a field for it must name instead (one of `UNAPPLIED`'s texts).
 */
interface Decision {
  name: string;
  result: HostOutcome;
  effect: string;
  check(outcome: unknown, sent: string[]): void;
}

const noted = (text: string) => [{ hookPath: "guard.ts", text }];
const none = { messages: [] };
const texts = (outcome: unknown) =>
  ((outcome as { additionalContext?: { text: string }[] }).additionalContext ?? [])
    .map((t) => t.text)
    .join("\n");

function decisions(native: NativeEventName, event: AnyHookEvent, spec: AnyBridgedEvent): Decision[] {
  if (native === "tool_call") {
    const call = event as Extract<AnyHookEvent, { type: "tool_call" }>;
    const outcome = { block: false, input: call.input, inputModified: false, additionalContext: [] };
    return [
      {
        name: "a block reaches the agent as its deny, with the reason",
        result: { ...none, outcome: { ...outcome, block: true, reason: "no rm -rf" } },
        effect: "",
        check: (o) => expect(o).toMatchObject({ block: true, reason: expect.stringContaining("no rm -rf") }),
      },
      {
        name: "a rewrite reaches the agent as its rewrite, in native terms again",
        result: {
          ...none,
          outcome: { ...outcome, input: { command: "rm -rf build --dry-run" }, inputModified: true },
        },
        effect: UNAPPLIED.rewrite,
        check: (o) =>
          expect((o as { input: unknown }).input).toMatchObject({ command: "rm -rf build --dry-run" }),
      },
      {
        name: "a hook's question reaches the agent as its ask, or as a refusal where it cannot ask",
        result: { ...none, outcome, asked: { question: "Delete build?", hookPath: "guard.ts" } },
        effect: UNAPPLIED.ask,
        check: (o) =>
          expect(o).toMatchObject(
            spec.asAgentHook?.asks
              ? { permission: { decision: "ask", reason: expect.stringContaining("Delete build?") } }
              : { block: true, reason: expect.stringContaining("Delete build?") },
          ),
      },
      {
        name: "context for the model reaches the agent's context field",
        result: { ...none, outcome: { ...outcome, additionalContext: noted("policy: no deletes") } },
        effect: UNAPPLIED.context,
        check: (o) => expect(texts(o)).toContain("policy: no deletes"),
      },
    ];
  }
  if (native === "tool_result") {
    const result = event as Extract<AnyHookEvent, { type: "tool_result" }>;
    const outcome = {
      content: result.content,
      details: undefined,
      isError: result.isError,
      modified: false,
      additionalContext: [],
    };
    return [
      {
        name: "context for the model reaches the agent's context field",
        result: { ...none, outcome: { ...outcome, additionalContext: noted("checked by guard.ts") } },
        effect: UNAPPLIED.context,
        check: (o) => expect(texts(o)).toContain("checked by guard.ts"),
      },
      {
        name: "a replaced result reaches the agent as its replacement",
        result: {
          ...none,
          outcome: { ...outcome, content: [{ type: "text", text: "[redacted]" }], modified: true },
        },
        effect: UNAPPLIED.output,
        check: (o) => expect(textOf((o as { content: never }).content)).toContain("[redacted]"),
      },
    ];
  }
  if (native === "before_agent_start") {
    return [
      {
        name: "a refused prompt reaches the agent as its block, with the reason",
        result: { ...none, outcome: { block: true, reason: "not today" } },
        effect: "",
        check: (o) => expect(o).toMatchObject({ block: true, reason: expect.stringContaining("not today") }),
      },
      {
        name: "a hook's message reaches the agent as context for the prompt",
        result: {
          ...none,
          outcome: { message: { customType: "note", content: "ticket ABC-1", display: false } },
        },
        effect: UNAPPLIED.context,
        check: (o) => expect(JSON.stringify(o)).toContain("ticket ABC-1"),
      },
    ];
  }
  if (native === "agent_end") {
    return [
      {
        name: "a follow-up reaches the agent as its 'go on'",
        result: {
          outcome: undefined,
          messages: [{ text: "run the tests too", hookPath: "loop.ts", followUp: true }],
        },
        effect: UNAPPLIED.followUp,
        check: (_o, sent) => expect(sent.join("\n")).toContain("run the tests too"),
      },
    ];
  }
  if (native === "session_start") {
    return [
      {
        name: "a hook's message reaches the agent as its context",
        result: {
          outcome: undefined,
          messages: [{ text: "branch: main", hookPath: "ctx.ts", followUp: false }],
        },
        effect: UNAPPLIED.context,
        check: (_o, sent) => expect(sent.join("\n")).toContain("branch: main"),
      },
    ];
  }
  return [];
}

/**
 * The fields both directions must agree on, of each native event, as far as the agent's stdin carries
 * them (Gemini CLI and Copilot CLI send no tool call id; Copilot's and Cursor's stops no last answer).
 * A result's text is the agent's own, which may wrap hookwire's (Gemini's `<untrusted_context>`).
 */
function essentials(event: AnyHookEvent, stdin: string): Record<string, unknown> {
  const carried = (value: string) => stdin.includes(value);
  switch (event.type) {
    case "tool_call":
      return {
        type: event.type,
        toolName: event.toolName,
        input: event.input,
        ...(carried(event.toolCallId) ? { toolCallId: event.toolCallId } : {}),
      };
    case "tool_result":
      return { type: event.type, toolName: event.toolName, input: event.input, isError: event.isError };
    case "before_agent_start":
      return { type: event.type, prompt: event.prompt };
    case "agent_end":
      return { type: event.type, ...(carried("all done") ? { messages: event.messages } : {}) };
    default:
      return { type: event.type };
  }
}

for (const dialect of DIALECTS) {
  describe(`${dialect.label}: the reverse of each served event`, () => {
    for (const spec of served(dialect)) {
      const sample = SAMPLES[spec.native as NativeEventName];
      it(`${spec.name} has a native sample (${spec.native})`, () => expect(sample).toBeDefined());
      if (!sample) continue;
      const event = sample(spec);
      const dir = path.join(root, dialect.id, spec.name);
      mkdirSync(dir, { recursive: true });

      it(`${spec.name}: the agent's stdin maps back to the native event it was made of`, async () => {
        rmSync(path.join(dir, "answer.txt"), { force: true });
        const { runner } = await bridgeOf(dialect, spec, dir);
        await runner.emit(event as never);
        const text = readFileSync(path.join(dir, "stdin.json"), "utf8");
        const stdin = JSON.parse(text);
        const back = spec.asAgentHook?.event(stdin, dir) as AnyHookEvent;
        expect(essentials(back, text)).toEqual(essentials(event, text));
        if (event.type === "tool_result")
          expect(textOf((back as typeof event).content)).toContain(textOf(event.content));
        const session = dialect.protocol.session?.(stdin);
        expect(session?.sessionId).toBe("session-1");
      });

      for (const decision of decisions(spec.native, event, spec)) {
        it(`${spec.name}: ${decision.name}`, async () => {
          const answer = spec.asAgentHook?.answer(decision.result as never, event as never, {});
          const encoded = dialect.protocol.encode?.(answer?.output ?? {}, spec);
          const unapplied = [...(answer?.unapplied ?? []), ...(encoded?.unapplied ?? [])];
          // Where the agent has no field for it, the answer says so (one diagnostic), and says nothing else.
          if (unapplied.length > 0) {
            expect(unapplied).toEqual([decision.effect]);
            return;
          }
          writeFileSync(path.join(dir, "answer.txt"), encoded?.stdout ?? "");
          const { runner, messages } = await bridgeOf(dialect, spec, dir);
          const outcome = await runner.emit(event as never);
          decision.check(
            outcome,
            messages.map((m) => String(m.message.content)),
          );
        });
      }
    }
  });
}
