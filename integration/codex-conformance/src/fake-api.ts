// A fake OpenAI Responses API on 127.0.0.1: scripted function calls, then a text reply; every request recorded.
import { startFakeServer } from "@hookwire/conformance-kit";
import type { ToolCall } from "./case.js";

/** One item of a Responses request's `input` (only the parts the observer reads are typed). */
export interface InputItem {
  type?: string;
  role?: string;
  content?: unknown;
  name?: string;
  call_id?: string;
  arguments?: string;
  output?: unknown;
}

/** A request body as Codex sent it. */
export interface RecordedRequest {
  url: string;
  body: { model?: string; tools?: unknown[]; input?: InputItem[]; stream?: boolean };
}

export interface FakeApi {
  /** The provider's `base_url` (ends in `/v1`). */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

function sse(data: { type: string } & Record<string, unknown>): string {
  return `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
}

const USAGE = {
  input_tokens: 1,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 1,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 2,
};

let ids = 0;

/** The frames of one streamed response: one function call, or one text message. */
function reply(call: ToolCall | undefined, text: string): string {
  const n = ++ids;
  const id = `resp_${n}`;
  const item = call
    ? {
        type: "function_call",
        id: `fc_${n}`,
        call_id: `call_${n}`,
        name: call.tool,
        arguments: JSON.stringify(call.input),
        status: "completed",
      }
    : {
        type: "message",
        id: `msg_${n}`,
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text, annotations: [] }],
      };
  const frames = [
    sse({
      type: "response.created",
      response: { id, object: "response", status: "in_progress", output: [] },
    }),
    sse({ type: "response.output_item.added", output_index: 0, item }),
  ];
  if (!call) {
    frames.push(
      sse({
        type: "response.output_text.delta",
        item_id: item.id,
        output_index: 0,
        content_index: 0,
        delta: text,
      }),
    );
  }
  frames.push(
    sse({ type: "response.output_item.done", output_index: 0, item }),
    sse({
      type: "response.completed",
      response: { id, object: "response", status: "completed", output: [item], usage: USAGE },
    }),
  );
  return frames.join("");
}

/** How many function calls the conversation already holds: the next scripted one follows them. */
export function callsSoFar(input: readonly InputItem[] | undefined): number {
  return (input ?? []).filter((item) => item?.type === "function_call").length;
}

/**
 * Requests with tools get the next scripted function call, then the reply text; the answer depends only
 * on the request, so a re-prompted turn (a Stop hook that blocks) gets the text again.
 */
export async function startFakeApi(calls: readonly ToolCall[], replyText = "done"): Promise<FakeApi> {
  return startFakeServer<RecordedRequest["body"]>(({ method, url, body }, keep) => {
    if (method !== "POST" || !url.startsWith("/v1/responses")) {
      return { status: 404, json: { error: { type: "not_found", message: "not here" } } };
    }
    keep();
    const main = Array.isArray(body.tools) && body.tools.length > 0;
    const call = main ? calls[callsSoFar(body.input)] : undefined;
    return { sse: reply(call, replyText) };
  }, "/v1");
}
