import { describe, expect, it } from "vitest";
import { type HookAPI, type HookError, HookRunner, instantiateHook } from "../src/index.js";

async function runnerOf(modules: Record<string, (pi: HookAPI, log: string[]) => void>) {
  const log: string[] = [];
  const hooks = [];
  for (const [path, factory] of Object.entries(modules)) {
    hooks.push(await instantiateHook((pi) => factory(pi, log), { path, cwd: "/p" }));
  }
  const runner = new HookRunner(hooks, { cwd: "/p" });
  const errors: HookError[] = [];
  runner.onError((e) => errors.push(e));
  return { runner, log, errors };
}

describe("input", () => {
  it("chains transforms and stops at the first handled", async () => {
    const { runner, log } = await runnerOf({
      "a.ts": (pi, log) =>
        pi.on("input", (e) => {
          log.push(`a:${e.text}`);
          return { action: "transform", text: `${e.text}!` };
        }),
      "b.ts": (pi, log) =>
        pi.on("input", (e) => {
          log.push(`b:${e.text}`);
          return e.text === "ping!" ? { action: "handled" } : { action: "continue" };
        }),
      "c.ts": (pi, log) => pi.on("input", (e) => void log.push(`c:${e.text}`)),
    });
    expect(await runner.emitInput("hi")).toEqual({ action: "transform", text: "hi!", images: undefined });
    expect(await runner.emitInput("ping")).toEqual({ action: "handled" });
    expect(log).toEqual(["a:hi", "b:hi!", "c:hi!", "a:ping", "b:ping!"]);
  });

  it("continues when nobody changes the text, and reports a transform without text", async () => {
    const { runner, errors } = await runnerOf({
      "bad.ts": (pi) => pi.on("input", () => ({ action: "transform" }) as never),
    });
    expect(await runner.emitInput("same")).toEqual({ action: "continue" });
    expect(errors.map((e) => `${e.code} ${e.error}`)).toEqual([
      'HOOK_INVALID_RESULT handler returned { action: "transform" } without a text string; expected { action: "transform", text }. The result was ignored.',
    ]);
  });
});

describe("before_agent_start system prompt", () => {
  it("chains systemPrompt across handlers and appends systemPromptAppend", async () => {
    const { runner, log } = await runnerOf({
      "a.ts": (pi, log) =>
        pi.on("before_agent_start", (e) => {
          log.push(`a saw ${e.systemPrompt}`);
          return { systemPrompt: `${e.systemPrompt} Be brief.` };
        }),
      "b.ts": (pi, log) =>
        pi.on("before_agent_start", (e) => {
          log.push(`b saw ${e.systemPrompt}`);
          return { systemPromptAppend: "Speak like a pirate." };
        }),
      "c.ts": (pi, log) => pi.on("before_agent_start", (e) => void log.push(`c saw ${e.systemPrompt}`)),
    });
    const outcome = await runner.emitBeforeAgentStart("hello", undefined, "Base.");
    expect(outcome).toEqual({ systemPrompt: "Base. Be brief.\n\nSpeak like a pirate." });
    expect(log).toEqual([
      "a saw Base.",
      "b saw Base. Be brief.",
      "c saw Base. Be brief.\n\nSpeak like a pirate.",
    ]);
    expect(await runner.emitBeforeAgentStart("hello")).toEqual({
      systemPrompt: "undefined Be brief.\n\nSpeak like a pirate.",
    });
  });
});

describe("tool_call input mutation", () => {
  it("lets a handler patch event.input in place; later handlers and the outcome see the patch", async () => {
    const { runner, log } = await runnerOf({
      "a.ts": (pi) =>
        pi.on("tool_call", (e) => {
          e.input.command = `source ~/.profile\n${String(e.input.command)}`;
        }),
      "b.ts": (pi, log) => pi.on("tool_call", (e) => void log.push(String(e.input.command))),
    });
    const outcome = await runner.emitToolCall({
      toolName: "bash",
      toolCallId: "1",
      input: { command: "ls" },
    });
    expect(outcome.input).toEqual({ command: "source ~/.profile\nls" });
    expect(log).toEqual(["source ~/.profile\nls"]);
  });
});

describe("user_bash, message_end, before_provider_request", () => {
  it("user_bash: the first handler returning something decides, the rest do not run", async () => {
    const { runner, log } = await runnerOf({
      "a.ts": (pi, log) => pi.on("user_bash", () => void log.push("a")),
      "b.ts": (pi, log) =>
        pi.on("user_bash", () => {
          log.push("b");
          return { result: { output: "remote", exitCode: 0, cancelled: false, truncated: false } };
        }),
      "c.ts": (pi, log) => pi.on("user_bash", () => void log.push("c")),
    });
    const outcome = await runner.emit({
      type: "user_bash",
      command: "ls",
      excludeFromContext: false,
      cwd: "/",
    });
    expect(outcome?.result?.output).toBe("remote");
    expect(log).toEqual(["a", "b"]);
  });

  it("message_end: replacements chain and must keep the role", async () => {
    const { runner, errors } = await runnerOf({
      "a.ts": (pi) => pi.on("message_end", () => ({ message: { role: "user", content: "edited" } })),
      "b.ts": (pi) => pi.on("message_end", () => ({ message: { role: "assistant", content: [] } })),
    });
    expect(await runner.emit({ type: "message_end", message: { role: "user", content: "raw" } })).toEqual({
      role: "user",
      content: "edited",
    });
    expect(errors.map((e) => `${e.hookPath} ${e.code}`)).toEqual(["b.ts HOOK_INVALID_RESULT"]);
  });

  it("before_provider_request: each handler sees the payload the previous one returned", async () => {
    const { runner } = await runnerOf({
      "a.ts": (pi) => pi.on("before_provider_request", (e) => ({ ...(e.payload as object), temperature: 0 })),
      "b.ts": (pi) => pi.on("before_provider_request", (e) => ({ ...(e.payload as object), seen: true })),
      "c.ts": (pi) => pi.on("before_provider_request", () => undefined),
    });
    expect(await runner.emit({ type: "before_provider_request", payload: { model: "m" } })).toEqual({
      model: "m",
      temperature: 0,
      seen: true,
    });
  });
});
