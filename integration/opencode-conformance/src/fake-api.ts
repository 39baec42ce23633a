// A fake OpenAI Chat Completions API on 127.0.0.1: scripted tool calls, then a text reply; every request recorded.
import http from "node:http";
import type { AddressInfo } from "node:net";

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
        res.end(JSON.stringify({ error: { message: "not here" } }));
        return;
      }
      requests.push({ url, body });
      const main = Array.isArray(body.tools) && body.tools.length > 0;
      const done = toolResultsSoFar(body);
      const call = main ? calls[done] : undefined;
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.end(reply(call, done, replyText));
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
