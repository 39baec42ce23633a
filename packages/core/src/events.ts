// The typed event map: every native event with its payload and the result a handler may return.
import type { AgentMessage, ContentPart, HookMessage, ImageContent, ToolResultMessage } from "./messages.js";

/** A session entry as stored by the host; hooks treat it as opaque data with an id. */
export interface SessionEntry {
  id: string;
  type: string;
  parentId?: string | null;
  [key: string]: unknown;
}

export interface CompactionResult {
  summary: string;
  firstKeptEntryId?: string;
  tokensBefore?: number;
  details?: unknown;
}

export interface SessionStartEvent {
  type: "session_start";
}
export interface SessionBeforeSwitchEvent {
  type: "session_before_switch";
  reason: "new" | "resume" | (string & {});
  targetSessionFile?: string;
}
export interface SessionSwitchEvent {
  type: "session_switch";
  reason: "new" | "resume" | (string & {});
  previousSessionFile?: string;
}
export interface SessionBeforeBranchEvent {
  type: "session_before_branch";
  entryId: string;
}
export interface SessionBranchEvent {
  type: "session_branch";
  previousSessionFile?: string;
}
export interface SessionBeforeCompactEvent {
  type: "session_before_compact";
  preparation: unknown;
  branchEntries: SessionEntry[];
  customInstructions?: string;
  signal?: AbortSignal;
}
export interface SessionCompactingEvent {
  type: "session.compacting";
  sessionId: string;
  messages: AgentMessage[];
}
export interface SessionCompactEvent {
  type: "session_compact";
  compactionEntry: SessionEntry;
  fromHook: boolean;
}
export interface SessionBeforeTreeEvent {
  type: "session_before_tree";
  preparation: unknown;
  signal?: AbortSignal;
}
export interface SessionTreeEvent {
  type: "session_tree";
  newLeafId: string | null;
  oldLeafId: string | null;
  summaryEntry?: SessionEntry;
}
export interface SessionShutdownEvent {
  type: "session_shutdown";
}
export interface ContextEvent {
  type: "context";
  messages: AgentMessage[];
}
export interface BeforeAgentStartEvent {
  type: "before_agent_start";
  prompt: string;
  images?: ImageContent[];
}
export interface AgentStartEvent {
  type: "agent_start";
}
export interface AgentEndEvent {
  type: "agent_end";
  messages: AgentMessage[];
}
export interface TurnStartEvent {
  type: "turn_start";
  turnIndex: number;
  timestamp: number;
}
export interface TurnEndEvent {
  type: "turn_end";
  turnIndex: number;
  message: AgentMessage;
  toolResults: ToolResultMessage[];
}
export interface AutoCompactionStartEvent {
  type: "auto_compaction_start";
  reason: "threshold" | "overflow" | (string & {});
}
export interface AutoCompactionEndEvent {
  type: "auto_compaction_end";
  result?: CompactionResult;
  aborted: boolean;
  willRetry: boolean;
}
export interface AutoRetryStartEvent {
  type: "auto_retry_start";
  attempt: number;
  maxAttempts: number;
  delayMs: number;
  errorMessage: string;
}
export interface AutoRetryEndEvent {
  type: "auto_retry_end";
  success: boolean;
  attempt: number;
  finalError?: string;
}
export interface TtsrTriggeredEvent {
  type: "ttsr_triggered";
  rules: unknown[];
}
export interface TodoReminderEvent {
  type: "todo_reminder";
  todos: unknown[];
  attempt: number;
  maxAttempts: number;
}
export interface ToolCallEvent {
  type: "tool_call";
  toolName: string;
  toolCallId: string;
  input: Record<string, unknown>;
}
export interface ToolResultEvent {
  type: "tool_result";
  toolName: string;
  toolCallId: string;
  input: Record<string, unknown>;
  content: ContentPart[];
  details: unknown;
  isError: boolean;
}

/** A `cancel: true` result stops the remaining handlers and cancels the action. */
export interface CancellableResult {
  cancel?: boolean;
}
export interface SessionBeforeBranchResult extends CancellableResult {
  skipConversationRestore?: boolean;
}
export interface SessionBeforeCompactResult extends CancellableResult {
  compaction?: CompactionResult;
}
export interface SessionBeforeTreeResult extends CancellableResult {
  summary?: { summary: string; details?: unknown };
}
export interface SessionCompactingResult {
  context?: string[];
  prompt?: string;
  preserveData?: Record<string, unknown>;
}
export interface ContextEventResult {
  messages?: AgentMessage[];
}
export interface BeforeAgentStartEventResult {
  /** A message to add before the agent starts; the first one returned is kept. */
  message?: HookMessage;
  /** Refuse the prompt: the agent does not start. Stops the remaining handlers. */
  block?: boolean;
  reason?: string;
}
/** A permission verdict; precedence across handlers is deny > defer > ask > allow. */
export type PermissionDecision = "allow" | "deny" | "ask" | "defer";

export interface ToolCallEventResult {
  /** Stop the call: the tool does not run, the remaining handlers do not run. */
  block?: boolean;
  reason?: string;
  /** Replacement input; later handlers and the tool see it. */
  input?: Record<string, unknown>;
  /** A permission verdict for the host's rules; `deny` blocks like `block: true`. */
  permission?: PermissionDecision;
  /**
   * Text appended to the tool result the model sees, attributed to this hook; a bridge running
   * several sources at once attributes each text itself.
   */
  additionalContext?: string | AttributedText[];
}
export interface ToolResultEventResult {
  content?: ContentPart[];
  details?: unknown;
  isError?: boolean;
  /**
   * Text appended to the tool result the model sees, attributed to this hook; a bridge running
   * several sources at once attributes each text itself.
   */
  additionalContext?: string | AttributedText[];
}

/** Event name → payload and handler result. `pi.on` and `runner.emit` are typed from it. */
export interface HookEventMap {
  session_start: { event: SessionStartEvent; result: void };
  session_before_switch: { event: SessionBeforeSwitchEvent; result: CancellableResult };
  session_switch: { event: SessionSwitchEvent; result: void };
  session_before_branch: { event: SessionBeforeBranchEvent; result: SessionBeforeBranchResult };
  session_branch: { event: SessionBranchEvent; result: void };
  session_before_compact: { event: SessionBeforeCompactEvent; result: SessionBeforeCompactResult };
  "session.compacting": { event: SessionCompactingEvent; result: SessionCompactingResult };
  session_compact: { event: SessionCompactEvent; result: void };
  session_before_tree: { event: SessionBeforeTreeEvent; result: SessionBeforeTreeResult };
  session_tree: { event: SessionTreeEvent; result: void };
  session_shutdown: { event: SessionShutdownEvent; result: void };
  context: { event: ContextEvent; result: ContextEventResult };
  before_agent_start: { event: BeforeAgentStartEvent; result: BeforeAgentStartEventResult };
  agent_start: { event: AgentStartEvent; result: void };
  agent_end: { event: AgentEndEvent; result: void };
  turn_start: { event: TurnStartEvent; result: void };
  turn_end: { event: TurnEndEvent; result: void };
  auto_compaction_start: { event: AutoCompactionStartEvent; result: void };
  auto_compaction_end: { event: AutoCompactionEndEvent; result: void };
  auto_retry_start: { event: AutoRetryStartEvent; result: void };
  auto_retry_end: { event: AutoRetryEndEvent; result: void };
  ttsr_triggered: { event: TtsrTriggeredEvent; result: void };
  todo_reminder: { event: TodoReminderEvent; result: void };
  tool_call: { event: ToolCallEvent; result: ToolCallEventResult };
  tool_result: { event: ToolResultEvent; result: ToolResultEventResult };
}

export type HookEventName = keyof HookEventMap;
export type HookEvent<K extends HookEventName = HookEventName> = HookEventMap[K]["event"];
export type HookEventResult<K extends HookEventName> = HookEventMap[K]["result"];
/** Every event payload, discriminated by `type`. */
export type AnyHookEvent = { [K in HookEventName]: HookEventMap[K]["event"] }[HookEventName];

/** Text a hook asked to show the model, with the hook it came from. */
export interface AttributedText {
  hookPath: string;
  text: string;
}

/** The combined result of `tool_call` handlers. */
export interface ToolCallOutcome {
  block: boolean;
  reason?: string;
  /** The hook that blocked, when `block` is true. */
  blockedBy?: string;
  /** The input after every rewrite (the original object when no handler rewrote it). */
  input: Record<string, unknown>;
  inputModified: boolean;
  /** The strongest non-deny verdict across handlers (defer > ask > allow). */
  permission?: { decision: Exclude<PermissionDecision, "deny">; reason?: string; hookPath: string };
  additionalContext: AttributedText[];
}

/** The combined result of `tool_result` handlers: overrides chained in handler order. */
export interface ToolResultOutcome {
  content: ContentPart[];
  details: unknown;
  isError: boolean;
  modified: boolean;
  additionalContext: AttributedText[];
}

/** What `runner.emit(event)` resolves to, per event. */
export interface HookEmitOutcomeMap {
  session_before_switch: CancellableResult | undefined;
  session_before_branch: SessionBeforeBranchResult | undefined;
  session_before_compact: SessionBeforeCompactResult | undefined;
  "session.compacting": SessionCompactingResult | undefined;
  session_before_tree: SessionBeforeTreeResult | undefined;
  context: AgentMessage[];
  before_agent_start: BeforeAgentStartEventResult | undefined;
  tool_call: ToolCallOutcome;
  tool_result: ToolResultOutcome;
}
export type HookEmitOutcome<K extends HookEventName> = K extends keyof HookEmitOutcomeMap
  ? HookEmitOutcomeMap[K]
  : undefined;
