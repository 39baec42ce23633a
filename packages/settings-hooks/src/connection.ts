// hookwire's own entry in an agent's settings: the one command `hookwire connect` writes and discovery recognises.

import type { DialectId } from "./dialect-kit/types.js";
import { DIALECT_IDS } from "./dialects/registry.js";

/** What a connection entry runs: `<invocation> hook <agent> <event> [--fail-open] [--fail-closed-hooks]`. */
export interface HookwireCommand {
  /**
   * The words that start hookwire: the absolute shell entry (`…/bin/hookwire-hook`), `["hookwire"]`, or an absolute node
   * and the absolute CLI script.
   */
  invocation: readonly string[];
  agent: DialectId;
  event: string;
  /** Chosen at connect time: a failure inside hookwire lets the action through instead of refusing it. */
  failOpen: boolean;
  /** Chosen at connect time: any hook that fails on a tool event refuses the call (`--fail-closed-hooks`). */
  failClosedHooks?: boolean;
  /**
   * `--http-port N`, on the command `connect --http` keeps beside the http entries (SessionStart): the call first
   * makes sure this user's server listens on that port for them.
   */
  httpPort?: number;
  /**
   * Appended for agents without a fail-closed switch: when hookwire cannot even start (a moved install,
   * no node), the command still refuses the action (exit 2 with the reason on stderr).
   */
  guard: boolean;
  /**
   * A file others run (a committed project file): `invocation` is `hookwire-hook`, found on PATH, and the command first
   * checks it is there. Where it is not (a teammate without hookwire), it says how to install hookwire and exits 2
   * (`refuse`: the agents' blocking exit, for a tool-gating entry) or 1 (`warn`: shown, nothing blocked).
   */
  missing?: "refuse" | "warn";
}

/** Words written as they are; anything else is single-quoted (POSIX: `'` as `'\''`). */
const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;

function quote(word: string): string {
  return PLAIN.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The text of the failure guard: one constant, so writing and recognising it cannot disagree. */
export const FAIL_GUARD =
  "|| { echo 'hookwire could not run: the action is refused. Run hookwire doctor, or hookwire connect again.' >&2; exit 2; }";

/** The entry a committed file names: the shell entry found on PATH, so the file holds no machine's path. */
export const PATH_ENTRY = "hookwire-hook";

/**
 * What a committed entry runs first: `hookwire-hook` missing from PATH ends the command with how to install hookwire
 * (a shell gives 127 for a missing command, which Claude Code and Gemini CLI take for a non-blocking error, so the
 * call would go through). One constant per outcome, so writing and recognising them cannot disagree.
 */
const MISSING_CHECK = {
  refuse:
    "command -v hookwire-hook >/dev/null || { echo 'hookwire is not installed: npm install -g hookwire. The action is refused.' >&2; exit 2; };",
  warn: "command -v hookwire-hook >/dev/null || { echo 'hookwire is not installed: npm install -g hookwire. The hooks of this project did not run.' >&2; exit 1; };",
} as const;

/** The command connect writes for one event. */
export function hookwireCommand(command: HookwireCommand): string {
  const words = [...command.invocation, "hook", command.agent, command.event];
  if (command.failOpen) words.push("--fail-open");
  if (command.failClosedHooks) words.push("--fail-closed-hooks");
  if (command.httpPort !== undefined) words.push("--http-port", String(command.httpPort));
  const text = words.map(quote).join(" ");
  const checked = command.missing ? `${MISSING_CHECK[command.missing]} ${text}` : text;
  return command.guard ? `${checked} ${FAIL_GUARD}` : checked;
}

/** The words of `text` as `quote` writes them, or `undefined` for anything else a shell would read differently. */
function words(text: string): string[] | undefined {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (out.length > 0) {
      if (text[i] !== " ") return undefined;
      i++;
    }
    let word = "";
    if (text[i] === "'") {
      // One or more quoted runs joined by `\'`: exactly what `quote` makes of a word with a quote in it.
      for (;;) {
        const end = text.indexOf("'", i + 1);
        if (end === -1) return undefined;
        word += text.slice(i + 1, end);
        i = end + 1;
        if (text.startsWith("\\''", i)) {
          word += "'";
          i += 2;
          continue;
        }
        break;
      }
      if (PLAIN.test(word)) return undefined;
    } else {
      const start = i;
      while (i < text.length && text[i] !== " ") i++;
      word = text.slice(start, i);
      if (!PLAIN.test(word)) return undefined;
    }
    out.push(word);
  }
  return out;
}

const EVENT = /^[A-Za-z]{1,64}$/;
/** A port as connect writes it: 1-65535, no leading zero. */
const PORT = /^(?:[1-9]\d{0,3}|[1-5]\d{4}|6[0-4]\d{3}|65[0-4]\d{2}|655[0-2]\d|6553[0-5])$/;

/** A path that can start hookwire: an absolute path whose file is hookwire's CLI script, its bin link or its shell entry. */
const isHookwireScript = (word: string) =>
  word.startsWith("/") && /\/(?:hookwire|hookwire\.js|hookwire-hook)$/.test(word);

/**
 * The connection a settings command stands for, or `undefined`. Only the exact text `hookwireCommand`
 * writes counts: `hookwire` or an absolute hookwire script (after an absolute interpreter), then
 * `hook <agent> <event>`, `--fail-open`, `--fail-closed-hooks` and the failure guard as written; anything more (a `;`, a
 * redirection, another word) is a command like any other, run and fingerprinted as one.
 */
export function parseHookwireCommand(command: string): HookwireCommand | undefined {
  if (command.length > 4096) return undefined;
  let text = command;
  const guard = text.endsWith(` ${FAIL_GUARD}`);
  if (guard) text = text.slice(0, -FAIL_GUARD.length - 1);
  const missing = (Object.keys(MISSING_CHECK) as (keyof typeof MISSING_CHECK)[]).find((key) =>
    text.startsWith(`${MISSING_CHECK[key]} `),
  );
  if (missing) text = text.slice(MISSING_CHECK[missing].length + 1);
  const written = words(text);
  if (!written) return undefined;
  const port = written.at(-2) === "--http-port" ? written.at(-1) : undefined;
  if (port !== undefined && !PORT.test(port)) return undefined;
  const all = port === undefined ? written : written.slice(0, -2);
  const failClosedHooks = all.at(-1) === "--fail-closed-hooks";
  const flagged = failClosedHooks ? all.slice(0, -1) : all;
  const failOpen = flagged.at(-1) === "--fail-open";
  const head = failOpen ? flagged.slice(0, -1) : flagged;
  if (head.length < 4) return undefined;
  const [hook, agent, event] = head.slice(-3) as [string, string, string];
  const invocation = head.slice(0, -3);
  if (hook !== "hook" || !(DIALECT_IDS as readonly string[]).includes(agent) || !EVENT.test(event))
    return undefined;
  // The PATH entry is checked for exactly when the command checks for it first, and only then.
  if ((invocation.length === 1 && invocation[0] === PATH_ENTRY) !== (missing !== undefined)) return undefined;
  const starts =
    invocation.length === 1
      ? invocation[0] === "hookwire" ||
        invocation[0] === PATH_ENTRY ||
        isHookwireScript(invocation[0] as string)
      : invocation.length === 2 &&
        (invocation[0] as string).startsWith("/") &&
        isHookwireScript(invocation[1] as string);
  if (!starts) return undefined;
  return {
    invocation,
    agent: agent as DialectId,
    event,
    failOpen,
    ...(failClosedHooks ? { failClosedHooks } : {}),
    ...(port !== undefined ? { httpPort: Number(port) } : {}),
    guard,
    ...(missing ? { missing } : {}),
  };
}

/** The fields connect writes in a handler, under every dialect's spelling (Copilot's `bash`, `timeoutSec`). */
const ENTRY_FIELDS = new Set(["type", "command", "bash", "timeout", "timeoutSec", "onFailure", "failClosed"]);
const HTTP_FIELDS = new Set([
  "type",
  "url",
  "headers",
  "allowedEnvVars",
  "timeout",
  "timeoutSec",
  "onFailure",
]);

/** The variable an agent's http hook takes `hookwire serve`'s token from (its own `$VAR` interpolation). */
export const TOKEN_VARIABLE = "HOOKWIRE_TOKEN";
const TOKEN_ENV = TOKEN_VARIABLE;

/**
 * Carried in the URL because the URL is all of the hook an agent shows when the call fails: Claude Code says
 * "[<url>]: failed; blocking …" and "HTTP 401 from <url>", never the server's body. The server ignores the query.
 */
const REFUSAL_HINT = "?if-refused=run-hookwire-doctor";

/** What an http connection entry posts to: `hookwire serve` on this machine, `<agent>/<event>`. */
export interface HookwireHttpTarget {
  port: number;
  agent: DialectId;
  event: string;
}

/**
 * The http handler connect writes for one event: a POST to `hookwire serve` on 127.0.0.1 with the token the agent
 * itself fills in from `$HOOKWIRE_TOKEN` (Claude Code: from its settings' `env`, where connect puts the user's token).
 */
export function hookwireHttpHandler(target: HookwireHttpTarget): Record<string, unknown> {
  return {
    type: "http",
    url: `http://127.0.0.1:${target.port}/${target.agent}/${target.event}${REFUSAL_HINT}`,
    headers: { Authorization: `Bearer $${TOKEN_ENV}` },
    allowedEnvVars: [TOKEN_ENV],
  };
}

const HOOKWIRE_URL =
  /^http:\/\/127\.0\.0\.1:(\d{1,5})\/([a-z]+)\/([A-Za-z]{1,64})(\?if-refused=run-hookwire-doctor)?$/;

function parseHttpEntry(entry: Record<string, unknown>): HookwireCommand | undefined {
  if (!Object.keys(entry).every((field) => HTTP_FIELDS.has(field))) return undefined;
  const match = typeof entry.url === "string" ? HOOKWIRE_URL.exec(entry.url) : null;
  if (!match) return undefined;
  const [, port, agent, event] = match as unknown as [string, string, string, string];
  if (!(DIALECT_IDS as readonly string[]).includes(agent)) return undefined;
  const expected = hookwireHttpHandler({ port: Number(port), agent: agent as DialectId, event });
  if (JSON.stringify(entry.headers) !== JSON.stringify(expected.headers)) return undefined;
  if (JSON.stringify(entry.allowedEnvVars) !== JSON.stringify(expected.allowedEnvVars)) return undefined;
  // No command starts hookwire: the server answers (doctor has no invocation to check).
  return {
    invocation: [],
    agent: agent as DialectId,
    event,
    failOpen: false,
    httpPort: Number(port),
    guard: false,
  };
}

/**
 * The connection a handler as written in a settings file stands for, or `undefined`: a command handler with
 * the command connect writes, or an http handler posting to `hookwire serve` as connect writes it, and no field
 * connect does not write (a second command beside it, `args`, `if`, another header).
 */
export function parseConnectionEntry(raw: unknown): HookwireCommand | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const entry = raw as Record<string, unknown>;
  if (entry.type === "http") return parseHttpEntry(entry);
  if (!Object.keys(entry).every((field) => ENTRY_FIELDS.has(field))) return undefined;
  if (entry.type !== undefined && entry.type !== "command") return undefined;
  const texts = [entry.command, entry.bash].filter((value) => value !== undefined);
  return texts.length === 1 && typeof texts[0] === "string" ? parseHookwireCommand(texts[0]) : undefined;
}

/** Whether a handler as written in a settings file is a connection entry (`parseConnectionEntry`). */
export function isConnectionEntry(raw: unknown): boolean {
  return parseConnectionEntry(raw) !== undefined;
}
