// What a hook dialect is: one agent's settings-hook format (files, events, tools, output protocol) as data.
import type {
  HookAPI,
  HookContext,
  HookEmitOutcome,
  HookEvent,
  HookEventResult,
  HookScope,
  NativeEventName,
} from "@hookwire/core";
import type { ProcessRun } from "@hookwire/core/internal";
import type { RuleFamily } from "@hookwire/shell-rules";
import type { TranscriptLimits } from "../large-output.js";
import type { HandlerResult, HookOutput, OutputOptions } from "../protocol/output.js";
import type { HandlerType } from "../schema.js";
import type { AggregatedOutcome, AttributedResult } from "./outcome.js";
import type { SessionInfo } from "./session.js";

/** The dialects hookwire reads. Adding one: see `dialect-kit/README.md`. */
export type DialectId = "claude" | "codex" | "gemini" | "copilot" | "cursor";

// ─── Sources: where a dialect's files live ──────────────────────────────────────────────────────────

/** Where a source's `path` starts: the user's home folder, the project folder, or the file system root. */
export type SourceRoot = "home" | "project" | "system";

/**
 * One kind of settings file of a dialect. Sources are read in catalogue order, and that order is the
 * order their handlers run and are listed in. A file two sources name (the project folder is the home
 * folder) is read once, under the first.
 */
export interface SourceSpec {
  /** The scope its handlers get (`hookwire list`, trust, `HookSource.level`). */
  scope: HookScope;
  root: SourceRoot;
  /**
   * `/`-separated path under `root`. `{appDir}` repeats the source once per host app folder (default
   * `.hookwire`, next to the dialect's own); `{name}` is any one folder name, expanded in name order
   * (plugins). No other glob syntax.
   */
  path: string;
  format: "json" | "toml";
  /** Dotted key of the hooks block in the file: `"hooks"`. */
  hooksKey: string;
  /** A file a repository can bring: its commands run only once the project is trusted. */
  trust: boolean;
  /**
   * Dotted keys of the parts of this file that decide which hooks run and what they run: the hooks block,
   * its off switches, plugin lists, the environment hooks get. Trust fingerprints these parts and nothing
   * else, so a permission rule, a model or a theme written into the file leaves the project trusted. Keys
   * match without regard to case; when `otherKeys` is declared, a top-level key in neither list is covered
   * too (hookwire cannot tell what it does). The one table of each dialect's hook-relevant keys.
   */
  trustKeys: readonly string[];
  /**
   * A boolean that turns every hook of the dialect off (`"disableAllHooks"`); a dotted key names a nested
   * one (Gemini's `"hooksConfig.enabled"`).
   */
  disableAllKey?: string;
  /** The value of `disableAllKey` that turns hooks off. Default `true`; Gemini's `hooksConfig.enabled` is `false`. */
  disableAllWhen?: boolean;
  /**
   * Dotted key of a list of handler names that do not run, from whichever file of the dialect names them
   * (Gemini's `hooksConfig.disabled`); a handler's name is its `name`, else its command.
   */
  disabledNamesKey?: string;
  /**
   * Dotted keys of booleans that turn every hook of the dialect off when `false` (Codex's
   * `[features] hooks = false`, and its older spelling `codex_hooks`).
   */
  enableKeys?: readonly string[];
  /**
   * The other top-level keys the agent reads from this file: a key in neither these nor the hook keys
   * gets an "unknown key" warning with a did-you-mean. Absent: top-level keys are not checked (a
   * config file shared with many other settings, such as Codex's `config.toml`).
   */
  otherKeys?: readonly string[];
  /** Plugin sources: the folders `{name}` gives `${…PLUGIN_ROOT}` and `${…PLUGIN_DATA}`, same syntax as `path`. */
  plugin?: { root: string; data: string };
  /** Folder names `{name}` never takes (`data` under Claude's plugins holds every plugin's data). */
  excludeNames?: readonly string[];
  /**
   * A source whose folder may also hold files in another dialect's format (Copilot CLI runs
   * Claude-format files found in `.github/hooks/`): the dialect to read this parsed file with, or
   * `undefined` for the source's own. `{name}` may also be a file's stem in the
   * last segment (`.github/hooks/{name}.json`: every `*.json` there, in name order).
   */
  fileDialect?(json: unknown): DialectId | undefined;
}

// ─── Settings file shape ────────────────────────────────────────────────────────────────────────────

/** How a dialect's hooks block is laid out, beyond Claude's `{event: [{matcher, hooks: [handler]}]}`. */
export interface SettingsFormat {
  /** Handler types the dialect's files may use; others are an `INVALID_HANDLER_TYPE` error. */
  handlerTypes: readonly HandlerType[];
  /** The unit of a handler's `timeout` in this dialect's files; handlers keep seconds after validation. */
  timeoutUnit: "seconds" | "milliseconds";
  /** Matcher-group fields besides `matcher` and `hooks` (Gemini's `sequential`); accepted without warning. */
  groupFields?: readonly string[];
  /**
   * Every field a command or http handler of this dialect has, `type` included, under hookwire's names
   * (after `handlerAliases`): the one table that decides which fields count. A field outside it gets an
   * `UNKNOWN_FIELD` warning and is dropped before validation, so hookwire ignores it as the agent does
   * (Codex has no `if`: a Codex handler with one runs on every matching call). Absent: the handler
   * schema's own fields (Claude Code's). A dialect that sets it also keeps each handler's fields as
   * written on `SettingsHandler.fields`, for the options its protocol reads (`cwd`, `failClosed`).
   */
  handlerFields?: readonly string[];
  /**
   * How the files' off switches (`SourceSpec.disableAllKey`, `enableKeys`) combine into the dialect's.
   * `"any-file"` (default): one file that turns hooks off turns the dialect off, whatever another says.
   * `"last-file"`: the switch is a merged setting, and the last file in source order (the highest
   * precedence) that sets it decides, so a later `true` turns back on what an earlier `false` turned
   * off (Gemini CLI's `hooksConfig.enabled`, Codex's `[features] hooks`).
   */
  switchMerge?: "any-file" | "last-file";
  /**
   * Identical handlers of one event (same command and args, same URL) run once. Default `true` (Claude
   * Code); `false` runs each (Codex).
   */
  dedupe?: boolean;
  /**
   * Per-handler switches kept beside the events in a hooks block (Codex's `[hooks.state."<id>"]
   * enabled = false`): `key` is the block's key that is not an event, `id` names a handler from its
   * file (absolute), event, group and handler index. A handler whose entry, in any source of the
   * dialect, has `enabled: false` does not run.
   */
  handlerState?: {
    key: string;
    id(file: string, event: string, group: number, handler: number): string;
  };
  /**
   * `"groups"` (default): `{event: [{matcher, hooks: [handler]}]}`.
   * `"flat"`: `{event: [handler]}`, each handler its own group, its `matcher` field the group's matcher
   * (Copilot CLI's and Cursor's `hooks.json`).
   */
  layout?: "groups" | "flat";
  /** A top-level key the file must hold with this value (`"version": 1`); another value is an error. */
  version?: { key: string; value: unknown };
  /**
   * The dialect's handler fields under hookwire's names, applied before validation
   * (`bash` → `command`, `timeoutSec` → `timeout`). A handler without `type` is a `command` handler
   * when `defaultType` says so (Cursor's hooks have no `type` unless they are prompts).
   */
  handlerAliases?: Readonly<Record<string, string>>;
  defaultType?: HandlerType;
  /**
   * How one event's handlers run. `"parallel"` (default, Claude Code): all at once,
   * answers folded in handler order. `"sequential-until-block"`: one after another in handler order,
   * the first that blocks ends the event and the rest do not run (Copilot CLI, observed).
   */
  run?: "parallel" | "sequential-until-block";
  /** The files hold `permissions` rules (`allow` / `deny` / `ask`, Claude Code's), which hookwire reads too. */
  permissions?: boolean;
}

/**
 * Groups that ask to run their handlers one after another (Gemini's `sequential: true`). When any
 * matching handler's group asks, every matching handler of that occurrence runs in order, and each one's
 * stdin is the previous one's with its rewrite applied.
 */
export interface SequentialSpec {
  /** The matcher-group field that asks for it. */
  groupField: string;
  /** The next handler's stdin after one answered: its rewrite applied (Gemini: prompt, llm_request, tool_input). */
  chain(input: Record<string, unknown>, output: HookOutput, event: string): Record<string, unknown>;
}

/**
 * Per-handler command options some dialects have and Claude Code does not.
 * The bridge reads them from the handler's fields as written.
 */
export interface CommandOptions {
  /** Working folder of the command: relative to the project (Copilot's `cwd`), or the folder of the file (Cursor's user file). */
  cwd?: string;
  /** Extra variables for the command (Copilot's `env`; Cursor's `sessionStart` answer). */
  env?: Readonly<Record<string, string>>;
}

/** The environment variables a dialect's commands see for hookwire's values. */
export interface VariableSpec {
  /** The project folder, under every name the agent sets (`CLAUDE_PROJECT_DIR`; Gemini sets two). */
  projectDir: readonly string[];
  /** A plugin's folder and data folder (`CLAUDE_PLUGIN_ROOT`, `CLAUDE_PLUGIN_DATA`). */
  pluginRoot?: string;
  pluginData?: string;
  /** A file an `envFile` event's command may write `export X=…` lines to (`CLAUDE_ENV_FILE`). */
  envFile?: string;
}

// ─── Events ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * How a matcher is read. `"regex"`: the agent's rule for tool-like names — a text of plain names is a
 * list of exact names (`Edit|Write`), anything else an unanchored regex (Claude, Codex, Gemini tool
 * events); `"exact"`: `|`-separated exact values only (Gemini lifecycle events); `"none"`: the event
 * takes no matcher (a non-empty one is a warning and ignored).
 */
export type MatcherKind = "regex" | "exact" | "none";

/** What every event of a catalogue says about itself, bridged or not. */
export interface EventInfo<Name extends string = string> {
  /** The dialect's name for it: the key in the hooks block and `hook_event_name`. */
  name: Name;
  /** One line saying when it fires, in the agent's words (docs, `hookwire list`, trace). */
  description: string;
  matcher: MatcherKind;
  /** The input field the matcher tests; tool events test the dialect's tool name. */
  matcherField?: string;
  /** For `"regex"` matchers: which text counts as a list of exact names. Default `/^[A-Za-z0-9_\- ,|]+$/`. */
  matcherNames?: RegExp;
  /** Blocking (exit code / `decision: "block"`) has an effect; elsewhere it is an error shown to the user. */
  canBlock: boolean;
  /** `continue: false` ends the agent's turn; on other events it is ignored. */
  canStop: boolean;
  /** Carries a tool call: the matcher tests the tool's dialect name and handlers' `if` rules are evaluated. */
  tool: boolean;
  /** Reads a permission verdict and an input rewrite (`permissionDecision`, `updatedInput`). */
  permission?: boolean;
  /** Seconds a handler runs before it is killed, unless it sets `timeout`. */
  defaultTimeout: number;
}

/** Context a bridged event's `input` and `apply` get: the native call, the session, the bridge's services. */
export interface EventContext<N extends NativeEventName, State> {
  /** The native event being handled. */
  event: HookEvent<N>;
  /** Core's handler context (ui, model, abort). */
  hook: HookContext;
  /** The bridge's hook API: messages to the model, error reports. */
  api: Pick<HookAPI, "sendMessage" | "reportError">;
  /** Session fields shared by every event (id, transcript path, prompt id, permission mode). */
  session: SessionInfo;
  /** The dialect's state (`Dialect.createState`), shared by its events: the call's session's (`CallContext.state`), or the bridge's own. */
  state: State;
  /** Bridge options events read (`sessionStartSource`, `stopHookCap`, …), resolved. */
  options: BridgeSettings;
  /** Tool events: the call in the dialect's terms, translated once per call. */
  tool?: DialectToolCall;
  /** Milliseconds since the matching `tool_call` finished its hooks (tool_result only); 0 when unknown. */
  toolDurationMs?: number;
  /**
   * tool_result only: Claude Code's bounds on a large output (the transcript's `TRANSCRIPT_LIMITS`) and
   * `save`, which writes the call's whole output where the transcript keeps it — before it returns, once
   * per call, only when a handler will run — and gives the file; `undefined` when it cannot be written.
   */
  largeOutput?: { limits: Readonly<TranscriptLimits>; save(text: string): string | undefined };
  /**
   * Additive (cursor): the fields as written of the handler behind a `hookPath` in the outcome, for
   * per-handler options an event honours (`loop_limit`); `undefined` for a path no handler has.
   */
  handlerFields?(hookPath: string): Readonly<Record<string, unknown>> | undefined;
  /** The bridge's name, for reports no handler owns. */
  hookName: string;
  cwd: string;
}

/** Options of the bridge an event may read; each has its default resolved. */
export interface BridgeSettings {
  sessionStartSource: string;
  stopHookCap: number;
}

/**
 * An event the bridge runs on a native event. `Fields` are its own stdin fields (the protocol adds the
 * dialect's common ones); `apply` turns the combined answer of its handlers into the native result.
 */
export interface BridgedEventSpec<
  Name extends string = string,
  N extends NativeEventName = NativeEventName,
  Fields extends object = Record<string, unknown>,
  State = unknown,
> extends EventInfo<Name> {
  native: N;
  /** Whether this occurrence of the native event is this event's (PostToolUse: not an error). Default: all. */
  onlyWhen?(event: HookEvent<N>): boolean;
  /** Native fields that make an occurrence this event's, for `hookwire emit <name>` (PostToolUseFailure: `isError: true`). */
  emitAs?: Partial<HookEvent<N>>;
  /** Session fields its stdin carries, by the protocol's names (`prompt_id`, `permission_mode`, `effort`). */
  session: readonly string[];
  /** Command handlers get a fresh `VariableSpec.envFile` (Claude's SessionStart). */
  envFile?: boolean;
  /** The event's own stdin fields. */
  input(event: HookEvent<N>, ctx: EventContext<N, State>): Fields;
  /**
   * The native handler's result from the handlers' combined answer; `undefined` changes nothing.
   * `results` are the answers one by one, for what a dialect reads beyond `AggregatedOutcome`
   * (fields its protocol keeps in `HookOutput.extra`).
   */
  apply(
    outcome: AggregatedOutcome,
    ctx: EventContext<N, State> & { fields: Fields; results: readonly AttributedResult[] },
  ): HookEventResult<N> | undefined | Promise<HookEventResult<N> | undefined>;
  /**
   * The other direction, for the agent as host (`hookwire hook <agent> <event>`): its stdin to the native
   * event, and what hookwire's hooks decided to the answer the agent reads. Absent: hookwire does not serve
   * this event inside the agent (`hookwire connect` registers only events that have it).
   */
  asAgentHook?: AgentHookSpec<NoInfer<N>>;
}

// ─── As the agent's hook: the agent as host (`asAgentHook`) ──────────────────────────────────────────────────────

/** What hookwire's hooks made of one native event inside an agent, as `hookwire hook` hands it back. */
export interface HostOutcome<N extends NativeEventName = NativeEventName> {
  /** What `runner.emit` resolved to. */
  outcome: HookEmitOutcome<N>;
  /** Text hooks sent while it ran (`pi.sendMessage`); `followUp`: with `triggerTurn`, a new turn for the agent. */
  messages: readonly { text: string; hookPath: string; followUp: boolean }[];
  /** A hook asked the user (`ctx.ui.confirm`, where the event `asks`): the agent asks instead. */
  asked?: { question: string; hookPath: string };
}

/** The agent's answer in hookwire's output terms, and what the agent has no field for. */
export interface HostAnswer {
  output: HookOutput;
  /** What hooks did that this agent cannot apply on this event (`"a rewritten tool input"`). */
  unapplied: string[];
}

export interface AgentHookSpec<N extends NativeEventName = NativeEventName> {
  /** The native event the agent's stdin stands for: the reverse of `input`. */
  event(stdin: Record<string, unknown>, cwd: string): HookEvent<N>;
  /** The agent can ask its user here (`permissionDecision: "ask"`): `ctx.ui.confirm` becomes its question. */
  asks?: boolean;
  /** The agent's answer: the reverse of `apply` (its `apply` reads this answer back as the outcome). */
  answer(result: HostOutcome<N>, event: HookEvent<N>, stdin: Record<string, unknown>): HostAnswer;
}

/** An event the agent has and no native event carries: validated and listed, never run. */
export interface UnbridgedEventSpec<Name extends string = string> extends EventInfo<Name> {
  native?: undefined;
  /** Why hookwire does not run it, for `doctor` and docs/dialects.md. */
  unbridged: string;
}

// biome-ignore lint/suspicious/noExplicitAny: a catalogue holds events of every native event and field shape.
export type AnyBridgedEvent<State = any> = BridgedEventSpec<string, any, any, State>;

// biome-ignore lint/suspicious/noExplicitAny: see AnyBridgedEvent.
export type EventSpec<State = any> = AnyBridgedEvent<State> | UnbridgedEventSpec;

// ─── Tools ──────────────────────────────────────────────────────────────────────────────────────────

/** One input field of a tool under both names, with the conversion between their values. */
export interface FieldSpec {
  native: string;
  /** The dialect's name. */
  name: string;
  /** A file path: hooks see it absolute and normalised, as the agent sends it. */
  path?: true;
  toDialect?(value: unknown): unknown;
  toNative?(value: unknown): unknown;
}

/** Which permission-rule semantics a tool's `Tool(pattern)` rules get (defined with the rules). */
export type { RuleFamily };

/** What a native call produced, for building the dialect's `tool_response`. */
export interface NativeResult {
  /** The dialect-shaped input the call ran with. */
  input: Record<string, unknown>;
  /** The result's text content, joined. */
  text: string;
  /** The tool's `details`; `originalFile` and `filenames` are read when present. */
  details: unknown;
}

/** One tool of a dialect: its name, hookwire's native tool when there is one, and how inputs translate. */
export interface ToolSpec {
  /** The dialect's name (`Bash`, `run_shell_command`): what matchers and rules name. */
  name: string;
  /** hookwire's native tool (`bash`); absent for tools only the agent has (they appear in matchers and rules). */
  native?: string;
  fields?: readonly FieldSpec[];
  /** Dialect fields the tool cannot run without: a whole-input rewrite must keep them. */
  required?: readonly string[];
  /** Dialect fields the agent fills in before hooks see the input, with their defaults. */
  defaults?: Readonly<Record<string, unknown>>;
  family: RuleFamily;
  /** Dialect fields a `read` / `edit` rule reads the path from, first present wins. */
  pathFields?: readonly string[];
  /** `read` tools that search: without a path they search the working directory. */
  searchesCwd?: true;
  /** `value` tools: the text a rule pattern is matched against. */
  ruleValue?(input: Record<string, unknown>, pattern: string): string;
  /** The dialect's `tool_response` for the native result; absent: the table's `response`. */
  response?(result: NativeResult): unknown;
}

export interface ToolTable {
  tools: readonly ToolSpec[];
  /** Dialect tool names are compared case-insensitively when mapped back to native tools (`BASH` → `bash`). */
  caseInsensitive: boolean;
  /** `tool_response` of a tool without its own: Claude's `{output, details}`. */
  response(result: NativeResult): unknown;
  /** Tools whose output a hook may replace with any value (MCP tools); others only in their own shape. */
  freeOutput(name: string): boolean;
  /** The rule tool name that covers a whole family (Claude: `Read(…)` covers Grep and Glob, `Edit(…)` Write). */
  families?: Partial<Record<RuleFamily, string>>;
}

/** A native call in a dialect's terms: translated once per call, read by matchers, rules and `input`. */
export interface DialectToolCall {
  /** The native tool name and input. */
  nativeName: string;
  nativeInput: Record<string, unknown>;
  /** The dialect's name and input (absolute file paths, dialect field names and units). */
  name: string;
  input: Record<string, unknown>;
  /** Its table entry; absent for tools the dialect does not know (MCP, host tools). */
  spec?: ToolSpec;
}

// ─── Protocol ───────────────────────────────────────────────────────────────────────────────────────

/** How a dialect's handlers are talked to: stdin in, exit code / stdout / stderr out. */
export interface ProtocolSpec {
  /** The whole stdin JSON (or POST body): the dialect's common fields around the event's own `fields`. */
  input(event: AnyBridgedEvent, fields: object, session: SessionInfo): Record<string, unknown>;
  /**
   * A JSON object a handler answered (stdout, http body, executor result) as hookwire's `HookOutput`,
   * each field validated on its own (a bad one dropped with a warning, never an exception).
   */
  output(json: Record<string, unknown>, options: OutputOptions): { output: HookOutput; warnings: string[] };
  /** A finished command as a `HandlerResult`: which exit codes block, what stderr and stdout mean. */
  exit(
    run: ProcessRun,
    options: OutputOptions & {
      timeoutMs: number;
      /** Additive (cursor): the handler's fields as written, for per-handler protocol switches (`failClosed`). */
      handler?: Readonly<Record<string, unknown>>;
    },
  ): HandlerResult;
  /**
   * how a command handler of this dialect runs — its working folder and
   * extra variables, from the handler's fields as written and the file it is in. Absent: the project
   * folder, no extra variables (Claude Code).
   */
  command?(
    handler: Readonly<Record<string, unknown>>,
    where: { file: string; project: string; state: unknown },
  ): CommandOptions;
  /** The session an agent's stdin belongs to: the reverse of `input`'s common fields. */
  session?(stdin: Record<string, unknown>): SessionInfo;
  /**
   * What the agent reads on stdout (exit 0) for an answer: the reverse of `output`, which reads it back
   * as the same `HookOutput`. Fields the agent has no place for are `unapplied`.
   */
  encode?(output: HookOutput, event: EventInfo): { stdout: string; unapplied: string[] };
}

// ─── The dialect ────────────────────────────────────────────────────────────────────────────────────

/** A field of the agent's format hookwire does not honour, and why (docs/dialects.md, `doctor`). */
export interface Unsupported {
  /** `hooks.*.hooks[].once`, `PermissionRequest`, … */
  field: string;
  why: string;
}

/**
 * One agent's settings hooks as data. The bridge, read-settings, the loader's discovery and the CLI
 * read only this: a new dialect is a folder under `src/dialects/` and one line in `dialects/registry.ts`.
 */
// biome-ignore lint/suspicious/noExplicitAny: State is the dialect's own; the registry holds dialects of any state.
export interface Dialect<State = any> {
  id: DialectId;
  /** The agent's name as users know it: "Claude Code". */
  label: string;
  sources: readonly SourceSpec[];
  settings: SettingsFormat;
  /** Every event of the agent, in its reference's order; bridged ones carry `native`, `input`, `apply`. */
  events: readonly EventSpec<State>[];
  tools: ToolTable;
  protocol: ProtocolSpec;
  variables: VariableSpec;
  /** Compiles a matcher once, at validation; throws a `SettingsError` naming what is wrong (invalid or unsafe regex). */
  compileMatcher(matcher: string | undefined, event: EventInfo): (value: string) => boolean;
  /** Sequential groups; absent: a dialect's handlers of one occurrence always run in parallel. */
  sequential?: SequentialSpec;
  /** Fresh per-bridge state its events share (Claude: the Stop loop count, the compaction trigger). */
  createState(): State;
  unsupported: readonly Unsupported[];
}
