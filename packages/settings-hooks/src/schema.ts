// zod schemas of one settings handler per type, and the wording of their issues.
import { z } from "zod";

export const HANDLER_TYPES = ["command", "http", "mcp_tool", "prompt", "agent"] as const;
export type HandlerType = (typeof HANDLER_TYPES)[number];

/** Seconds; a larger `timeout` is almost certainly milliseconds written by mistake. */
export const MAX_SENSIBLE_TIMEOUT = 3600;

const common = {
  if: z.string().optional(),
  timeout: z.number().positive().optional(),
  statusMessage: z.string().optional(),
  // Meaningful only for hooks declared in skills and agents; accepted and ignored in settings files.
  once: z.boolean().optional(),
};

export const commandHandlerSchema = z.object({
  type: z.literal("command"),
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  async: z.boolean().optional(),
  shell: z.string().min(1).optional(),
  ...common,
});

export const httpHandlerSchema = z.object({
  type: z.literal("http"),
  url: z.url({ protocol: /^https?$/ }),
  headers: z.record(z.string(), z.string()).optional(),
  allowedEnvVars: z.array(z.string()).optional(),
  ...common,
});

/** mcp_tool, prompt and agent handlers are read by host executors, so every extra field is kept for them. */
export const hostHandlerSchema = z.looseObject({
  type: z.enum(["mcp_tool", "prompt", "agent"]),
  ...common,
});

export const handlerSchemas = {
  command: commandHandlerSchema,
  http: httpHandlerSchema,
  mcp_tool: hostHandlerSchema,
  prompt: hostHandlerSchema,
  agent: hostHandlerSchema,
} as const;

/** Fields a handler of this type may have; others get an "unknown field" warning (host types keep them). */
export function knownHandlerFields(type: HandlerType): string[] {
  return Object.keys(handlerSchemas[type].shape);
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
