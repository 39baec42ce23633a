// Event names the CLI accepts (native and settings) and the payloads it builds from --input.
import {
  type AnyHookEvent,
  didYouMean,
  HOOK_EVENT_NAMES,
  type HookEventName,
  isHookEventName,
} from "@hookwire/core";
import { fromSettingsInput, settingsToolName } from "@hookwire/settings-hooks";
import { CliUsageError } from "./errors.js";

/** Settings event → the native event that runs it (and the `isError` a tool_result gets). */
const SETTINGS_TO_NATIVE: Record<string, { event: HookEventName; isError?: boolean }> = {
  PreToolUse: { event: "tool_call" },
  PostToolUse: { event: "tool_result", isError: false },
  PostToolUseFailure: { event: "tool_result", isError: true },
  UserPromptSubmit: { event: "before_agent_start" },
  SessionStart: { event: "session_start" },
  SessionEnd: { event: "session_shutdown" },
  Stop: { event: "agent_end" },
  PreCompact: { event: "session_before_compact" },
  PostCompact: { event: "session_compact" },
};

/** The settings events a hookwire host fires (through the bridge to native events). */
export const SETTINGS_EVENTS: readonly string[] = Object.keys(SETTINGS_TO_NATIVE);

export interface ResolvedEvent {
  event: HookEventName;
  /** The settings name the user typed, when they typed one. */
  settingsName?: string;
  isError?: boolean;
}

export function resolveEventName(name: string): ResolvedEvent {
  if (isHookEventName(name)) return { event: name };
  const settings = SETTINGS_TO_NATIVE[name];
  if (settings) return { ...settings, settingsName: name };
  const known = [...HOOK_EVENT_NAMES, ...Object.keys(SETTINGS_TO_NATIVE)];
  const hint = didYouMean(name, known);
  throw new CliUsageError(`Unknown event "${name}".${hint ? ` Did you mean "${hint}"?` : ""}`, {
    details: `Native events: ${HOOK_EVENT_NAMES.join(", ")}.\nSettings events: ${Object.keys(SETTINGS_TO_NATIVE).join(", ")}.`,
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

/** The tool name and native input, from native fields (`toolName`, `input`) or settings ones (`tool_name`, `tool_input`). */
export function toolFromInput(input: Record<string, unknown>): {
  toolName: string;
  input: Record<string, unknown>;
} {
  if (typeof input.tool_name === "string") {
    const native = nativeName(input.tool_name);
    return { toolName: native, input: fromSettingsInput(native, obj(input.tool_input)) };
  }
  return { toolName: str(input.toolName, "bash"), input: obj(input.input) };
}

// `Bash` → `bash`: a settings name maps back to the native tool whose settings name it is.
function nativeName(settingsName: string): string {
  for (const candidate of ["bash", "read", "write", "edit", "grep", "glob"]) {
    if (settingsToolName(candidate) === settingsName) return candidate;
  }
  return settingsName;
}

/** The full event payload for `resolved`, with defaults for every field the input leaves out. */
export function buildEvent(resolved: ResolvedEvent, input: Record<string, unknown>): AnyHookEvent {
  const type = resolved.event;
  switch (type) {
    case "tool_call": {
      const tool = toolFromInput(input);
      return { type, toolCallId: str(input.toolCallId, "cli-call"), ...tool };
    }
    case "tool_result": {
      const tool = toolFromInput(input);
      const isError = resolved.isError ?? input.isError === true;
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
