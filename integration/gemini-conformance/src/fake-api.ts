// A fake Gemini API (generativelanguage v1beta) on 127.0.0.1: scripted function calls, then a text reply; every request recorded.
import { startFakeServer } from "@hookwire/conformance-kit";
import type { ToolCall } from "./case.js";

export interface GeminiPart {
  text?: string;
  functionCall?: { name: string; args?: unknown; id?: string };
  functionResponse?: { name: string; id?: string; response?: Record<string, unknown> };
}

/** A request body as Gemini CLI sent it (only the parts the observer reads are typed). */
export interface RecordedRequest {
  url: string;
  body: {
    contents?: { role?: string; parts?: GeminiPart[] }[];
    systemInstruction?: unknown;
    tools?: { functionDeclarations?: { name: string }[] }[];
    toolConfig?: { functionCallingConfig?: { mode?: string; allowedFunctionNames?: string[] } };
    generationConfig?: Record<string, unknown>;
  };
}

export interface FakeApi {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const usageMetadata = { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 };

function candidate(parts: GeminiPart[]) {
  return {
    candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
    usageMetadata,
    modelVersion: "fake",
  };
}

/** How many function calls the conversation already holds: the next scripted one follows them. */
export function callsSoFar(body: RecordedRequest["body"]): number {
  let count = 0;
  for (const content of body.contents ?? []) {
    if (content.role !== "model") continue;
    for (const part of content.parts ?? []) if (part.functionCall) count++;
  }
  return count;
}

/** Does the request offer any function declarations (a main-loop request)? */
export function offersTools(body: RecordedRequest["body"]): boolean {
  return (body.tools ?? []).some((tool) => (tool.functionDeclarations ?? []).length > 0);
}

/** The scripted call unless the request's function-calling config rules it out, as a real model would obey it. */
function allowed(body: RecordedRequest["body"], call: ToolCall | undefined): ToolCall | undefined {
  const config = body.toolConfig?.functionCallingConfig;
  if (!call || !config) return call;
  if (config.mode === "NONE") return undefined;
  const names = config.allowedFunctionNames ?? [];
  return names.length === 0 || names.includes(call.tool) ? call : undefined;
}

/** A JSON value matching a (simple) JSON schema: what side requests asking for JSON get. */
function fromSchema(schema: unknown): unknown {
  const s = (schema ?? {}) as { type?: string; properties?: Record<string, unknown>; enum?: unknown[] };
  if (s.enum && s.enum.length > 0) return s.enum[0];
  switch (String(s.type ?? "object").toLowerCase()) {
    case "string":
      return "done";
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return false;
    case "array":
      return [];
    default:
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, fromSchema(v)]));
  }
}

/**
 * Main-loop requests (they offer tools) get the next scripted call, then the reply text; side requests
 * get the reply text (or JSON built from their `responseJsonSchema`). The answer depends only on the request.
 */
export async function startFakeApi(calls: readonly ToolCall[], replyText = "done"): Promise<FakeApi> {
  return startFakeServer<RecordedRequest["body"]>(({ method, url, body }, keep) => {
    if (method !== "POST" || !url.startsWith("/v1beta/models/")) {
      return { status: 404, json: { error: { code: 404, message: "not here", status: "NOT_FOUND" } } };
    }
    if (url.includes(":countTokens")) return { json: { totalTokens: 1 } };
    keep();
    const call = allowed(body, offersTools(body) ? calls[callsSoFar(body)] : undefined);
    const parts: GeminiPart[] = call
      ? [{ functionCall: { name: call.tool, args: call.input } }]
      : [{ text: replyText }];
    if (url.includes(":generateContent")) {
      const config = body.generationConfig ?? {};
      const text =
        config.responseMimeType === "application/json"
          ? JSON.stringify(fromSchema(config.responseJsonSchema ?? config.responseSchema))
          : replyText;
      return { json: candidate(call ? parts : [{ text }]) };
    }
    return { sse: `data: ${JSON.stringify(candidate(parts))}\n\n` };
  });
}
