// Runs one case in hookwire — the gemini dialect through the settings bridge, HookRunner and HookToolWrapper, real processes — and observes it.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { inTempRoot, resolveCalls } from "@hookwire/conformance-kit";
import {
  type AgentMessage,
  type AssistantMessage,
  errorMessage,
  HookRunner,
  type ToolDefinition,
} from "@hookwire/core";
import {
  activeHandlers,
  createSettingsHooks,
  readSettingsFile,
  SessionEnvironment,
} from "@hookwire/settings-hooks";
import { ToolDeferredError, wrapTools } from "@hookwire/tool-wrapper";
import { type GeminiCase, materialize, type ToolCall } from "./case.js";
import { nativeTools } from "./native-tools.js";
import { type Observation, observe } from "./observe.js";

/**
 * The host's model adapter: Gemini CLI's tool calls as the harness's native tools. (Hooks see Gemini's
 * names again: the dialect's tool table translates them back.)
 */
const NATIVE: Record<string, { name: string; fields: Record<string, string> }> = {
  run_shell_command: { name: "bash", fields: { command: "command" } },
  read_file: { name: "read", fields: { file_path: "path" } },
  write_file: { name: "write", fields: { file_path: "path", content: "content" } },
  replace: { name: "edit", fields: { file_path: "path", old_string: "oldText", new_string: "newText" } },
};

function toNative(call: ToolCall): { name: string; input: Record<string, unknown> } {
  const spec = NATIVE[call.tool];
  if (!spec) return { name: call.tool, input: call.input };
  const input: Record<string, unknown> = {};
  // Fields without a native name (the shell's `description`) travel along, as a host's tool schema allows.
  for (const [key, value] of Object.entries(call.input)) input[spec.fields[key] ?? key] = value;
  return { name: spec.name, input };
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part) => (part?.type === "text" ? part.text : "")).join("\n");
}

/** The Gemini-API request body the harness's "model" gets: contents, tools, and the function-calling config. */
function payloadOf(messages: readonly AgentMessage[], tools: readonly ToolDefinition[]) {
  return {
    model: "gemini-2.5-flash",
    contents: messages.map((message) => ({
      role: message.role === "assistant" ? "model" : "user",
      parts: [{ text: textOf(message.content) }],
    })),
    tools: [{ functionDeclarations: tools.map((tool) => ({ name: tool.name })) }],
  };
}

type Payload = ReturnType<typeof payloadOf> & {
  toolConfig?: { functionCallingConfig?: { mode?: string; allowedFunctionNames?: string[] } };
};

/** The scripted call unless the request's function-calling config rules it out (as the fake Gemini API does). */
function allowedCall(payload: Payload, call: ToolCall | undefined): ToolCall | undefined {
  const config = payload.toolConfig?.functionCallingConfig;
  if (!call || !config) return call;
  if (config.mode === "NONE") return undefined;
  const names = config.allowedFunctionNames ?? [];
  return names.length === 0 || names.includes(call.tool) ? call : undefined;
}

export async function runInHookwire(testCase: GeminiCase): Promise<Observation> {
  return inTempRoot("hw-hwg-", async (root) => {
    const dirs = materialize(testCase, root);
    const calls = resolveCalls(testCase.calls, dirs.project);
    const trusted = testCase.trusted !== false;
    // Gemini CLI's files in its order; the project file only in a trusted folder (hookwire's trust).
    const files = [
      { file: path.join(dirs.home, ".gemini", "settings.json"), scope: "user" as const },
      ...(trusted
        ? [{ file: path.join(dirs.project, ".gemini", "settings.json"), scope: "project" as const }]
        : []),
    ];
    const results = await Promise.all(
      files.map((source) => readSettingsFile({ ...source, dialect: "gemini" })),
    );
    const handlers = activeHandlers(results);
    const sessionEnv = new SessionEnvironment(path.join(root, "session-env"));
    const hooks = await createSettingsHooks(handlers, {
      sessionEnv,
      cwd: dirs.project,
      sessionId: randomUUID(),
      outputDir: path.join(root, "output"),
      transcriptDir: path.join(root, "transcripts"),
    });
    let aborted = false;
    let turnRequested = false;
    const pending: AgentMessage[] = [];
    const runner = new HookRunner([hooks], { cwd: dirs.project });
    runner.initialize({
      sendMessageHandler: (message, options) => {
        pending.push({ role: "custom", ...message, timestamp: Date.now() } as AgentMessage);
        if (options?.triggerTurn) turnRequested = true;
      },
      appendEntryHandler: () => {},
      abort: () => {
        aborted = true;
      },
      hasUI: false,
    });
    const tools = wrapTools(nativeTools(dirs.project), runner, { defaultMode: "allow" });
    const byName = new Map(tools.map((tool) => [tool.name, tool]));

    await runner.emit({ type: "session_start" });
    const prompt = testCase.prompt ?? "go";
    // `/compress` compacts the (empty) session on the host's side: the compaction hooks run, nothing more.
    if (prompt === "/compress") {
      await runner.emit({
        type: "session_before_compact",
        preparation: {},
        branchEntries: [],
        customInstructions: "",
      });
      await runner.emit({ type: "session_shutdown", reason: "quit" });
      return observe(testCase, dirs, { requests: 0, toolResults: [], modelText: "", toolConfig: null });
    }
    const before = await runner.emitBeforeAgentStart(prompt);
    const modelText: string[] = [];
    let requests = 0;
    let toolConfig: Observation["toolConfig"] = null;
    const toolResults: ("ok" | "error")[] = [];
    if (!before?.block && !aborted) {
      const messages: AgentMessage[] = [
        ...pending.splice(0),
        ...(before?.messages ?? []).map(
          (message) => ({ role: "custom", ...message, timestamp: Date.now() }) as AgentMessage,
        ),
        { role: "user", content: prompt, timestamp: Date.now() },
      ];
      let next = 0;
      // Gemini CLI's loop: BeforeModel (context), BeforeToolSelection (the request body), the model,
      // AfterModel (the answer); run the tool it calls; when it answers in text, AfterAgent decides.
      for (let turn = 0; turn < 20; turn++) {
        const context = await runner.emitContext(messages);
        if (aborted) break;
        const payload = (await runner.emit({
          type: "before_provider_request",
          payload: payloadOf(context, tools),
        })) as Payload;
        if (aborted) break;
        if (requests === 0) toolConfig = payload.toolConfig?.functionCallingConfig ?? null;
        requests++;
        modelText.push(JSON.stringify(payload.contents));
        const call = allowedCall(payload, calls[next]);
        const native = call ? toNative(call) : undefined;
        const answer: AssistantMessage = {
          role: "assistant",
          content: native
            ? [{ type: "toolCall", id: `call_${next + 1}`, name: native.name, arguments: native.input }]
            : [{ type: "text", text: "done" }],
          timestamp: Date.now(),
        };
        const ended = ((await runner.emit({ type: "message_end", message: answer })) ??
          answer) as AssistantMessage;
        if (aborted) break;
        messages.push(ended);
        const toolCall = ended.content.find((part) => part.type === "toolCall") as
          | { type: "toolCall"; id: string; name: string; arguments: Record<string, unknown> }
          | undefined;
        if (toolCall) {
          next++;
          const tool = byName.get(toolCall.name);
          let text: string;
          let status: "ok" | "error";
          try {
            if (!tool) throw new Error(`Tool "${toolCall.name}" not found`);
            const result = await tool.execute(toolCall.id, toolCall.arguments);
            [text, status] = [textOf(result.content), "ok"];
          } catch (error) {
            if (error instanceof ToolDeferredError) break;
            [text, status] = [errorMessage(error), "error"];
          }
          // `continue: false` ends the loop: the result is never sent back to the model.
          if (aborted) break;
          messages.push({
            role: "toolResult",
            toolCallId: toolCall.id,
            toolName: toolCall.name,
            content: [{ type: "text", text }],
            isError: status === "error",
          });
          toolResults.splice(
            0,
            toolResults.length,
            ...messages.flatMap((m) =>
              m.role === "toolResult" ? [m.isError ? ("error" as const) : ("ok" as const)] : [],
            ),
          );
          continue;
        }
        turnRequested = false;
        await runner.emit({ type: "agent_end", messages });
        if (aborted || !turnRequested) break;
        messages.push(...pending.splice(0));
      }
    }
    await runner.emit({ type: "session_shutdown", reason: "quit" });
    return observe(testCase, dirs, { requests, toolResults, modelText: modelText.join("\n"), toolConfig });
  });
}
