// A fake OpenAI Chat Completions API on 127.0.0.1 (Copilot CLI's default BYOK wire): scripted tool calls, then text.
import { startFakeServer } from "@hookwire/conformance-kit";
import type { ToolCall } from "./case.js";

/** A request body as Copilot CLI sent it (only the parts the observer reads are typed). */
export interface RecordedRequest {
  url: string;
  body: {
    model?: string;
    tools?: unknown[];
    messages?: { role: string; content?: unknown; tool_calls?: unknown[]; tool_call_id?: string }[];
    stream?: boolean;
  };
}

export interface FakeApi {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

let ids = 0;

function chunk(id: string, model: string, choices: unknown[], usage?: unknown): string {
  const body: Record<string, unknown> = { id, object: "chat.completion.chunk", created: 0, model, choices };
  if (usage) body.usage = usage;
  return `data: ${JSON.stringify(body)}\n\n`;
}

/** The frames of one streamed completion: one tool call or one text message, then usage and `[DONE]`. */
function reply(model: string, call: ToolCall | undefined, text: string): string {
  const id = `chatcmpl-fake-${++ids}`;
  const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
  const delta = call
    ? {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            index: 0,
            id: `call_fake_${ids}`,
            type: "function",
            function: { name: call.tool, arguments: JSON.stringify(call.input) },
          },
        ],
      }
    : { role: "assistant", content: text };
  return [
    chunk(id, model, [{ index: 0, delta, finish_reason: null }]),
    chunk(id, model, [{ index: 0, delta: {}, finish_reason: call ? "tool_calls" : "stop" }]),
    chunk(id, model, [], usage),
    "data: [DONE]\n\n",
  ].join("");
}

/** How many tool calls the conversation already holds: the next scripted one follows them. */
function toolCallsSoFar(body: RecordedRequest["body"]): number {
  let count = 0;
  for (const message of body.messages ?? []) {
    if (message.role === "assistant" && Array.isArray(message.tool_calls)) count += message.tool_calls.length;
  }
  return count;
}

/**
 * Main-loop requests (they carry tools) get the next scripted tool call, then the reply text; side
 * requests get the reply text too. The answer depends only on the request.
 */
export async function startFakeApi(calls: readonly ToolCall[], replyText = "done"): Promise<FakeApi> {
  return startFakeServer<RecordedRequest["body"]>(({ method, url, body }, keep) => {
    if (method !== "POST" || !url.startsWith("/v1/chat/completions")) {
      return { status: 404, json: { error: { type: "not_found", message: `not here: ${method} ${url}` } } };
    }
    keep();
    const model = body.model ?? "fake";
    const main = Array.isArray(body.tools) && body.tools.length > 0;
    const call = main ? calls[toolCallsSoFar(body)] : undefined;
    if (body.stream === false) {
      return {
        json: {
          id: `chatcmpl-fake-${++ids}`,
          object: "chat.completion",
          created: 0,
          model,
          choices: [{ index: 0, message: { role: "assistant", content: replyText }, finish_reason: "stop" }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        },
      };
    }
    return { sse: reply(model, call, replyText) };
  });
}
