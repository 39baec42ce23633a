// The JSON a settings handler receives on stdin (or as the POST body): common fields + event fields.

/** Fields every event carries. */
export interface CommonInput {
  session_id: string;
  transcript_path: string;
  cwd: string;
  permission_mode: string;
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
  };
  PostToolUseFailure: {
    tool_name: string;
    tool_input: Record<string, unknown>;
    tool_use_id: string;
    error: string;
    is_interrupt?: boolean;
  };
  UserPromptSubmit: { prompt: string };
  SessionStart: { source: "startup" | "resume" | "clear" | "compact" | (string & {}); model?: string };
  SessionEnd: { reason: string };
  Stop: { stop_hook_active: boolean; last_assistant_message?: string };
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
}

export function buildHookInput<E extends BridgedEventName>(
  event: E,
  fields: EventInputFields[E],
  session: SessionInfo,
): HookInput<E> {
  return {
    session_id: session.sessionId,
    transcript_path: session.transcriptPath ?? "",
    cwd: session.cwd,
    permission_mode: session.permissionMode ?? "default",
    hook_event_name: event,
    ...fields,
  };
}
