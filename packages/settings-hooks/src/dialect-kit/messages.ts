// Native content and messages as the text hooks read and the context messages the bridge sends back.
import type { AgentMessage, AttributedText, ContentPart, HookMessage } from "@hookwire/core";

/** The text parts of a tool result's content, joined by newlines. */
export function textOf(content: readonly ContentPart[] | string): string {
  if (typeof content === "string") return content;
  return content
    .filter((part): part is Extract<ContentPart, { type: "text" }> => part.type === "text")
    .map((part) => part.text)
    .join("\n");
}

/** The text of the last assistant message, or `undefined` when there is none. */
export function lastAssistantText(messages: readonly AgentMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== "assistant") continue;
    return message.content
      .map((part) => (part.type === "text" ? (part as { text: string }).text : ""))
      .filter((text) => text !== "")
      .join("\n");
  }
  return undefined;
}

export function joined(texts: readonly AttributedText[]): string {
  return texts.map((t) => t.text).join("\n\n");
}

/** Hook text for the model, not shown in the transcript view: `hook_context`, attributed per hook. */
export function contextMessage(texts: AttributedText[], event: string): HookMessage {
  return {
    customType: "hook_context",
    content: joined(texts),
    display: false,
    details: { event, sources: texts },
  };
}

/** The block reasons as one text; a hook that gave none is named instead. */
export function blockReason(blocks: readonly AttributedText[]): string {
  return blocks.map((b) => b.text || `Blocked by hook \`${b.hookPath}\``).join("\n");
}
