// The typed event map: every native event with its payload and the result a handler may return.
// It is also the entry `@hookwire/core/events` (every type here by name); the package index keeps the maps and the tool events.
import type { AgentMessage, ContentPart, HookMessage, ImageContent, ToolResultMessage } from "./messages.js";

/** The model a session runs, as the host names it. */
export interface ModelInfo {
  provider: string;
  id: string;
  [key: string]: unknown;
}

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
  /** Why the session started (pi 0.73: `startup`, `reload`, `new`, `resume`, `fork`); hosts may omit it. */
  reason?: "startup" | "reload" | "new" | "resume" | "fork" | (string & {});
  previousSessionFile?: string;
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
  /** pi 1.6: what triggered it, and whether the aborted turn is retried after it. */
  reason?: "manual" | "threshold" | "overflow" | (string & {});
  willRetry?: boolean;
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
  /** pi 0.32's name for `fromExtension`. */
  fromHook?: boolean;
  /** pi 0.73 and later: the compaction came from a `session_before_compact` handler. */
  fromExtension?: boolean;
  reason?: "manual" | "threshold" | "overflow" | (string & {});
  willRetry?: boolean;
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
  reason?: "quit" | "reload" | "new" | "resume" | "fork" | (string & {});
  targetSessionFile?: string;
}
export interface ContextEvent {
  type: "context";
  messages: AgentMessage[];
}
export interface BeforeAgentStartEvent {
  type: "before_agent_start";
  prompt: string;
  images?: ImageContent[];
  /**
   * pi 1.6: what starts the run, a prompt (`user`) or a hook's message sent with `triggerTurn` while idle (`custom`,
   * with that message in `message` and no prompt).
   */
  messageType?: "user" | "custom";
  message?: unknown;
  /** The system prompt as left by the previous handlers (chained); present when the host passes one. */
  systemPrompt?: string;
  /** The structured inputs the host built the system prompt from (host-specific). */
  systemPromptOptions?: unknown;
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
export interface TurnEndEvent extends RunBoundary {
  type: "turn_end";
  turnIndex: number;
  message: AgentMessage;
  toolResults: ToolResultMessage[];
  /** pi 1.6: the session entries of the message and of its tool results. */
  messageEntryId?: string;
  toolResultEntryIds?: string[];
}
/**
 * What pi 1.6 shows at a run's boundaries (`turn_end`, `agent_before_settle`): the entries it is about to append,
 * whether the run goes on, a preview of the context and how the run went. Read here; a pi extension may change
 * them, a hookwire hook observes them (its result is not handed back to pi).
 */
export interface RunBoundary {
  entries?: unknown[];
  continue?: boolean;
  context?: unknown;
  outcome?: unknown;
}
/** pi 1.6: before a run settles; the last point where more may happen in it. */
export interface AgentBeforeSettleEvent extends RunBoundary {
  type: "agent_before_settle";
}
/** pi 1.6: a run has settled: no retry, compaction or queued message follows. */
export interface AgentSettledEvent {
  type: "agent_settled";
  /** The run ended because it was aborted (Escape). */
  aborted: boolean;
}
/** pi 1.6: a compaction failed or was cancelled (pi 0.73's `auto_compaction_end` with an error). */
export interface SessionCompactFailedEvent {
  type: "session_compact_failed";
  reason: "manual" | "threshold" | "overflow" | (string & {});
  errorMessage?: string;
  aborted: boolean;
  willRetry: boolean;
  /** The failing compaction came from a `session_before_compact` handler. */
  fromExtension: boolean;
}
/** pi 1.6: the session's name changed (undefined: cleared). */
export interface SessionInfoChangedEvent {
  type: "session_info_changed";
  name: string | undefined;
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
  /** pi 1.6: set when another tool (a codemode script) made this call. */
  parentToolCallId?: string;
}
export interface ToolResultEvent {
  type: "tool_result";
  toolName: string;
  toolCallId: string;
  input: Record<string, unknown>;
  content: ContentPart[];
  details: unknown;
  isError: boolean;
  /** pi 1.6: set when another tool (a codemode script) made this call. */
  parentToolCallId?: string;
  /**
   * pi 1.6: the machine-readable result of a tool that declares an output schema. A hook that replaces `content`
   * drops it in pi (it may no longer match).
   */
  structuredContent?: unknown;
  /** pi 1.6: what the tool's own run used (tokens, cost), when it says. */
  usage?: unknown;
}

export interface SessionBeforeForkEvent {
  type: "session_before_fork";
  entryId: string;
  /** `before` for /fork, `at` for /clone. */
  position?: "before" | "at" | (string & {});
}
export interface SessionForkEvent {
  type: "session_fork";
  previousSessionFile?: string;
}
export interface ResourcesDiscoverEvent {
  type: "resources_discover";
  cwd: string;
  reason: "startup" | "reload" | (string & {});
}
export interface InputEvent {
  type: "input";
  text: string;
  images?: ImageContent[];
  source: "interactive" | "rpc" | "extension" | (string & {});
  /** pi 1.6: how a message typed while the agent runs is queued. */
  streamingBehavior?: "steer" | "followUp";
}
export interface UserBashEvent {
  type: "user_bash";
  command: string;
  /** True for `!!` commands, whose output stays out of the model's context. */
  excludeFromContext: boolean;
  cwd: string;
}
export interface ModelSelectEvent {
  type: "model_select";
  model: ModelInfo;
  previousModel: ModelInfo | undefined;
  source: "set" | "cycle" | "restore" | (string & {});
}
export interface ThinkingLevelSelectEvent {
  type: "thinking_level_select";
  level: string;
  previousLevel: string;
}
export interface MessageStartEvent {
  type: "message_start";
  message: AgentMessage;
}
export interface MessageUpdateEvent {
  type: "message_update";
  message: AgentMessage;
  assistantMessageEvent: unknown;
}
export interface MessageEndEvent {
  type: "message_end";
  message: AgentMessage;
}
export interface BeforeProviderRequestEvent {
  type: "before_provider_request";
  /** The provider-specific request body; replaced for later handlers by what a handler returns. */
  payload: unknown;
}
/** pi 1.6: the request's headers, before it is sent; a handler may edit `headers` in place. */
export interface BeforeProviderHeadersEvent {
  type: "before_provider_headers";
  headers: Record<string, string | undefined>;
}
/** pi 1.6: one raw event of the provider's response stream. */
export interface ProviderStreamEvent {
  type: "provider_stream_event";
  provider: string;
  api: string;
  model: string;
  data: unknown;
}
/** pi 1.6: pi waits on (`ui_prompt_start`) or stops waiting on (`ui_prompt_end`) a blocking dialog of an extension. */
export interface UIPromptEvent<T extends "ui_prompt_start" | "ui_prompt_end"> {
  type: T;
  reason: "ui_prompt";
  kind: "select" | "confirm" | "input" | "editor" | "custom" | (string & {});
  title?: string;
}
export interface AfterProviderResponseEvent {
  type: "after_provider_response";
  status: number;
  headers: Record<string, string>;
}
export interface ToolExecutionStartEvent {
  type: "tool_execution_start";
  toolCallId: string;
  toolName: string;
  args: unknown;
  /** pi 1.6: the call inside which this one runs (a sub-agent's). */
  parentToolCallId?: string;
}
export interface ToolExecutionUpdateEvent {
  type: "tool_execution_update";
  toolCallId: string;
  toolName: string;
  args: unknown;
  partialResult: unknown;
  /** pi 1.6: the call inside which this one runs (a sub-agent's). */
  parentToolCallId?: string;
}
export interface ToolExecutionEndEvent {
  type: "tool_execution_end";
  toolCallId: string;
  toolName: string;
  result: unknown;
  isError: boolean;
  /** pi 1.6. */
  durationMs?: number;
  parentToolCallId?: string;
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
  /** A message to add before the agent starts (the outcome keeps the first as `message`, all in `messages`). */
  message?: HookMessage;
  /** Several messages, in order, instead of `message`: a hook that runs answers of its own hands back all of theirs. */
  messages?: HookMessage[];
  /** Replace the system prompt for this turn; later handlers see the replacement (chained). */
  systemPrompt?: string;
  /** Text appended to the (chained) system prompt after a blank line; a hookwire convenience. */
  systemPromptAppend?: string;
  /** Refuse the prompt: the agent does not start. Stops the remaining handlers. */
  block?: boolean;
  reason?: string;
}
/** The combined result of `before_agent_start` handlers. */
export interface BeforeAgentStartOutcome {
  /** The first message returned (what pi 0.32 injects). */
  message?: HookMessage;
  /** Every message returned, in handler order (what pi 0.73 injects). */
  messages?: HookMessage[];
  /** The system prompt after every handler; absent when none changed it. */
  systemPrompt?: string;
  block?: boolean;
  reason?: string;
}
export interface SessionBeforeForkResult extends CancellableResult {
  skipConversationRestore?: boolean;
}
export interface ResourcesDiscoverResult {
  skillPaths?: string[];
  promptPaths?: string[];
  themePaths?: string[];
}
/** Paths handlers contributed, each with the hook that named it. */
export interface ResourcesDiscoverOutcome {
  skillPaths: Array<{ path: string; hookPath: string }>;
  promptPaths: Array<{ path: string; hookPath: string }>;
  themePaths: Array<{ path: string; hookPath: string }>;
}
export type InputEventResult =
  | { action: "continue" }
  | { action: "transform"; text: string; images?: ImageContent[] }
  | { action: "handled" };
/** `operations` replaces how the command runs; `result` replaces running it at all. */
export interface UserBashEventResult {
  operations?: unknown;
  result?: {
    output: string;
    exitCode: number | undefined;
    cancelled: boolean;
    truncated: boolean;
    [key: string]: unknown;
  };
}
export interface MessageEndEventResult {
  /** A replacement for the finalized message; it must keep the message's `role`. */
  message?: AgentMessage;
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
   * Who inside this hook decided `block` / `permission` (e.g. `.claude/settings.json#hooks.PreToolUse[0].hooks[1]`):
   * a bridge running several sources at once names the handler; default: the hook itself.
   */
  decidedBy?: string;
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

/** The events hookwire knows, with payload and handler result; each has a policy in `policies/table.ts`. */
export interface NativeEventMap {
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
  agent_before_settle: { event: AgentBeforeSettleEvent; result: void };
  agent_settled: { event: AgentSettledEvent; result: void };
  session_compact_failed: { event: SessionCompactFailedEvent; result: void };
  session_info_changed: { event: SessionInfoChangedEvent; result: void };
  before_provider_headers: { event: BeforeProviderHeadersEvent; result: void };
  provider_stream_event: { event: ProviderStreamEvent; result: void };
  ui_prompt_start: { event: UIPromptEvent<"ui_prompt_start">; result: void };
  ui_prompt_end: { event: UIPromptEvent<"ui_prompt_end">; result: void };
  auto_compaction_start: { event: AutoCompactionStartEvent; result: void };
  auto_compaction_end: { event: AutoCompactionEndEvent; result: void };
  auto_retry_start: { event: AutoRetryStartEvent; result: void };
  auto_retry_end: { event: AutoRetryEndEvent; result: void };
  ttsr_triggered: { event: TtsrTriggeredEvent; result: void };
  todo_reminder: { event: TodoReminderEvent; result: void };
  tool_call: { event: ToolCallEvent; result: ToolCallEventResult };
  tool_result: { event: ToolResultEvent; result: ToolResultEventResult };
  session_before_fork: { event: SessionBeforeForkEvent; result: SessionBeforeForkResult };
  session_fork: { event: SessionForkEvent; result: void };
  resources_discover: { event: ResourcesDiscoverEvent; result: ResourcesDiscoverResult };
  input: { event: InputEvent; result: InputEventResult };
  user_bash: { event: UserBashEvent; result: UserBashEventResult };
  model_select: { event: ModelSelectEvent; result: void };
  thinking_level_select: { event: ThinkingLevelSelectEvent; result: void };
  message_start: { event: MessageStartEvent; result: void };
  message_update: { event: MessageUpdateEvent; result: void };
  message_end: { event: MessageEndEvent; result: MessageEndEventResult };
  // A handler returns the replacement payload (provider-shaped; `unknown` here would defeat result inference).
  before_provider_request: { event: BeforeProviderRequestEvent; result: object };
  after_provider_response: { event: AfterProviderResponseEvent; result: void };
  tool_execution_start: { event: ToolExecutionStartEvent; result: void };
  tool_execution_update: { event: ToolExecutionUpdateEvent; result: void };
  tool_execution_end: { event: ToolExecutionEndEvent; result: void };
}
export type NativeEventName = keyof NativeEventMap;

/**
 * Event name → payload and handler result. `pi.on` and `runner.emit` are typed from it. Open to
 * declaration merging, so a host types the events it emits itself:
 *
 * ```ts
 * declare module "@hookwire/core" {
 *   interface HookEventMap { deploy_start: { event: { type: "deploy_start"; target: string }; result: void } }
 * }
 * ```
 *
 * Events outside `NativeEventMap` run every handler in order and ignore results (the series policy).
 */
export interface HookEventMap extends NativeEventMap {}

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
  /** The blocking handler's reason; when none blocked, the last result's (as the seed's runner returns it). */
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
  before_agent_start: BeforeAgentStartOutcome | undefined;
  session_before_fork: SessionBeforeForkResult | undefined;
  resources_discover: ResourcesDiscoverOutcome;
  input: InputEventResult;
  user_bash: UserBashEventResult | undefined;
  message_end: AgentMessage | undefined;
  before_provider_request: unknown;
  tool_call: ToolCallOutcome;
  tool_result: ToolResultOutcome;
}
export type HookEmitOutcome<K extends HookEventName> = K extends keyof HookEmitOutcomeMap
  ? HookEmitOutcomeMap[K]
  : undefined;
