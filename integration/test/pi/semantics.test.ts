// Runner semantics, case by case: small modules written for the test, run through the real pi and through hookwire.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { HookRunner, type HookRunnerInit } from "@hookwire/core";
import { discoverAndLoadHooks, loadHooks } from "@hookwire/loader";
import { HookToolWrapper } from "@hookwire/tool-wrapper";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../support/temp-dir.js";
import { pi032, pi073 } from "./support/pi-packages.js";

// biome-ignore lint/suspicious/noExplicitAny: pi's runners are driven through their untyped dist modules.
type Any = any;

const folder = tempDir("pi-semantics");
afterAll(() => folder.remove());
let counter = 0;

/** Write the modules of a case to files (in order), as a user would. */
function write(modules: string[]): string[] {
  const dir = path.join(folder.dir, `case-${counter++}`);
  mkdirSync(dir);
  return modules.map((source, i) => {
    const file = path.join(dir, `m${i}.ts`);
    writeFileSync(file, source);
    return file;
  });
}

const echo = {
  name: "echo",
  label: "echo",
  description: "Echoes its input",
  parameters: {},
  execute: async (_id: string, params: Record<string, unknown>) => ({
    content: [{ type: "text" as const, text: JSON.stringify(params) }],
    details: { echoed: true },
  }),
};

/** What a case can do with a system, the same way in pi and in hookwire. */
interface System {
  loaded: number;
  loadFailed: number;
  errors: string[];
  sent: unknown[];
  emit(event: Any): Promise<unknown>;
  tool(input: Record<string, unknown>): Promise<unknown>;
  command(name: string): string | undefined;
  tools(): string[];
  setFlag(name: string, value: unknown): void;
  shortcut(key: string): string | undefined;
}

function outcomeOf(promise: Promise<Any>): Promise<unknown> {
  return promise.then(
    (r) => ({ content: r.content, details: r.details }),
    (e: Error) => ({ error: e.message }),
  );
}

async function pi32(modules: string[]): Promise<System> {
  const {
    loadHooks: load,
    HookRunner: Runner,
    wrapToolWithHooks,
  } = await pi032.load<Any>("core/hooks/index.js");
  const { hooks, errors: loadErrors } = await load(write(modules), folder.dir);
  const runner = new Runner(hooks, folder.dir, undefined, undefined);
  const errors: string[] = [];
  const sent: unknown[] = [];
  runner.onError((e: Any) => errors.push(`${e.event}: ${e.error}`));
  runner.initialize({
    getModel: () => undefined,
    sendMessageHandler: (m: unknown, o: unknown) => sent.push([m, o]),
    appendEntryHandler: (t: unknown, d: unknown) => sent.push(["entry", t, d]),
  });
  return {
    loaded: hooks.length,
    loadFailed: loadErrors.length,
    errors,
    sent,
    emit: (event) =>
      event.type === "context"
        ? runner.emitContext(event.messages)
        : event.type === "before_agent_start"
          ? runner.emitBeforeAgentStart(event.prompt)
          : event.type === "tool_call"
            ? runner.emitToolCall(event)
            : runner.emit(event),
    tool: (input) => outcomeOf(wrapToolWithHooks(echo, runner).execute("c1", input)),
    command: (name) => runner.getCommand(name)?.description,
    tools: () => [],
    setFlag: () => {},
    shortcut: () => undefined,
  };
}

async function pi73(modules: string[]): Promise<System> {
  const { loadExtensions } = await pi073.load<Any>("core/extensions/loader.js");
  const { ExtensionRunner } = await pi073.load<Any>("core/extensions/runner.js");
  const { extensions, errors: loadErrors, runtime } = await loadExtensions(write(modules), folder.dir);
  const runner = new ExtensionRunner(extensions, runtime, folder.dir, undefined, undefined);
  const errors: string[] = [];
  const sent: unknown[] = [];
  runner.onError((e: Any) => errors.push(`${e.event}: ${e.error}`));
  const record =
    (kind: string) =>
    (...args: unknown[]) =>
      void sent.push([kind, ...args]);
  runner.bindCore(
    {
      sendMessage: record("sendMessage"),
      sendUserMessage: record("sendUserMessage"),
      appendEntry: record("appendEntry"),
      setSessionName: record("setSessionName"),
      getSessionName: () => undefined,
      setLabel: record("setLabel"),
      getActiveTools: () => ["echo"],
      getAllTools: () => [{ name: "echo" }],
      setActiveTools: record("setActiveTools"),
      refreshTools: () => {},
      getCommands: () => [],
      setModel: async () => true,
      getThinkingLevel: () => "off",
      setThinkingLevel: record("setThinkingLevel"),
    },
    {
      getModel: () => undefined,
      isIdle: () => true,
      getSignal: () => undefined,
      abort: () => {},
      hasPendingMessages: () => false,
      shutdown: () => {},
      getContextUsage: () => undefined,
      compact: () => {},
      getSystemPrompt: () => "",
    },
  );
  return {
    loaded: extensions.length,
    loadFailed: loadErrors.length,
    errors,
    sent,
    emit: (event) => {
      switch (event.type) {
        case "context":
          return runner.emitContext(event.messages);
        case "before_agent_start":
          return runner.emitBeforeAgentStart(event.prompt, undefined, event.systemPrompt, undefined);
        case "input":
          return runner.emitInput(event.text, undefined, event.source);
        case "user_bash":
          return runner.emitUserBash(event);
        case "before_provider_request":
          return runner.emitBeforeProviderRequest(event.payload);
        case "tool_call":
          return runner.emitToolCall(event);
        default:
          return runner.emit(event);
      }
    },
    // AgentSession's flow: beforeToolCall, the tool with the (possibly mutated) args, afterToolCall.
    tool: async (input) => {
      try {
        const before = await runner.emitToolCall({
          type: "tool_call",
          toolName: "echo",
          toolCallId: "c1",
          input,
        });
        if (before?.block) return { error: before.reason || "Tool execution was blocked" };
      } catch (error) {
        return { error: (error as Error).message };
      }
      const result = await echo.execute("c1", input);
      const after = await runner.emitToolResult({
        type: "tool_result",
        toolName: "echo",
        toolCallId: "c1",
        input,
        content: result.content,
        details: result.details,
        isError: false,
      });
      return after ? { content: after.content, details: after.details } : result;
    },
    command: (name) => runner.getCommand(name)?.description,
    tools: () =>
      runner.getAllRegisteredTools().map((t: Any) => `${t.definition.name}:${t.definition.description}`),
    setFlag: (name, value) => runner.setFlagValue(name, value),
    shortcut: (key) => runner.getShortcuts({}).get(key)?.description,
  };
}

async function hookwire(modules: string[], version: "0.32" | "0.73"): Promise<System> {
  const pkg = version === "0.32" ? pi032 : pi073;
  const { hooks, errors: loadErrors } = await loadHooks(write(modules), folder.dir, {
    alias: pkg.aliases(),
    fsCache: false,
    moduleCache: false,
  });
  const runner = new HookRunner(hooks, { cwd: folder.dir });
  const errors: string[] = [];
  const sent: unknown[] = [];
  runner.onError((e) => errors.push(`${e.event}: ${e.error}`));
  const record =
    (kind: string) =>
    (...args: unknown[]) =>
      void sent.push([kind, ...args.slice(0, -1)]);
  const init: HookRunnerInit = {
    sendMessageHandler: (m, o) => sent.push(version === "0.32" ? [m, o] : ["sendMessage", m, o]),
    appendEntryHandler: (t, d) => sent.push(version === "0.32" ? ["entry", t, d] : ["appendEntry", t, d]),
    sendUserMessage: record("sendUserMessage"),
    setSessionName: record("setSessionName"),
    setLabel: record("setLabel"),
    setActiveTools: record("setActiveTools"),
    setThinkingLevel: record("setThinkingLevel"),
    getActiveTools: () => ["echo"],
    getAllTools: () => [{ name: "echo" }],
  };
  runner.initialize(init);
  return {
    loaded: hooks.length,
    loadFailed: loadErrors.length,
    errors,
    sent,
    emit: async (event) => {
      const outcome: Any = await runner.emit(event);
      if (event.type !== "before_agent_start") return outcome;
      if (version === "0.32") return outcome?.message ? { message: outcome.message } : undefined;
      return outcome && { messages: outcome.messages, systemPrompt: outcome.systemPrompt };
    },
    tool: (input) => outcomeOf(new HookToolWrapper(echo, runner).execute("c1", input)),
    command: (name) => runner.getCommand(name)?.description,
    tools: () => runner.getRegisteredTools().map((t) => `${t.definition.name}:${t.definition.description}`),
    setFlag: (name, value) => runner.setFlagValue(name, value as string),
    shortcut: (key) => runner.getShortcuts().get(key)?.description,
  };
}

interface Case {
  name: string;
  version: "0.32" | "0.73";
  modules: string[];
  run(system: System): Promise<unknown>;
  /** Set when hookwire differs on purpose; the reason is in docs/writing-hooks.md. */
  deliberate?: string;
}

const T = (body: string) => `export default function (pi) {\n${body}\n}\n`;
const CASES: Case[] = [];
const both = (c: Omit<Case, "version">) => CASES.push({ ...c, version: "0.32" }, { ...c, version: "0.73" });

both({
  name: "the first block stops the later tool_call handlers",
  modules: [
    T(`pi.on("tool_call", () => ({ block: true, reason: "no echo" }));`),
    T(
      `pi.on("tool_call", () => { pi.sendMessage({ customType: "late", content: "ran", display: false }); });`,
    ),
  ],
  run: async (s) => [await s.tool({ text: "hi" }), s.sent],
});
both({
  name: "a throwing tool_call handler blocks the call",
  modules: [T(`pi.on("tool_call", () => { throw new Error("guard crashed"); });`)],
  run: async (s) => {
    const outcome = (await s.tool({ text: "hi" })) as { error?: string };
    return { blocked: outcome.error?.endsWith("guard crashed") === true };
  },
});
both({
  name: "a throwing tool_call handler: the message the caller sees",
  modules: [T(`pi.on("tool_call", () => { throw new Error("guard crashed"); });`)],
  run: (s) => s.tool({ text: "hi" }),
  deliberate: "fail-safe blocks name the hook",
});
CASES.push(
  {
    name: "a block without a reason uses the default reason",
    version: "0.32",
    modules: [T(`pi.on("tool_call", () => ({ block: true }));`)],
    run: (s) => s.tool({ text: "hi" }),
  },
  {
    name: "a block without a reason uses the default reason",
    version: "0.73",
    modules: [T(`pi.on("tool_call", () => ({ block: true }));`)],
    run: (s) => s.tool({ text: "hi" }),
    deliberate: "default block reason",
  },
);
both({
  name: "tool_call hands its caller the last result's reason when no handler blocks",
  modules: [
    T(`pi.on("tool_call", () => ({ reason: "first" }));`),
    T(`pi.on("tool_call", () => ({ reason: "second" }));`),
    T(`pi.on("tool_call", () => undefined);`),
  ],
  run: async (s) => {
    const r = (await s.emit({ type: "tool_call", toolName: "echo", toolCallId: "c1", input: {} })) as Any;
    return { block: r?.block === true, reason: r?.reason };
  },
});
both({
  name: "tool_call handlers returning nothing let the tool run",
  modules: [T(`pi.on("tool_call", () => {});`), T(`pi.on("tool_call", async () => undefined);`)],
  run: (s) => s.tool({ text: "hi" }),
});
both({
  name: "a tool_result handler replaces content and keeps details",
  modules: [T(`pi.on("tool_result", (e) => ({ content: [{ type: "text", text: "redacted" }] }));`)],
  run: (s) => s.tool({ text: "secret" }),
});
CASES.push(
  {
    name: "two tool_result handlers: each sees the content the previous one left",
    version: "0.32",
    modules: [
      T(
        `pi.on("tool_result", (e) => ({ content: [{ type: "text", text: e.content[0].text.replace("secret", "***") }] }));`,
      ),
      T(
        `pi.on("tool_result", (e) => ({ content: [{ type: "text", text: "[" + e.content[0].text + "]" }] }));`,
      ),
    ],
    run: (s) => s.tool({ text: "secret" }),
    deliberate: "chained tool_result overrides",
  },
  {
    name: "two tool_result handlers: each sees the content the previous one left",
    version: "0.73",
    modules: [
      T(
        `pi.on("tool_result", (e) => ({ content: [{ type: "text", text: e.content[0].text.replace("secret", "***") }] }));`,
      ),
      T(
        `pi.on("tool_result", (e) => ({ content: [{ type: "text", text: "[" + e.content[0].text + "]" }] }));`,
      ),
    ],
    run: (s) => s.tool({ text: "secret" }),
  },
);
both({
  name: "a tool_call handler patches event.input in place; later handlers and the tool see it",
  modules: [
    T(`pi.on("tool_call", (e) => { e.input.text = "patched " + e.input.text; });`),
    T(
      `pi.on("tool_call", (e) => { pi.sendMessage({ customType: "saw", content: e.input.text, display: false }); });`,
    ),
  ],
  run: async (s) => [await s.tool({ text: "hi" }), s.sent],
});
both({
  name: "cancel stops the session_before_switch handlers; the cancelling result is returned",
  modules: [
    T(`pi.on("session_before_switch", () => ({ cancel: true }));`),
    T(`pi.on("session_before_switch", () => { throw new Error("must not run"); });`),
  ],
  run: async (s) => [await s.emit({ type: "session_before_switch", reason: "new" }), s.errors],
});
both({
  name: "session_before_compact keeps the last result",
  modules: [
    T(
      `pi.on("session_before_compact", () => ({ compaction: { summary: "one", firstKeptEntryId: "e1", tokensBefore: 1 } }));`,
    ),
    T(
      `pi.on("session_before_compact", () => ({ compaction: { summary: "two", firstKeptEntryId: "e1", tokensBefore: 1 } }));`,
    ),
    T(`pi.on("session_before_compact", () => undefined);`),
  ],
  run: (s) =>
    s.emit({
      type: "session_before_compact",
      preparation: {},
      branchEntries: [],
      signal: new AbortController().signal,
    }),
});
both({
  name: "context handlers chain and a throwing one is reported while the rest run",
  modules: [
    T(`pi.on("context", (e) => ({ messages: [...e.messages, { role: "user", content: "a" }] }));`),
    T(`pi.on("context", () => { throw new Error("context broke"); });`),
    T(`pi.on("context", (e) => ({ messages: [...e.messages, { role: "user", content: "b" }] }));`),
  ],
  run: async (s) => [
    await s.emit({ type: "context", messages: [{ role: "user", content: "start" }] }),
    s.errors,
  ],
});
both({
  name: "a handler of an event the runner does not know loads and runs when that event is emitted",
  modules: [
    T(
      `pi.on("deploy_finished", (e) => { pi.sendMessage({ customType: "deploy", content: e.target, display: true }); });`,
    ),
  ],
  run: async (s) => [s.loaded, await s.emit({ type: "deploy_finished", target: "prod" }), s.sent],
});
both({
  name: "getCommand finds a command by its name, not by /name",
  modules: [T(`pi.registerCommand("go", { description: "go somewhere", handler: async () => {} });`)],
  run: async (s) => [s.command("go"), s.command("/go")],
});
CASES.push(
  {
    name: "the same command name in two modules",
    version: "0.32",
    modules: [
      T(`pi.registerCommand("go", { description: "first", handler: async () => {} });`),
      T(`pi.registerCommand("go", { description: "second", handler: async () => {} });`),
    ],
    run: async (s) => [s.command("go"), s.command("go:2")],
  },
  {
    name: "the same command name in two modules",
    version: "0.73",
    modules: [
      T(`pi.registerCommand("go", { description: "first", handler: async () => {} });`),
      T(`pi.registerCommand("go", { description: "second", handler: async () => {} });`),
    ],
    run: async (s) => [s.command("go"), s.command("go:2")],
    deliberate: "duplicate command names",
  },
);
CASES.push({
  name: "before_agent_start keeps the first message (0.32)",
  version: "0.32",
  modules: [
    T(`pi.on("before_agent_start", () => ({ message: { customType: "a", content: "1", display: true } }));`),
    T(`pi.on("before_agent_start", () => ({ message: { customType: "b", content: "2", display: true } }));`),
  ],
  run: (s) => s.emit({ type: "before_agent_start", prompt: "hi" }),
});
const v73 = (c: Omit<Case, "version">) => CASES.push({ ...c, version: "0.73" });
v73({
  name: "before_agent_start collects every message and chains the system prompt",
  modules: [
    T(
      `pi.on("before_agent_start", (e) => ({ message: { customType: "a", content: "1", display: true }, systemPrompt: e.systemPrompt + " A" }));`,
    ),
    T(
      `pi.on("before_agent_start", (e) => ({ message: { customType: "b", content: e.systemPrompt, display: true } }));`,
    ),
    T(`pi.on("before_agent_start", (e) => ({ systemPrompt: e.systemPrompt + " C" }));`),
  ],
  run: (s) => s.emit({ type: "before_agent_start", prompt: "hi", systemPrompt: "Base." }),
});
v73({
  name: "input: transforms chain, the first handled wins",
  modules: [
    T(`pi.on("input", (e) => ({ action: "transform", text: e.text + "!" }));`),
    T(`pi.on("input", (e) => e.text === "stop!" ? { action: "handled" } : { action: "continue" });`),
    T(`pi.on("input", (e) => ({ action: "transform", text: "[" + e.text + "]" }));`),
  ],
  run: async (s) => [
    await s.emit({ type: "input", text: "go", source: "interactive" }),
    await s.emit({ type: "input", text: "stop", source: "interactive" }),
  ],
});
v73({
  name: "input: nobody changes the text",
  modules: [T(`pi.on("input", () => ({ action: "continue" }));`)],
  run: (s) => s.emit({ type: "input", text: "same", source: "rpc" }),
});
v73({
  name: "user_bash: the first result wins",
  modules: [
    T(`pi.on("user_bash", () => undefined);`),
    T(
      `pi.on("user_bash", (e) => ({ result: { output: "remote " + e.command, exitCode: 0, cancelled: false, truncated: false } }));`,
    ),
    T(
      `pi.on("user_bash", () => ({ result: { output: "never", exitCode: 1, cancelled: false, truncated: false } }));`,
    ),
  ],
  run: (s) => s.emit({ type: "user_bash", command: "ls", excludeFromContext: false, cwd: "/" }),
});
v73({
  name: "before_provider_request: payload replacements chain",
  modules: [
    T(`pi.on("before_provider_request", (e) => ({ ...e.payload, temperature: 0 }));`),
    T(`pi.on("before_provider_request", () => undefined);`),
    T(`pi.on("before_provider_request", (e) => ({ ...e.payload, seen: e.payload.temperature }));`),
  ],
  run: (s) => s.emit({ type: "before_provider_request", payload: { model: "m" } }),
});
v73({
  name: "session_before_fork: cancel stops",
  modules: [
    T(`pi.on("session_before_fork", () => ({ cancel: true }));`),
    T(`pi.on("session_before_fork", () => ({ cancel: false }));`),
  ],
  run: (s) => s.emit({ type: "session_before_fork", entryId: "e1", position: "before" }),
});
v73({
  name: "registerTool: the first module's tool of a name is offered",
  modules: [
    T(
      `pi.registerTool({ name: "hello", label: "Hello", description: "from m0", parameters: {}, execute: async () => ({ content: [] }) });`,
    ),
    T(`pi.registerTool({ name: "hello", label: "Hello", description: "from m1", parameters: {}, execute: async () => ({ content: [] }) });
pi.registerTool({ name: "other", label: "Other", description: "from m1", parameters: {}, execute: async () => ({ content: [] }) });`),
  ],
  run: async (s) => s.tools(),
});
v73({
  name: "registerFlag / getFlag: the default, then the host's value; unregistered flags read undefined",
  modules: [
    T(`pi.registerFlag("plan", { type: "boolean", default: false, description: "plan" });
pi.on("agent_start", () => { pi.appendEntry("flags", { plan: pi.getFlag("plan"), other: pi.getFlag("other") }); });`),
  ],
  run: async (s) => {
    await s.emit({ type: "agent_start" });
    s.setFlag("plan", true);
    s.setFlag("other", "x");
    await s.emit({ type: "agent_start" });
    return s.sent;
  },
});
v73({
  name: "registerShortcut: a later module's shortcut for the same key wins",
  modules: [
    T(`pi.registerShortcut("ctrl+shift+p", { description: "first", handler: () => {} });`),
    T(`pi.registerShortcut("ctrl+shift+p", { description: "second", handler: () => {} });`),
  ],
  run: async (s) => s.shortcut("ctrl+shift+p"),
});
v73({
  name: "pi.events carries a message from one module to another",
  modules: [
    T(`pi.events.on("greet", (data) => { pi.appendEntry("got", data); });`),
    T(`pi.on("agent_start", () => { pi.events.emit("greet", { from: "m1" }); });`),
  ],
  run: async (s) => {
    await s.emit({ type: "agent_start" });
    return s.sent;
  },
});
v73({
  name: "host actions reach the host's callbacks",
  modules: [
    T(`pi.on("agent_start", () => {
  pi.sendUserMessage("next", { deliverAs: "followUp" });
  pi.setSessionName("refactor");
  pi.setLabel("e1", "checkpoint");
  pi.setActiveTools(pi.getActiveTools().concat(["grep"]));
  pi.setThinkingLevel("high");
  pi.appendEntry("tools", pi.getAllTools().map((t) => t.name));
});`),
  ],
  run: async (s) => {
    await s.emit({ type: "agent_start" });
    return [s.sent, s.errors];
  },
});
v73({
  name: "a host action called while loading fails the load",
  modules: [T(`pi.setSessionName("too early");`), T(`pi.on("agent_start", () => {});`)],
  run: async (s) => [s.loaded, s.loadFailed],
});

describe("runner semantics: pi and hookwire on the same modules", () => {
  it.each(CASES.map((c) => ({ ...c, title: `${c.version}: ${c.name}` })))("$title", async (c) => {
    const pi = await (c.version === "0.32" ? pi32 : pi73)(c.modules);
    const ours = await hookwire(c.modules, c.version);
    const expected = await c.run(pi);
    const actual = await c.run(ours);
    if (c.deliberate) expect(actual, `deliberate difference: ${c.deliberate}`).not.toEqual(expected);
    else expect(actual).toEqual(expected);
  });

  it("keeps the deliberate list short and named", () => {
    expect([...new Set(CASES.flatMap((c) => (c.deliberate ? [c.deliberate] : [])))]).toEqual([
      "fail-safe blocks name the hook",
      "default block reason",
      "chained tool_result overrides",
      "duplicate command names",
    ]);
  });
});

describe("pre/post shell hooks (deliberate: they run instead of failing)", () => {
  it("pi 0.32 fails to load a shell hook; hookwire runs it as a command hook on tool_call", async () => {
    const home = path.join(folder.dir, "home");
    const pre = path.join(home, ".claude/hooks/pre");
    mkdirSync(pre, { recursive: true });
    const script = path.join(pre, "echo.sh");
    writeFileSync(script, '#!/bin/sh\necho "shell hooks stop this" >&2\nexit 2\n');
    chmodSync(script, 0o755);
    const { loadHooks: piLoad } = await pi032.load<Any>("core/hooks/index.js");
    const piResult = await piLoad([script], folder.dir);
    expect(piResult.hooks).toHaveLength(0);
    expect(piResult.errors).toHaveLength(1);

    const { hooks, errors } = await discoverAndLoadHooks([], folder.dir, {
      home,
      formats: ["claude:user"],
      settingsSources: [],
      trust: "none",
    });
    expect(errors).toEqual([]);
    const runner = new HookRunner(hooks, { cwd: folder.dir });
    runner.initialize({ sendMessageHandler: () => {}, appendEntryHandler: () => {} });
    const wrapped = new HookToolWrapper(echo, runner);
    await expect(wrapped.execute("c1", { text: "hi" })).rejects.toThrow("shell hooks stop this");
  });
});
