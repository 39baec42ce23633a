// Event names the CLI accepts (native and settings) and the payloads it builds from --input.
import { type AnyHookEvent, HOOK_EVENT_NAMES, type HookEventName, isHookEventName } from "@hookwire/core";
import { didYouMean } from "@hookwire/core/internal";
import {
  type AnyBridgedEvent,
  bridgedEvents,
  type Dialect,
  type DialectId,
  dialectById,
  findEvent,
  loadDialects,
  nativeToolName,
  toNativeInput,
} from "@hookwire/settings-hooks";
import { CliUsageError } from "./errors.js";

// The CLI names events of every dialect: all of them are loaded with this module.
const DIALECTS = await loadDialects();

/** Every dialect's bridged events by name, the first dialect (registry order) winning a shared name. */
function settingsEvents(): Map<string, { dialect: Dialect; spec: AnyBridgedEvent }> {
  const byName = new Map<string, { dialect: Dialect; spec: AnyBridgedEvent }>();
  for (const dialect of DIALECTS) {
    for (const spec of bridgedEvents(dialect))
      if (!byName.has(spec.name)) byName.set(spec.name, { dialect, spec });
  }
  return byName;
}

const SETTINGS = settingsEvents();

/** The settings events a hookwire host fires (through the bridge to native events), of every dialect. */
export const SETTINGS_EVENTS: readonly string[] = [...SETTINGS.keys()];

/** The events of one dialect that a hookwire host fires: doctor's "events that fire". */
export function firingEvents(dialect: DialectId): string[] {
  return bridgedEvents(dialectById(dialect)).map((spec) => spec.name);
}

export interface ResolvedEvent {
  event: HookEventName;
  /** The settings name the user typed, when they typed one. */
  settingsName?: string;
  /** The dialect whose event that is. */
  dialect?: DialectId;
  /** Native fields that make the occurrence that settings event's (`isError` of a tool_result). */
  emitAs?: Record<string, unknown>;
}

export function resolveEventName(name: string): ResolvedEvent {
  if (isHookEventName(name)) return { event: name };
  const settings = SETTINGS.get(name);
  if (settings) {
    const { dialect, spec } = settings;
    return {
      event: spec.native,
      settingsName: name,
      dialect: dialect.id,
      ...(spec.emitAs ? { emitAs: spec.emitAs as Record<string, unknown> } : {}),
    };
  }
  const unbridged = DIALECTS.map((dialect) => ({ dialect, spec: findEvent(dialect, name) })).find(
    (d) => d.spec,
  );
  if (unbridged?.spec && "unbridged" in unbridged.spec) {
    throw new CliUsageError(
      `${unbridged.dialect.label}'s ${name} is not emitted by hookwire hosts: ${unbridged.spec.unbridged}`,
      { details: `Settings events: ${SETTINGS_EVENTS.join(", ")}.` },
    );
  }
  const known = [...HOOK_EVENT_NAMES, ...SETTINGS_EVENTS];
  const hint = didYouMean(name, known);
  throw new CliUsageError(`Unknown event "${name}".${hint ? ` Did you mean "${hint}"?` : ""}`, {
    details: `Native events: ${HOOK_EVENT_NAMES.join(", ")}.\nSettings events: ${SETTINGS_EVENTS.join(", ")}.`,
  });
}

const str = (value: unknown, fallback: string): string => (typeof value === "string" ? value : fallback);
const obj = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

function contentOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === "string") return [{ type: "text", text: value }];
  if (value === undefined || value === null) return [];
  return [{ type: "text", text: JSON.stringify(value) }];
}

/**
 * The tool name and native input, from native fields (`toolName`, `input`) or a dialect's (`tool_name`,
 * `tool_input`, in that dialect's tool names; Claude Code's by default).
 */
export function toolFromInput(
  input: Record<string, unknown>,
  dialect: DialectId = "claude",
): {
  toolName: string;
  input: Record<string, unknown>;
} {
  if (typeof input.tool_name === "string") {
    const { tools } = dialectById(dialect);
    // `Bash` → `bash`: a dialect's name maps back to the native tool whose name it is.
    const native = nativeToolName(tools, input.tool_name);
    return { toolName: native, input: toNativeInput(tools, native, obj(input.tool_input)) };
  }
  return { toolName: str(input.toolName, "bash"), input: obj(input.input) };
}

/** The full event payload for `resolved`, with defaults for every field the input leaves out. */
export function buildEvent(resolved: ResolvedEvent, input: Record<string, unknown>): AnyHookEvent {
  const type = resolved.event;
  switch (type) {
    case "tool_call": {
      const tool = toolFromInput(input, resolved.dialect);
      return { type, toolCallId: str(input.toolCallId, "cli-call"), ...tool };
    }
    case "tool_result": {
      const tool = toolFromInput(input, resolved.dialect);
      const isError =
        typeof resolved.emitAs?.isError === "boolean" ? resolved.emitAs.isError : input.isError === true;
      const response = input.content ?? input.tool_response ?? input.error;
      return {
        type,
        toolCallId: str(input.toolCallId, "cli-call"),
        ...tool,
        content: contentOf(response) as never,
        details: input.details,
        isError,
      };
    }
    case "before_agent_start":
      return { type, prompt: str(input.prompt, "") };
    case "context":
      return { type, messages: Array.isArray(input.messages) ? (input.messages as never) : [] };
    case "agent_end":
      return { type, messages: Array.isArray(input.messages) ? (input.messages as never) : [] };
    case "turn_start":
      return {
        type,
        turnIndex: Number(input.turnIndex ?? 0),
        timestamp: Number(input.timestamp ?? Date.now()),
      };
    case "session_before_compact":
      return { type, preparation: input.preparation, branchEntries: [], ...input } as AnyHookEvent;
    case "session_compact":
      return {
        type,
        compactionEntry: (input.compactionEntry as never) ?? { id: "cli-compaction", type: "compaction" },
        fromHook: input.fromHook === true,
      };
    default:
      return { ...input, type } as AnyHookEvent;
  }
}
