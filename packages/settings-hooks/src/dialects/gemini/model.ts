// Gemini CLI's "stable model API" for hooks (LLMRequest / LLMResponse) built from and applied to native messages.
import type { AgentMessage, AssistantMessage } from "@hookwire/core";

/** One message as hooks see it: text only (Gemini CLI drops every non-text part). */
export interface LlmMessage {
  role: "user" | "model" | "system";
  content: string;
}

export interface LlmRequest {
  model: string;
  messages: LlmMessage[];
  config: Record<string, unknown>;
}

/** The model Gemini CLI names when the host does not say which one it talks to. */
const DEFAULT_MODEL = "gemini-2.5-flash";

function text(parts: unknown): string {
  if (typeof parts === "string") return parts;
  if (!Array.isArray(parts)) return "";
  return parts
    .filter(
      (part): part is { type: "text"; text: string } =>
        part?.type === "text" && typeof part.text === "string",
    )
    .map((part) => part.text)
    .join("");
}

/** Native messages as Gemini CLI's hook request: user / model turns with text, empty ones left out. */
export function toLlmRequest(messages: readonly AgentMessage[], model: string | undefined): LlmRequest {
  const out: LlmMessage[] = [];
  for (const message of messages) {
    const content = text(message.content);
    if (content === "") continue;
    out.push({ role: message.role === "assistant" ? "model" : "user", content });
  }
  return { model: model ?? DEFAULT_MODEL, messages: out, config: {} };
}

/**
 * A hook's `llm_request.messages` applied to the native messages the way Gemini CLI merges them: the
 * n-th message with text takes the n-th hook message's text (keeping its other parts); hook messages
 * left over are appended as new user / model turns. Without `messages`, nothing changes.
 */
export function applyLlmMessages(
  messages: readonly AgentMessage[],
  request: unknown,
): AgentMessage[] | undefined {
  const given = (request as { messages?: unknown } | undefined)?.messages;
  if (!Array.isArray(given)) return undefined;
  const hookMessages = given.filter(
    (m): m is { role?: string; content: unknown } => typeof m === "object" && m !== null && "content" in m,
  );
  const contentOf = (m: { content: unknown }) =>
    typeof m.content === "string" ? m.content : String(m.content);
  let next = 0;
  const merged: AgentMessage[] = messages.map((message) => {
    if (text(message.content) === "" || next >= hookMessages.length) return message;
    const replacement = contentOf(hookMessages[next++] as { content: unknown });
    if (typeof message.content === "string") return { ...message, content: replacement } as AgentMessage;
    const others = (message.content as { type: string }[]).filter((part) => part.type !== "text");
    return { ...message, content: [{ type: "text", text: replacement }, ...others] } as AgentMessage;
  });
  for (const extra of hookMessages.slice(next)) {
    const content = contentOf(extra);
    merged.push(
      extra.role === "model"
        ? { role: "assistant", content: [{ type: "text", text: content }] }
        : { role: "user", content, timestamp: Date.now() },
    );
  }
  return merged;
}

/** Token counts when the host's message carries them (pi's `usage`), else zeros. */
function usageOf(message: AssistantMessage) {
  const usage = (message.usage ?? {}) as { input?: unknown; output?: unknown };
  const prompt = typeof usage.input === "number" ? usage.input : 0;
  const candidates = typeof usage.output === "number" ? usage.output : 0;
  return { promptTokenCount: prompt, candidatesTokenCount: candidates, totalTokenCount: prompt + candidates };
}

/** An assistant message as Gemini CLI's hook response (text parts only; a function call shows as no part). */
export function toLlmResponse(message: AssistantMessage) {
  const parts = message.content
    .filter((part): part is { type: "text"; text: string } => part.type === "text")
    .map((part) => part.text);
  return {
    text: parts.join(""),
    candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
    usageMetadata: usageOf(message),
  };
}

/**
 * A hook's `llm_response` as the replacement assistant message: its first candidate's text parts. A
 * response without parts replaces nothing (Gemini CLI ignores it too); tool calls of the original are
 * gone, as in Gemini CLI, where the hook's response replaces the whole chunk.
 */
export function fromLlmResponse(message: AssistantMessage, response: unknown): AssistantMessage | undefined {
  const candidate = (response as { candidates?: { content?: { parts?: unknown } }[] } | undefined)
    ?.candidates?.[0];
  const parts = candidate?.content?.parts;
  if (!Array.isArray(parts) || parts.length === 0) return undefined;
  const texts = parts.map((part) =>
    typeof part === "string" ? part : String((part as { text?: unknown })?.text ?? ""),
  );
  return { ...message, content: [{ type: "text", text: texts.join("") }] };
}
