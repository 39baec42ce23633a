// A fake OpenAI Chat Completions API on 127.0.0.1: scripted tool calls, then a text reply; every request recorded.
import { startFakeServer } from "@hookwire/conformance-kit";

/** A tool call the fake model makes, in opencode's tool names and arguments. */
export interface ToolCall {
  tool: string;
  args: Record<string, unknown>;
}

/** A request body as opencode sent it (only the parts the observer reads are typed). */
export interface RecordedRequest {
  url: string;
  body: {
    model?: string;
    tools?: unknown[];
    messages?: { role: string; content?: unknown; tool_calls?: unknown[]; tool_call_id?: string }[];
    stream?: boolean;
    temperature?: number;
  };
}

export interface FakeApi {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

function chunk(delta: unknown, finish: string | null): string {
  const choice = { index: 0, delta, finish_reason: finish };
  return `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 0, model: "m", choices: [choice] })}\n\n`;
}

/** The SSE frames of one reply: one tool call, or the text. */
function reply(call: ToolCall | undefined, index: number, text: string): string {
  const usage = `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 0, model: "m", choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })}\n\n`;
  const frames = call
    ? [
        chunk(
          {
            role: "assistant",
            content: null,
            tool_calls: [
              {
                index: 0,
                id: `call_${index + 1}`,
                type: "function",
                function: { name: call.tool, arguments: JSON.stringify(call.args) },
              },
            ],
          },
          null,
        ),
        chunk({}, "tool_calls"),
      ]
    : [chunk({ role: "assistant", content: text }, null), chunk({}, "stop")];
  return `${frames.join("")}${usage}data: [DONE]\n\n`;
}

/** How many tool results the conversation already holds: the next scripted call follows them. */
function toolResultsSoFar(body: RecordedRequest["body"]): number {
  return (body.messages ?? []).filter((message) => message.role === "tool").length;
}

/**
 * Requests with tools get the next scripted tool call, then the reply text; side requests (titles) get
 * the text. The answer depends only on the request.
 */
export async function startFakeApi(calls: readonly ToolCall[], replyText = "done"): Promise<FakeApi> {
  return startFakeServer<RecordedRequest["body"]>(({ method, url, body }, keep) => {
    if (method !== "POST" || !url.startsWith("/v1/chat/completions")) {
      return { status: 404, json: { error: { message: "not here" } } };
    }
    keep();
    const main = Array.isArray(body.tools) && body.tools.length > 0;
    const done = toolResultsSoFar(body);
    const call = main ? calls[done] : undefined;
    return { sse: reply(call, done, replyText) };
  });
}
