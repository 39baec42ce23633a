// The JSON a Claude Code settings handler receives on stdin (or as the POST body): common fields + event fields.
import type { SessionInfo } from "../../dialect-kit/session.js";
import type { BridgedEventSpec } from "../../dialect-kit/types.js";
import { claudeEvent, type claudeEvents } from "./catalogue.js";
import { claudeProtocol } from "./protocol.js";

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

// biome-ignore lint/suspicious/noExplicitAny: matches any bridged event to read its field type.
type FieldsOf<S> = S extends BridgedEventSpec<infer Name, any, infer Fields, any> ? [Name, Fields] : never;

/** The event-specific fields of the Claude Code events hookwire bridges: what each event's `input` returns. */
export type EventInputFields = {
  [P in FieldsOf<(typeof claudeEvents)[number]> as P[0]]: P[1];
};

export type BridgedEventName = keyof EventInputFields;

export type HookInput<E extends BridgedEventName = BridgedEventName> = CommonInput & EventInputFields[E];

/** A Claude Code event's whole stdin, in Claude Code's key order (its protocol's `input`). */
export function buildHookInput<E extends BridgedEventName>(
  event: E,
  fields: EventInputFields[E],
  session: SessionInfo,
): HookInput<E> {
  const spec = claudeEvent(event);
  if (!spec || spec.native === undefined) throw new TypeError(`${event} is not a bridged Claude Code event.`);
  return claudeProtocol.input(spec, fields, session) as unknown as HookInput<E>;
}
