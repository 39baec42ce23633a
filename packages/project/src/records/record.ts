// The decision record: what hookwire keeps of every event an agent handed it, one schema for the JSONL log, the span
// spool and the spans, written by every host (write-record.ts; the CLI's log/recorder.ts sends the spans).

/** What hookwire decided for one event, as the log keeps it (`hookwire log --decision` takes these). */
export const DECISION_KINDS = [
  "block",
  "ask",
  "allow",
  "rewrite",
  "continue",
  "untrusted",
  /** Logged beside the event's own decision: what of the hooks' answer the agent will not apply. */
  "unapplied",
  /** A hook that failed (threw, timed out, did not load), or hookwire itself. */
  "error",
  /** A call a team server refused (no, an unknown or a revoked token): who tried, from where, why. */
  "refused",
  "none",
] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

/**
 * One record. Fields marked "since the audit trail" are missing from older lines, which still read: every reader
 * takes them as optional.
 */
export interface Decision {
  /** ISO time the event arrived. */
  time: string;
  agent: string;
  /** The agent's version where it says it (the CLI's log/agent-version.ts). Since the audit trail. */
  agentVersion?: string;
  /** Who: this OS user's name, or the name a team server's token gives the caller. Since the audit trail. */
  user?: string;
  /** The machine that answered the call. Since the audit trail. */
  host?: string;
  session: string;
  /** The agent's event name (`PreToolUse`, `preToolUse`, …) and hookwire's native one. */
  event: string;
  native: string;
  /** The project root the event ran in. */
  project: string;
  /** The tool the event is about, when it is a tool event. */
  tool?: string;
  /** What the tool call is about: its command, path or URL, secrets redacted (redact.ts). Since the audit trail. */
  target?: string;
  /** The hook that decided: its file, and `#` the JSON path of a settings hook (`.claude/settings.json#hooks.…`). */
  hook?: string;
  decision: DecisionKind;
  /** Why, as the hook said it (secrets redacted). */
  reason?: string;
  durationMs: number;
  /**
   * The call's own OpenTelemetry resource variables (`OTEL_RESOURCE_ATTRIBUTES`, `OTEL_SERVICE_NAME`): the span is sent
   * later, by the server, and must still describe the call. Since the audit trail.
   */
  otel?: { resourceAttributes?: string; serviceName?: string };
}

/** The span attribute each field is sent as (the CLI's log/otel.ts); `time` and `durationMs` are the span's own times. */
export const SPAN_ATTRIBUTES = {
  agent: "hookwire.agent",
  agentVersion: "hookwire.agent_version",
  user: "hookwire.user",
  host: "hookwire.host",
  session: "hookwire.session",
  event: "hookwire.event",
  native: "hookwire.native_event",
  project: "hookwire.project",
  tool: "hookwire.tool",
  target: "hookwire.target",
  hook: "hookwire.hook",
  decision: "hookwire.decision",
  reason: "hookwire.reason",
} as const satisfies Partial<Record<keyof Decision, string>>;

/** A reason or target past this many characters is cut (after redaction, so no secret is cut into a stub). */
export const RECORD_TEXT_CHARS = 2000;
