// Reads one settings file into handlers, collecting every problem as data instead of failing on the first.
import { isAbsolute, relative, resolve } from "node:path";
import { isHookwireError } from "@hookwire/core";
import { didYouMean, MAX_JSON_DEPTH, nestsDeeperThan, readRegularFile } from "@hookwire/core/internal";
import { type PermissionRule, parseRule } from "@hookwire/shell-rules";
import type { ParseError } from "jsonc-parser";
import { compileGroupMatcher, keepCompiled } from "./compiled.js";
import { parseConnectionEntry } from "./connection.js";
import { eventNames, findEvent } from "./dialect-kit/catalogue.js";
import { asGroups, versionProblem } from "./dialect-kit/layout.js";
import type { Dialect, DialectId } from "./dialect-kit/types.js";
import { dialectById, loadDialect } from "./dialects/registry.js";
import { isSettingsError } from "./errors.js";
import { jsoncParser } from "./lazy-deps.js";
import {
  checkHandler,
  describeValue,
  describeZodIssue,
  type HandlerVerdicts,
  isHandlerType,
  MAX_SENSIBLE_TIMEOUT,
} from "./schema.js";
import { type SettingsSource, sourceSpecOf } from "./sources.js";
import { parseTomlFile } from "./toml-file.js";
import type { HandlerConfig, SettingsHandler } from "./types.js";

/** One problem in a settings file; errors drop the part they are in, warnings keep it. */
export interface SettingsIssue {
  severity: "error" | "warning";
  code: string;
  file: string;
  /** JSON path, e.g. `hooks.PreToolUse[0].hooks[1].type`; empty for the file as a whole. */
  path: string;
  message: string;
  /** For JSON syntax errors, 1-based. */
  line?: number;
  column?: number;
}

export interface SettingsFileResult {
  source: SettingsSource;
  exists: boolean;
  /** `"disableAllHooks": true` in this file (or its dialect's other off switch says off). */
  disableAllHooks: boolean;
  /**
   * What this file's off switch says when it says anything: `false` off, `true` on (`hooksConfig.enabled:
   * true`); absent when the file is silent. `activeHandlers` combines the files' answers by the dialect's
   * `SettingsFormat.switchMerge`.
   */
  hooksSwitch?: boolean;
  /** The valid handlers, in file order (still listed when `disableAllHooks` is set, so they can be shown). */
  handlers: SettingsHandler[];
  /**
   * Handlers this file turns off by id (Codex's `[hooks.state."<id>"] enabled = false`), wherever they are
   * configured; `activeHandlers` applies them.
   */
  disabledHandlers?: string[];
  issues: SettingsIssue[];
  /**
   * Handler names this file turns off (the source's `disabledNamesKey`, Gemini's `hooksConfig.disabled`),
   * for handlers of every file of its dialect; `activeHandlers` applies them.
   */
  disabledNames?: string[];
  /**
   * hookwire's own entries in this file (`hookwire connect`): never handlers — hookwire does not run or
   * fingerprint them, the agent does — listed for `hookwire list` and `doctor`.
   */
  connections?: SettingsConnection[];
  /** Claude Code's `permissions` rule lists (`Bash(rm *)`), as written; hosts that apply them read them here. */
  permissions?: SettingsPermissions;
}

/** The `permissions` rule lists of a Claude Code settings file. */
export interface SettingsPermissions {
  allow?: string[];
  deny?: string[];
  ask?: string[];
}

/** One `hookwire hook <agent> <event>` entry found in a settings file. */
export interface SettingsConnection {
  agent: DialectId;
  event: string;
  /** The words that start hookwire, as written (absolute paths `doctor` checks). */
  invocation: readonly string[];
  /** Where it is written, as for handlers: `hooks.PreToolUse[2].hooks[0]`. */
  jsonPath: string;
  /** An http entry's port, or the port the command makes sure the server listens on (`--http-port`). */
  httpPort?: number;
}

type Issues = Pick<SettingsIssue, "severity" | "code" | "path" | "message">[];

export interface ValidateOptions {
  /** zod's acceptances remembered across processes (see `HandlerVerdicts`); without it zod checks every handler. */
  verdicts?: HandlerVerdicts;
}

/**
 * Validates parsed JSON handler by handler, in the source's dialect: a bad handler or group is dropped
 * with an error, the rest kept. Matchers and `if` rules are compiled here, once, and kept with the handlers.
 * The dialect must be loaded (`loadDialect`; `readSettingsFile` loads it, and Claude Code's always is).
 */
/** `permissions.allow|deny|ask`: the string rules kept, anything else a warning naming its JSON path. */
function readPermissions(value: unknown, issues: Issues): SettingsPermissions | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    issues.push(
      warning("SETTINGS_INVALID", "permissions", `Expected an object, got ${describeValue(value)}; ignored.`),
    );
    return undefined;
  }
  const lists: SettingsPermissions = {};
  for (const list of ["allow", "deny", "ask"] as const) {
    const rules = value[list];
    if (rules === undefined) continue;
    if (!Array.isArray(rules)) {
      issues.push(
        warning(
          "SETTINGS_INVALID",
          `permissions.${list}`,
          `Expected an array of rules, got ${describeValue(rules)}; ignored.`,
        ),
      );
      continue;
    }
    lists[list] = rules.filter((rule, i) => {
      if (typeof rule === "string") return true;
      issues.push(
        warning(
          "SETTINGS_INVALID",
          `permissions.${list}[${i}]`,
          `Expected a rule such as "Bash(rm *)", got ${describeValue(rule)}; ignored.`,
        ),
      );
      return false;
    });
  }
  return lists;
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one pass over a settings document, each key's check writing to the same issue list in file order.
export function validateSettings(
  json: unknown,
  source: SettingsSource,
  options: ValidateOptions = {},
): Omit<SettingsFileResult, "exists"> {
  const spec = sourceSpecOf(source);
  // A folder one agent reads may hold files in another's format (Copilot runs Claude-format files).
  const other = spec.fileDialect?.(json);
  if (other !== undefined && other !== source.dialect) {
    const { spec: _spec, ...rest } = source;
    return validateSettings(json, { ...rest, dialect: other }, options);
  }
  const dialect = dialectById(source.dialect);
  const issues: Issues = [];
  const handlers: SettingsHandler[] = [];
  const connections: SettingsConnection[] = [];
  const disabled: string[] = [];
  let disabledNames: string[] | undefined;
  let hooksSwitch: boolean | undefined;
  let permissions: SettingsPermissions | undefined;
  const finish = (disableAllHooks: boolean): Omit<SettingsFileResult, "exists"> => ({
    source,
    disableAllHooks,
    ...(hooksSwitch !== undefined ? { hooksSwitch } : {}),
    handlers,
    ...(disabled.length > 0 ? { disabledHandlers: disabled } : {}),
    issues: issues.map((issue) => ({ ...issue, file: source.file })),
    ...(disabledNames ? { disabledNames } : {}),
    ...(connections.length > 0 ? { connections } : {}),
    ...(permissions ? { permissions } : {}),
  });
  if (!isObject(json)) {
    issues.push(
      error("SETTINGS_INVALID", "", `Expected a JSON object at the top level, got ${describeValue(json)}.`),
    );
    return finish(false);
  }
  if (dialect.settings.permissions) permissions = readPermissions(json.permissions, issues);
  const hookKeys = [
    spec.hooksKey.split(".")[0] as string,
    ...(spec.disableAllKey ? [spec.disableAllKey] : []),
  ];
  // A file shared with many other settings (no `otherKeys`) is not checked key by key.
  const topLevel: readonly string[] = spec.otherKeys ? [...hookKeys, ...spec.otherKeys] : [];
  for (const field of spec.otherKeys ? Object.keys(json) : []) {
    if (topLevel.includes(field)) continue;
    const hint = didYouMean(field, topLevel);
    issues.push(
      warning(
        "UNKNOWN_FIELD",
        key(field).replace(/^\./, ""),
        `Unknown top-level key ${JSON.stringify(field)} is ignored${hint ? `; did you mean ${JSON.stringify(hint)}?` : "."}`,
      ),
    );
  }
  let disableAllHooks = false;
  const disableKey = spec.disableAllKey;
  const disable = disableKey ? valueAt(json, disableKey.split(".")) : undefined;
  if (disableKey && disable !== undefined) {
    // Gemini's switch is `hooksConfig.enabled`: `false` turns hooks off.
    if (typeof disable === "boolean") {
      disableAllHooks = disable === (spec.disableAllWhen ?? true);
      hooksSwitch = !disableAllHooks;
    } else {
      issues.push(
        error(
          "SETTINGS_INVALID",
          disableKey,
          `Invalid ${disableKey}: expected true or false, got ${describeValue(disable)}.`,
        ),
      );
    }
  }
  for (const enableKey of spec.enableKeys ?? []) {
    const enabled = valueAt(json, enableKey.split("."));
    if (typeof enabled === "boolean") hooksSwitch = hooksSwitch === false ? false : enabled;
    if (enabled === false) disableAllHooks = true;
    else if (enabled !== undefined && typeof enabled !== "boolean") {
      issues.push(
        error(
          "SETTINGS_INVALID",
          enableKey,
          `Invalid ${enableKey}: expected true or false, got ${describeValue(enabled)}.`,
        ),
      );
    }
  }
  const namesKey = spec.disabledNamesKey;
  const names0 = namesKey ? valueAt(json, namesKey.split(".")) : undefined;
  if (namesKey && names0 !== undefined) {
    if (Array.isArray(names0) && names0.every((name) => typeof name === "string")) disabledNames = names0;
    else {
      issues.push(
        error(
          "SETTINGS_INVALID",
          namesKey,
          `Invalid ${namesKey}: expected a list of hook names (a hook's "name", else its command), got ${describeValue(names0)}.`,
        ),
      );
    }
  }
  const versionIssue = versionProblem(json, dialect.settings);
  if (versionIssue) {
    issues.push(error("SETTINGS_INVALID", dialect.settings.version?.key ?? "", versionIssue));
    return finish(disableAllHooks);
  }
  const written = valueAt(json, spec.hooksKey.split("."));
  // Flat files (`{event: [handler]}`) are read as groups of one handler each.
  const hooks = isObject(written) ? asGroups(written, dialect.settings) : written;
  if (hooks === undefined) return finish(disableAllHooks);
  if (!isObject(hooks)) {
    issues.push(
      error(
        "SETTINGS_INVALID",
        spec.hooksKey,
        `Invalid hooks: expected an object mapping event names to matcher groups, got ${describeValue(hooks)}.`,
      ),
    );
    return finish(disableAllHooks);
  }
  const names = eventNames(dialect);
  const stateKey = dialect.settings.handlerState?.key;
  for (const [event, groups] of Object.entries(hooks)) {
    const eventPath = `${spec.hooksKey}${key(event)}`;
    if (event === stateKey) {
      disabled.push(...disabledIds(groups, eventPath, issues));
      continue;
    }
    if (!findEvent(dialect, event)) {
      const hint = didYouMean(event, names);
      issues.push(
        error(
          "UNKNOWN_EVENT",
          eventPath,
          `Unknown event ${JSON.stringify(event)}${hint ? `; did you mean ${JSON.stringify(hint)}?` : "."}` +
            " Its hooks are skipped.",
        ),
      );
      continue;
    }
    if (!Array.isArray(groups)) {
      issues.push(
        error(
          "SETTINGS_INVALID",
          eventPath,
          `Invalid ${event}: expected an array of matcher groups like [{"matcher": "Bash", "hooks": [...]}], got ${describeValue(groups)}.`,
        ),
      );
      continue;
    }
    groups.forEach((group, index) => {
      validateGroup(group, {
        dialect,
        event,
        path: `${eventPath}[${index}]`,
        group: index,
        source,
        issues,
        handlers,
        connections,
        verdicts: options.verdicts,
      });
    });
  }
  return finish(disableAllHooks);
}

/** The ids a per-handler state table turns off (`{"<id>": {"enabled": false}}`); its other entries are the agent's. */
function disabledIds(table: unknown, path: string, issues: Issues): string[] {
  if (!isObject(table)) {
    issues.push(
      error(
        "SETTINGS_INVALID",
        path,
        `Invalid ${path}: expected a table of hook ids, got ${describeValue(table)}.`,
      ),
    );
    return [];
  }
  return Object.entries(table)
    .filter(([, entry]) => isObject(entry) && entry.enabled === false)
    .map(([id]) => id);
}

interface GroupContext {
  dialect: Dialect;
  event: string;
  path: string;
  /** The group's index under its event. */
  group: number;
  source: SettingsSource;
  issues: Issues;
  handlers: SettingsHandler[];
  connections: SettingsConnection[];
  verdicts: HandlerVerdicts | undefined;
}

function validateGroup(group: unknown, context: GroupContext): void {
  const { dialect, event, path, issues } = context;
  const groupFields = ["matcher", "hooks", ...(dialect.settings.groupFields ?? [])];
  if (!isObject(group)) {
    issues.push(
      error(
        "SETTINGS_INVALID",
        path,
        `Invalid matcher group: expected an object like {"matcher": "Bash", "hooks": [...]}, got ${describeValue(group)}.`,
      ),
    );
    return;
  }
  for (const field of Object.keys(group)) {
    if (!groupFields.includes(field)) {
      issues.push(warning("UNKNOWN_FIELD", `${path}${key(field)}`, unknownField(field, groupFields)));
    }
  }
  const matcher = group.matcher;
  if (matcher !== undefined && typeof matcher !== "string") {
    issues.push(
      error(
        "HOOK_INVALID_MATCHER",
        `${path}.matcher`,
        `Invalid matcher: expected a string such as "Bash" or "Edit|Write", got ${describeValue(matcher)}. This group is skipped.`,
      ),
    );
    return;
  }
  let matches: (value: string) => boolean = () => true;
  if (
    findEvent(dialect, event)?.matcher === "none" &&
    matcher !== undefined &&
    matcher !== "" &&
    matcher !== "*"
  ) {
    issues.push(
      warning(
        "MATCHER_IGNORED",
        `${path}.matcher`,
        `${event} does not support matchers; ${JSON.stringify(matcher)} is ignored and the group runs on every ${event}.`,
      ),
    );
  } else {
    try {
      matches = compileGroupMatcher(dialect, event, matcher);
    } catch (cause) {
      const reason = isSettingsError(cause) ? cause.shortMessage : String(cause);
      const code =
        isSettingsError(cause) && cause.code === "UNSAFE_MATCHER" ? cause.code : "HOOK_INVALID_MATCHER";
      issues.push(error(code, `${path}.matcher`, `${reason} This group is skipped.`));
      return;
    }
  }
  if (!Array.isArray(group.hooks)) {
    issues.push(
      error(
        "SETTINGS_INVALID",
        `${path}.hooks`,
        `Invalid hooks: expected an array of handlers like [{"type": "command", "command": "..."}], got ${describeValue(group.hooks)}.`,
      ),
    );
    return;
  }
  const stateId = dialect.settings.handlerState?.id;
  // In a flat file the group is the handler: its path is the handler's.
  const flat = dialect.settings.layout === "flat";
  group.hooks.forEach((raw, index) => {
    const handlerPath = flat ? path : `${path}.hooks[${index}]`;
    // hookwire's own entry is the agent's to run: validating or running it here would run hookwire in itself.
    const connection = parseConnectionEntry(raw);
    if (connection) {
      const { agent, event: name, invocation, httpPort } = connection;
      context.connections.push({
        agent,
        event: name,
        invocation,
        jsonPath: handlerPath,
        ...(httpPort !== undefined ? { httpPort } : {}),
      });
      return;
    }
    const checked = validateHandler(raw, handlerPath, context);
    if (!checked) return;
    const { config, rule } = checked;
    const { source } = context;
    const handler: SettingsHandler = {
      dialect: dialect.id,
      event,
      matcher,
      config,
      file: source.file,
      scope: source.scope,
      jsonPath: handlerPath,
      ...(stateId ? { stateId: stateId(resolve(source.file), event, context.group, index) } : {}),
      ...(dialect.sequential && group[dialect.sequential.groupField] === true ? { sequential: true } : {}),
      ...(isObject(raw) && typeof raw.name === "string" && raw.name !== "" ? { name: raw.name } : {}),
      ...(source.pluginRoot !== undefined ? { pluginRoot: source.pluginRoot } : {}),
      ...(source.pluginData !== undefined ? { pluginData: source.pluginData } : {}),
      // Fields the dialect reads beyond hookwire's handler shape (cwd, env, failClosed, loop_limit).
      ...(dialect.settings.handlerFields && isObject(raw) ? { fields: raw } : {}),
    };
    keepCompiled(handler, rule ? { matches, rule } : { matches });
    context.handlers.push(handler);
  });
}

function validateHandler(
  raw: unknown,
  path: string,
  context: GroupContext,
): { config: HandlerConfig; rule?: PermissionRule } | undefined {
  const { dialect, event, issues } = context;
  const types = dialect.settings.handlerTypes;
  if (!isObject(raw)) {
    issues.push(
      error(
        "SETTINGS_INVALID",
        path,
        `Invalid handler: expected an object like {"type": "command", "command": "..."}, got ${describeValue(raw)}.`,
      ),
    );
    return undefined;
  }
  const type = raw.type;
  if (!isHandlerType(type) || !types.includes(type)) {
    const hint = typeof type === "string" ? didYouMean(type, types) : undefined;
    const handlerTypeList = types.map((name) => JSON.stringify(name)).join(" | ");
    issues.push(
      error(
        "INVALID_HANDLER_TYPE",
        `${path}.type`,
        `Invalid handler type: expected one of ${handlerTypeList}, got ${describeValue(type)}` +
          `${hint ? `; did you mean ${JSON.stringify(hint)}?` : "."} This handler is skipped.`,
      ),
    );
    return undefined;
  }
  // The dialect's field table decides: a field it does not list is not the agent's, so it is not read.
  const own = dialect.settings.handlerFields;
  const hostType = type !== "command" && type !== "http";
  const written =
    own && !hostType ? Object.fromEntries(Object.entries(raw).filter(([field]) => own.includes(field))) : raw;
  const parsed = checkHandler(type, written, context.verdicts);
  if (!parsed.ok) {
    for (const issue of parsed.issues) {
      const issuePath = `${path}${issue.path.map((segment) => key(segment as string | number)).join("")}`;
      const field = issue.path.length > 0 ? issue.path.join(".") : "handler";
      issues.push(
        error(
          "INVALID_HANDLER",
          issuePath,
          `Invalid ${field}: ${describeZodIssue(issue, valueAt(raw, issue.path))}. This handler is skipped.`,
        ),
      );
    }
    return undefined;
  }
  const config = parsed.data as HandlerConfig;
  if (!hostType) {
    const known = own ?? parsed.known;
    for (const field of Object.keys(raw)) {
      if (!known.includes(field)) {
        issues.push(warning("UNKNOWN_FIELD", `${path}${key(field)}`, unknownField(field, known)));
      }
    }
  }
  if (config.timeout !== undefined && dialect.settings.timeoutUnit === "milliseconds") {
    // Handlers keep seconds, whatever unit their file is written in.
    config.timeout /= 1000;
  } else if (config.timeout !== undefined && config.timeout > MAX_SENSIBLE_TIMEOUT) {
    issues.push(
      warning(
        "TIMEOUT_UNITS",
        `${path}.timeout`,
        `timeout is in seconds, not milliseconds: ${config.timeout} is ${formatSeconds(config.timeout)}; ` +
          `for ${seconds(config.timeout)} seconds write ${seconds(config.timeout)}.`,
      ),
    );
  }
  if (config.if === undefined) return { config };
  let rule: PermissionRule;
  try {
    rule = parseRule(config.if);
  } catch (cause) {
    const reason = isHookwireError(cause) ? cause.shortMessage : String(cause);
    issues.push(error("HOOK_INVALID_RULE", `${path}.if`, `${reason} This handler is skipped.`));
    return undefined;
  }
  if (!findEvent(dialect, event)?.tool) {
    const toolEvents = dialect.events.filter((spec) => spec.tool).map((spec) => spec.name);
    issues.push(
      warning(
        "IF_NEVER_MATCHES",
        `${path}.if`,
        `"if" is evaluated only on tool events (${toolEvents.join(", ")}); on ${event} this handler never runs.`,
      ),
    );
  }
  return { config, rule };
}

/** Settings files larger than this are refused unread (1 MiB; real ones are a few KB). */
export const MAX_SETTINGS_BYTES = 1024 * 1024;

/** Reads and validates one file; a missing file is `exists: false` without issues. */
export function readSettingsFile(source: SettingsSource): Promise<SettingsFileResult> {
  return readSettingsFileWith(source, {});
}

/** `readSettingsFile` with options: zod's verdicts remembered across processes. */
// Async for its callers; the read is synchronous and cannot block (see readRegularFile).
export async function readSettingsFileWith(
  source: SettingsSource,
  options: ValidateOptions,
): Promise<SettingsFileResult> {
  // The file is there but gives no handlers, only the one issue that says why.
  const unusable = (issue: SettingsIssue): SettingsFileResult => ({
    source,
    exists: true,
    disableAllHooks: false,
    handlers: [],
    issues: [issue],
  });
  // A repository's settings file may be a link to /dev/zero or a FIFO: only a capped regular file is read.
  const read = readRegularFile(source.file, MAX_SETTINGS_BYTES);
  if (!read.ok) {
    if (read.reason === "missing")
      return { source, exists: false, disableAllHooks: false, handlers: [], issues: [] };
    return unusable({
      severity: "error",
      code: read.reason === "unreadable" ? "SETTINGS_UNREADABLE" : "SETTINGS_REFUSED",
      file: source.file,
      path: "",
      message:
        read.reason === "unreadable"
          ? `Cannot read the settings file: ${read.message}`
          : `The settings file ${read.message}; only regular files of at most ${MAX_SETTINGS_BYTES} bytes are read, so it was not.`,
    });
  }
  const text = read.data.toString("utf8");
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === "") {
    return unusable({
      severity: "warning",
      code: "SETTINGS_EMPTY",
      file: source.file,
      path: "",
      message: "The settings file is empty; expected a JSON object such as {}.",
    });
  }
  const spec = sourceSpecOf(source);
  // A recursive reader (the schema, a printer, a parser) would overflow on it: refused before anything reads it.
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
    return unusable({
      severity: "error",
      code: "SETTINGS_REFUSED",
      file: source.file,
      path: "",
      message: `The settings file nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep; no settings file needs that, so it was not read.`,
    });
  }
  if (spec.format === "toml") {
    const toml = parseTomlFile(body);
    if (!toml.ok) {
      const at = toml.line !== undefined ? ` at line ${toml.line}, column ${toml.column ?? 1}` : "";
      return unusable({
        severity: "error",
        code: "INVALID_TOML",
        file: source.file,
        path: "",
        message: `Invalid TOML${at}: ${toml.reason}. No hooks are read from this file.`,
        ...(toml.line !== undefined ? { line: toml.line, column: toml.column ?? 1 } : {}),
      });
    }
    await loadDialectOf(toml.value, source);
    return { ...validateSettings(toml.value, source), exists: true };
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (cause) {
    return unusable(jsonIssue(cause, body, source.file));
  }
  await loadDialectOf(json, source);
  return { ...validateSettings(json, source, options), exists: true };
}

/** Loads the dialect `validateSettings` reads the file in: the source's, or the one its contents say (`fileDialect`). */
async function loadDialectOf(json: unknown, source: SettingsSource): Promise<void> {
  await loadDialect(sourceSpecOf(source).fileDialect?.(json) ?? source.dialect);
}

/** zod-like text: `✖ message` then `  → at hooks.PreToolUse[0].hooks[1].type (file)`; warnings start with `⚠`. */
export function formatIssues(issues: SettingsIssue[], options?: { cwd?: string }): string {
  return issues
    .map((issue) => {
      const file = displayFile(issue.file, options?.cwd);
      const location = issue.line !== undefined ? `${file}:${issue.line}:${issue.column ?? 1}` : file;
      const where = issue.path === "" ? `in ${location}` : `at ${issue.path} (${location})`;
      return `${issue.severity === "error" ? "✖" : "⚠"} ${issue.message}\n  → ${where}`;
    })
    .join("\n");
}

const JSON_PROBLEMS: Record<string, string> = {
  InvalidSymbol: "unexpected character",
  InvalidNumberFormat: "invalid number",
  PropertyNameExpected: "expected a property name in double quotes",
  ValueExpected: "expected a value",
  ColonExpected: 'expected ":"',
  CommaExpected: 'expected ","',
  CloseBraceExpected: 'expected "}"',
  CloseBracketExpected: 'expected "]"',
  EndOfFileExpected: "unexpected text after the end of the JSON value",
  InvalidCommentToken: "comments are not allowed in JSON",
  UnexpectedEndOfComment: "unterminated comment",
  UnexpectedEndOfString: "unterminated string",
  UnexpectedEndOfNumber: "unterminated number",
  InvalidUnicode: "invalid unicode escape",
  InvalidEscapeCharacter: "invalid escape character",
  InvalidCharacter: "invalid character in a string (a raw newline or tab?)",
};

/** The first syntax error as a position and a one-line reason; JSON.parse decides validity, jsonc-parser says where. */
function firstSyntaxError(text: string): { offset: number; reason: string } | undefined {
  // Required here, on a syntax error only: a valid file never pays for jsonc-parser's import.
  const { parse: parseJsonc, printParseErrorCode } = jsoncParser();
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return undefined;
  const before = text.slice(0, first.offset).trimEnd();
  // `{"a": 1,}`: the parser stops at the brace; the mistake is the comma before it.
  if (before.endsWith(",") && /^\s*[}\]]/.test(text.slice(first.offset))) {
    return {
      offset: before.length - 1,
      reason: `trailing comma before "${text.slice(first.offset).trimStart()[0]}"`,
    };
  }
  return { offset: first.offset, reason: JSON_PROBLEMS[printParseErrorCode(first.error)] ?? "invalid JSON" };
}

function jsonIssue(cause: unknown, text: string, file: string): SettingsIssue {
  const found = firstSyntaxError(text);
  const raw = (cause instanceof Error ? cause.message : String(cause)).split("\n")[0] ?? "";
  const offset = found?.offset ?? text.length;
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = before.length - before.lastIndexOf("\n");
  const reason = found?.reason ?? raw.replace(/ in JSON at position \d+.*$/, "");
  return {
    severity: "error",
    code: "INVALID_JSON",
    file,
    path: "",
    message: `Invalid JSON at line ${line}, column ${column}: ${reason}. No hooks are read from this file.`,
    line,
    column,
  };
}

function displayFile(file: string, cwd: string | undefined): string {
  if (cwd === undefined) return file;
  const rel = relative(cwd, file);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : file;
}

function unknownField(field: string, known: readonly string[]): string {
  const hint = didYouMean(field, known);
  return `Unknown field ${JSON.stringify(field)} is ignored${hint ? `; did you mean ${JSON.stringify(hint)}?` : "."}`;
}

function seconds(milliseconds: number): number {
  return Math.max(1, Math.round(milliseconds / 1000));
}

function formatSeconds(seconds: number): string {
  return seconds >= 3600 ? `${Math.round((seconds / 3600) * 10) / 10} hours` : `${seconds} s`;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const segment of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

/** `.name` for identifiers, `["odd key"]` otherwise, `[3]` for indexes. */
function key(segment: string | number): string {
  if (typeof segment === "number") return `[${segment}]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function error(code: string, path: string, message: string): Issues[number] {
  return { severity: "error", code, path, message };
}

function warning(code: string, path: string, message: string): Issues[number] {
  return { severity: "warning", code, path, message };
}
