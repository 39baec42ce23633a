// Content parts and agent messages as hooks see them in events and context.

export interface TextContent {
  type: "text";
  text: string;
}

export interface ImageContent {
  type: "image";
  /** Base64-encoded image bytes. */
  data: string;
  mimeType: string;
}

export type ContentPart = TextContent | ImageContent;

export interface UserMessage {
  role: "user";
  content: string | ContentPart[];
  timestamp?: number;
}

export interface AssistantMessage {
  role: "assistant";
  content: Array<
    ContentPart | { type: "toolCall"; id: string; name: string; arguments: Record<string, unknown> }
  >;
  timestamp?: number;
  [key: string]: unknown;
}

export interface ToolResultMessage {
  role: "toolResult";
  toolCallId: string;
  toolName: string;
  content: ContentPart[];
  details?: unknown;
  isError: boolean;
  timestamp?: number;
}

/** A message a hook persisted with `pi.sendMessage`. */
export interface CustomMessage<TDetails = unknown> {
  role: "custom";
  customType: string;
  content: string | ContentPart[];
  display: boolean;
  details?: TDetails;
  timestamp?: number;
}

export type AgentMessage = UserMessage | AssistantMessage | ToolResultMessage | CustomMessage;

/** What `pi.sendMessage` accepts: a custom message without role and timestamp. */
export type HookMessage<TDetails = unknown> = Omit<CustomMessage<TDetails>, "role" | "timestamp">;

export interface SendMessageOptions {
  /** Start a new agent turn after the message is stored. */
  triggerTurn?: boolean;
  /** While the agent is streaming: inject now ("steer") or after the run ("followUp"). */
  deliverAs?: "steer" | "followUp";
}
