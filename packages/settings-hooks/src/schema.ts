// zod schemas of one settings handler per type, the wording of their issues, and the memo of accepted handlers.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sha256 } from "@hookwire/core/internal";
import type { z } from "zod";
import { zod } from "./lazy-deps.js";

export const HANDLER_TYPES = ["command", "http", "mcp_tool", "prompt", "agent"] as const;
export type HandlerType = (typeof HANDLER_TYPES)[number];

/** Seconds; a larger `timeout` is almost certainly milliseconds written by mistake. */
export const MAX_SENSIBLE_TIMEOUT = 3600;

/** The schemas, built on first use: zod takes ~0.3 s to import, and a host without settings files never needs it. */
function buildSchemas() {
  const { z } = zod();
  const common = {
    if: z.string().optional(),
    timeout: z.number().positive().optional(),
    statusMessage: z.string().optional(),
    // Meaningful only for hooks declared in skills and agents; accepted and ignored in settings files.
    once: z.boolean().optional(),
    // Claude Code's (2.1.332), read in every format: a failing hook blocks where a block stops something.
    onFailure: z.enum(["continue", "block"]).optional(),
  };
  const command = z.object({
    type: z.literal("command"),
    command: z.string().min(1),
    args: z.array(z.string()).optional(),
    async: z.boolean().optional(),
    shell: z.string().min(1).optional(),
    ...common,
  });
  const http = z.object({
    type: z.literal("http"),
    url: z.url({ protocol: /^https?$/ }),
    headers: z.record(z.string(), z.string()).optional(),
    allowedEnvVars: z.array(z.string()).optional(),
    ...common,
  });
  /** mcp_tool, prompt and agent handlers are read by host executors, so every extra field is kept for them. */
  const host = z.looseObject({ type: z.enum(["mcp_tool", "prompt", "agent"]), ...common });
  return { command, http, mcp_tool: host, prompt: host, agent: host } as const;
}

type Schemas = ReturnType<typeof buildSchemas>;
let schemas: Schemas | undefined;
const built = (): Schemas => (schemas ??= buildSchemas());

/** The zod schema of each handler type (each built, with zod, when first read). */
export const handlerSchemas: Schemas = {
  get command() {
    return built().command;
  },
  get http() {
    return built().http;
  },
  get mcp_tool() {
    return built().mcp_tool;
  },
  get prompt() {
    return built().prompt;
  },
  get agent() {
    return built().agent;
  },
};

/** Fields a handler of this type may have; others get an "unknown field" warning (host types keep them). */
export function knownHandlerFields(type: HandlerType): string[] {
  return Object.keys(handlerSchemas[type].shape);
}

/** What zod made of a handler it accepted: its parsed data and the fields its schema knows. */
export interface AcceptedHandler {
  data: unknown;
  known: string[];
}

/**
 * Handlers zod accepted, kept across processes by the caller (the loader keeps them in its private
 * per-user cache), so that a warm start validates unchanged settings without importing zod (~0.2 s).
 * Only acceptances are kept: a handler zod rejects is checked by zod every time, for its messages.
 */
export interface HandlerVerdicts {
  get(key: string): AcceptedHandler | undefined;
  set(key: string, accepted: AcceptedHandler): void;
}

export type HandlerCheck = ({ ok: true } & AcceptedHandler) | { ok: false; issues: z.core.$ZodIssue[] };

let schemaFingerprint: string | undefined;
/** The schemas' own code and zod's version: a change to either is a new key for every handler. */
function fingerprint(): string {
  schemaFingerprint ??= sha256(`${zodVersion()}\0${buildSchemas.toString()}`);
  return schemaFingerprint;
}

/**
 * The version of the zod this module imports. Node finds a bare name in the first `node_modules/<name>` up from
 * the importing file: that folder is read directly, since resolving through `require` costs a warm start
 * 2–5 ms (the CommonJS loader's first use). A layout without such a folder (Yarn PnP) asks `require`.
 */
export function zodVersion(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (path.basename(dir) !== "node_modules") {
      try {
        const manifest = JSON.parse(
          readFileSync(path.join(dir, "node_modules", "zod", "package.json"), "utf8"),
        );
        if (typeof manifest?.version === "string") return manifest.version;
      } catch {
        // Not in this folder: on to the one above.
      }
    }
    if (path.dirname(dir) === dir) break;
  }
  return (createRequire(import.meta.url)("zod/package.json") as { version: string }).version;
}

/**
 * The key of a handler's verdict, or undefined when its JSON text would not tell it apart from another
 * value (a non-finite number or -0 prints like null or 0): such a handler always goes to zod.
 */
function verdictKey(type: HandlerType, raw: unknown): string | undefined {
  let exact = true;
  const text = JSON.stringify(raw, function (this: Record<string, unknown>, key, value: unknown) {
    // The value before any toJSON: a Date (a TOML date) prints as a string and must not pass for one.
    const original = key === "" ? raw : this[key];
    if (typeof original === "number") {
      if (!Number.isFinite(original) || Object.is(original, -0)) exact = false;
    } else if (typeof original === "object" && original !== null && !Array.isArray(original)) {
      const prototype = Object.getPrototypeOf(original);
      if (prototype !== Object.prototype && prototype !== null) exact = false;
    } else if (typeof original !== "string" && typeof original !== "boolean" && original !== null) {
      exact = false;
    }
    return value;
  });
  if (!exact || text === undefined) return undefined;
  return sha256(`${fingerprint()}\0${type}\0${text}`);
}

/** zod's verdict on one handler of a known type; an accepted one is looked up in, and added to, `verdicts`. */
export function checkHandler(type: HandlerType, raw: unknown, verdicts?: HandlerVerdicts): HandlerCheck {
  const key = verdicts ? verdictKey(type, raw) : undefined;
  const remembered = key === undefined ? undefined : verdicts?.get(key);
  // A copy: the caller may change the data (timeouts in milliseconds become seconds).
  if (remembered) return { ok: true, data: structuredClone(remembered.data), known: [...remembered.known] };
  const parsed = handlerSchemas[type].safeParse(raw);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues };
  const accepted = { data: parsed.data, known: knownHandlerFields(type) };
  if (key !== undefined) verdicts?.set(key, structuredClone(accepted));
  return { ok: true, ...accepted };
}

export function isHandlerType(value: unknown): value is HandlerType {
  return typeof value === "string" && (HANDLER_TYPES as readonly string[]).includes(value);
}

/** "expected a string, got 5": what zod expected, in words, and what the file holds. */
export function describeZodIssue(issue: z.core.$ZodIssue, actual: unknown): string {
  const got = `got ${describeValue(actual)}`;
  switch (issue.code) {
    case "invalid_type":
      return `expected ${withArticle(issue.expected)}, ${got}`;
    case "too_small":
      if (issue.origin === "string") return `expected a non-empty string, ${got}`;
      if (issue.origin === "number") {
        return `expected a number ${issue.inclusive ? "of at least" : "greater than"} ${issue.minimum}, ${got}`;
      }
      return `${issue.message}, ${got}`;
    case "invalid_format":
      return issue.format === "url"
        ? `expected an http:// or https:// URL, ${got}`
        : `${issue.message}, ${got}`;
    case "invalid_value":
      return `expected ${issue.values.map((value) => JSON.stringify(value)).join(" | ")}, ${got}`;
    default:
      return `${issue.message}, ${got}`;
  }
}

/** A short rendering of a JSON value for messages: strings quoted and cut, containers named. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") {
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  }
  return String(value);
}

function withArticle(type: string): string {
  if (type === "array" || type === "object") return `an ${type}`;
  return `a ${type}`;
}
