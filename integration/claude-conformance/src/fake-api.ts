// A fake Anthropic Messages API on 127.0.0.1: scripted tool calls, then a text reply; every request recorded.
import { startFakeServer } from "@hookwire/conformance-kit";
import type { ToolCall } from "./case.js";

/** A request body as Claude Code sent it (only the parts the observer reads are typed). */
export interface RecordedRequest {
  url: string;
  body: {
    model?: string;
    system?: unknown;
    tools?: unknown[];
    messages?: { role: string; content: unknown }[];
    stream?: boolean;
  };
}

export interface FakeApi {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

let ids = 0;

/** The frames of one streamed assistant message: one tool_use block or one text block. */
function reply(model: string, call: ToolCall | undefined, text: string): string {
  const id = `msg_fake_${++ids}`;
  const usage = { input_tokens: 1, output_tokens: 1 };
  const frames = [
    sse("message_start", {
      type: "message_start",
      message: {
        id,
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage,
      },
    }),
  ];
  if (call) {
    frames.push(
      sse("content_block_start", {
        type: "content_block_start",
        index: 0,
        content_block: { type: "tool_use", id: `toolu_fake_${ids}`, name: call.tool, input: {} },
      }),
      sse("content_block_delta", {
        type: "content_block_delta",
        index: 0,
        delta: { type: "input_json_delta", partial_json: JSON.stringify(call.input) },
      }),
    );
  } else {
    frames.push(
      sse("content_block_start", {
        type: "content_block_start",
        index: 0,
        content_block: { type: "text", text: "" },
      }),
      sse("content_block_delta", {
        type: "content_block_delta",
        index: 0,
        delta: { type: "text_delta", text },
      }),
    );
  }
  frames.push(
    sse("content_block_stop", { type: "content_block_stop", index: 0 }),
    sse("message_delta", {
      type: "message_delta",
      delta: { stop_reason: call ? "tool_use" : "end_turn", stop_sequence: null },
      usage: { output_tokens: 1 },
    }),
    sse("message_stop", { type: "message_stop" }),
  );
  return frames.join("");
}

/** How many tool calls the conversation already holds: the next scripted one follows them. */
function toolUsesSoFar(body: RecordedRequest["body"]): number {
  let count = 0;
  for (const message of body.messages ?? []) {
    if (message.role !== "assistant" || !Array.isArray(message.content)) continue;
    for (const part of message.content as { type?: string }[]) if (part?.type === "tool_use") count++;
  }
  return count;
}

/**
 * Main-loop requests (they carry tools) get the next scripted tool call, then the reply text; side
 * requests (titles, summaries) get the reply text too. The answer depends only on the request.
 */
export async function startFakeApi(calls: readonly ToolCall[], replyText = "done"): Promise<FakeApi> {
  return startFakeServer<RecordedRequest["body"]>(({ method, url, body }, keep) => {
    if (method !== "POST" || !url.startsWith("/v1/messages")) {
      return {
        status: 404,
        json: { type: "error", error: { type: "not_found_error", message: "not here" } },
      };
    }
    if (url.startsWith("/v1/messages/count_tokens")) return { json: { input_tokens: 1 } };
    keep();
    const model = body.model ?? "claude-fake";
    const main = Array.isArray(body.tools) && body.tools.length > 0;
    const call = main ? calls[toolUsesSoFar(body)] : undefined;
    if (body.stream === false) {
      return {
        json: {
          id: `msg_fake_${++ids}`,
          type: "message",
          role: "assistant",
          model,
          content: [{ type: "text", text: replyText }],
          stop_reason: "end_turn",
          stop_sequence: null,
          usage: { input_tokens: 1, output_tokens: 1 },
        },
      };
    }
    return { sse: reply(model, call, replyText) };
  });
}
