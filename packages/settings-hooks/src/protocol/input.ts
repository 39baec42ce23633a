// The JSON a settings handler receives on stdin (or as the POST body): common fields + event fields.

/** Fields every event carries. */
export interface CommonInput {
  session_id: string;
  transcript_path: string;
  cwd: string;
  /** The user prompt this event belongs to (one id per prompt); not on SessionStart. */
  prompt_id?: string;
  /** Not on SessionStart and SessionEnd. */
  permission_mode?: string;
  /** Tool events and Stop. */
  effort?: { level: string };
  hook_event_name: string;
}

/** The event-specific fields of the events hookwire bridges. */
export interface EventInputFields {
  PreToolUse: { tool_name: string; tool_input: Record<string, unknown>; tool_use_id: string };
  PostToolUse: {
    tool_name: string;
    tool_input: Record<string, unknown>;
    tool_response: unknown;
    tool_use_id: string;
    duration_ms: number;
  };
  PostToolUseFailure: {
    tool_name: string;
    tool_input: Record<string, unknown>;
    tool_use_id: string;
    error: string;
    is_interrupt: boolean;
    duration_ms: number;
  };
  UserPromptSubmit: { prompt: string };
  SessionStart: { source: "startup" | "resume" | "clear" | "compact" | (string & {}); model?: string };
  SessionEnd: { reason: string };
  Stop: {
    stop_hook_active: boolean;
    last_assistant_message?: string;
    background_tasks: unknown[];
    session_crons: unknown[];
  };
  PreCompact: { trigger: "manual" | "auto"; custom_instructions: string };
  PostCompact: { trigger: "manual" | "auto"; compact_summary?: string };
}

export type BridgedEventName = keyof EventInputFields;

export type HookInput<E extends BridgedEventName = BridgedEventName> = CommonInput & EventInputFields[E];

export interface SessionInfo {
  sessionId: string;
  transcriptPath?: string;
  cwd: string;
  permissionMode?: string;
  /** The current prompt's id; absent before the first prompt. */
  promptId?: string;
  /** The model's effort level. Default `"medium"`. */
  effort?: string;
}

type SessionField = "prompt_id" | "permission_mode" | "effort";

/** Which session fields each event carries, as Claude Code 2.1 sends them (checked in the conformance suite). */
const SESSION_FIELDS: Record<BridgedEventName, readonly SessionField[]> = {
  SessionStart: [],
  UserPromptSubmit: ["prompt_id", "permission_mode"],
  PreToolUse: ["prompt_id", "permission_mode", "effort"],
  PostToolUse: ["prompt_id", "permission_mode", "effort"],
  PostToolUseFailure: ["prompt_id", "permission_mode", "effort"],
  Stop: ["prompt_id", "permission_mode", "effort"],
  SessionEnd: ["prompt_id"],
  PreCompact: ["prompt_id", "permission_mode"],
  PostCompact: ["prompt_id", "permission_mode"],
};

export function buildHookInput<E extends BridgedEventName>(
  event: E,
  fields: EventInputFields[E],
  session: SessionInfo,
): HookInput<E> {
  const wanted = SESSION_FIELDS[event];
  // Key order as Claude Code's: a hook that prints its input sees the same text.
  const ordered: Record<string, unknown> = {
    session_id: session.sessionId,
    transcript_path: session.transcriptPath ?? "",
    cwd: session.cwd,
  };
  if (wanted.includes("prompt_id") && session.promptId !== undefined) ordered.prompt_id = session.promptId;
  if (wanted.includes("permission_mode")) ordered.permission_mode = session.permissionMode ?? "default";
  if (wanted.includes("effort")) ordered.effort = { level: session.effort ?? "medium" };
  ordered.hook_event_name = event;
  return { ...ordered, ...fields } as unknown as HookInput<E>;
}
