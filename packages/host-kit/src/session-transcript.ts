// The JSONL session log as a Claude Code transcript: each stored entry becomes the lines Claude Code writes for it.
import { randomUUID } from "node:crypto";
import type { AgentMessage, ContentPart, SessionEntry } from "@hookwire/core";
import { TranscriptWriter, toSettingsResponse, toSettingsTool } from "@hookwire/settings-hooks";

/** Calls whose result has not come yet; a call beyond this many open ones is forgotten (its result keeps its text). */
const MAX_OPEN_CALLS = 256;

function textOf(content: string | readonly ContentPart[]): string {
  if (typeof content === "string") return content;
  return content
    .filter((part): part is Extract<ContentPart, { type: "text" }> => part.type === "text")
    .map((part) => part.text)
    .join("\n");
}

/**
 * Writes one session's transcript from its entries, as they are appended (synchronously, so a hook that
 * starts next reads them). Mapping: a user message → a prompt line; an assistant message → a `text` line
 * per text part and a `tool_use` line per tool call (Claude names and inputs); a tool result → a
 * `tool_result` line with Claude Code's `toolUseResult`; a hook's custom message → a `user` line with
 * `isMeta: true`; custom entries (hook state, not model context) and the header → nothing.
 */
export class SessionTranscript {
  readonly writer: TranscriptWriter;
  readonly #cwd: string;
  /** toolCallId → the call in Claude's terms, for its result's `toolUseResult`. */
  readonly #calls = new Map<string, { name: string; input: Record<string, unknown> }>();

  constructor(options: { file: string; sessionId: string; cwd: string }) {
    this.writer = new TranscriptWriter(options);
    this.#cwd = options.cwd;
  }

  get path(): string {
    return this.writer.path;
  }

  add(entry: SessionEntry): void {
    if (entry.type === "message") this.#message(entry.message as AgentMessage);
    else if (entry.type === "custom_message") {
      this.writer.meta(textOf((entry as { content?: string | ContentPart[] }).content ?? ""));
    }
  }

  #message(message: AgentMessage): void {
    switch (message.role) {
      case "user":
        this.writer.prompt(textOf(message.content), randomUUID(), undefined);
        return;
      case "assistant":
        for (const part of message.content) {
          if (part.type === "text") {
            if (part.text !== "") this.writer.assistantText(part.text);
          } else if (part.type === "toolCall") {
            const settings = toSettingsTool(part.name, part.arguments, { cwd: this.#cwd });
            if (this.#calls.size >= MAX_OPEN_CALLS)
              this.#calls.delete(this.#calls.keys().next().value as string);
            this.#calls.set(part.id, { name: part.name, input: settings.tool_input });
            this.writer.toolUse(part.id, settings.tool_name, settings.tool_input);
          }
        }
        return;
      case "toolResult": {
        const call = this.#calls.get(message.toolCallId);
        this.#calls.delete(message.toolCallId);
        const text = textOf(message.content);
        const response = toSettingsResponse(message.toolName, {
          input: call?.input ?? toSettingsTool(message.toolName, {}).tool_input,
          text,
          details: message.details,
        });
        this.writer.toolResult(message.toolCallId, text, message.isError, response);
        return;
      }
      case "custom":
        this.writer.meta(textOf(message.content));
        return;
    }
  }
}
