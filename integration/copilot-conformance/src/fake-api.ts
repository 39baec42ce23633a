// A fake OpenAI Chat Completions API on 127.0.0.1 (Copilot CLI's default BYOK wire): scripted tool calls, then text.
import http from "node:http";
import type { AddressInfo } from "node:net";
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
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (data: Buffer) => chunks.push(data));
    req.on("end", () => {
      let body: RecordedRequest["body"] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      } catch {}
      const url = req.url ?? "";
      if (req.method !== "POST" || !url.startsWith("/v1/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { type: "not_found", message: `not here: ${req.method} ${url}` } }));
        return;
      }
      requests.push({ url, body });
      const model = body.model ?? "fake";
      const main = Array.isArray(body.tools) && body.tools.length > 0;
      const call = main ? calls[toolCallsSoFar(body)] : undefined;
      if (body.stream === false) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: `chatcmpl-fake-${++ids}`,
            object: "chat.completion",
            created: 0,
            model,
            choices: [
              { index: 0, message: { role: "assistant", content: replyText }, finish_reason: "stop" },
            ],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.end(reply(model, call, replyText));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
