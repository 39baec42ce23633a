// One dialect event's answer to one occurrence of its native event: its input built, its handlers run, its result applied.
import type { HookContext, HookEvent, NativeEventName, ToolCallEvent } from "@hookwire/core";
import { loadShellParser } from "@hookwire/shell-rules";
import type { AnyBridgedEvent, Dialect, DialectToolCall, EventContext } from "../dialect-kit/types.js";
import { saveToolResultNow } from "../large-output.js";
import { selected } from "./matching.js";
import { runEvent } from "./run-event.js";
import type { BridgeRuntime } from "./runtime.js";

/** A dialect's event on a native event. */
export interface DialectEvent {
  dialect: Dialect;
  spec: AnyBridgedEvent;
}

/** Whether `step` takes this occurrence: its `fires`, and for a tool event, a matcher that takes the tool. */
export function runsOn(
  rt: BridgeRuntime,
  { dialect, spec }: DialectEvent,
  event: HookEvent<NativeEventName>,
) {
  if (spec.onlyWhen && !spec.onlyWhen(event as never)) return false;
  return !spec.tool || rt.tools.event(dialect, spec, (event as ToolCallEvent).toolName);
}

/**
 * The event's native result for this occurrence, or `undefined` when it changes nothing. `tool` is the call in
 * the dialect's terms (tool events only), translated from the occurrence as it stands.
 */
export async function answer(
  rt: BridgeRuntime,
  { dialect, spec }: DialectEvent,
  /** The dialect's state its events share, this call's. */
  state: unknown,
  event: HookEvent<NativeEventName>,
  hook: HookContext,
  tool: DialectToolCall | undefined,
): Promise<Record<string, unknown> | undefined> {
  const { bridge } = rt;
  const native = spec.native as NativeEventName;
  const toolCallId = (event as Partial<ToolCallEvent>).toolCallId as string;
  if (tool && native === "tool_result") rt.hookedResults.add(toolCallId);
  // `if` rules are read with the Bash grammar; `largeOutput.save` asks them whether a handler runs.
  if (tool && bridge.hasRules) await loadShellParser().catch(() => undefined);
  // This call's session: the host's as it is now (a host that switches sessions), never written back to the bridge.
  const hostSession = bridge.options.hostSession?.();
  const session = hostSession ? { ...bridge.session, ...hostSession } : bridge.session;
  const ctx: EventContext<NativeEventName, unknown> = {
    event,
    hook,
    api: rt.api,
    session,
    state,
    options: bridge.settings,
    ...(tool ? { tool } : {}),
    ...(native === "tool_result"
      ? {
          toolDurationMs: bridge.callTimes.since(toolCallId),
          largeOutput: {
            limits: bridge.outputLimits,
            // Only for a handler that runs: a call whose handlers' `if` rules all refuse it saves nothing here.
            save: (text: string) => {
              if (!tool || selected(bridge, spec, {}, tool).length === 0) return undefined;
              const { dir, transcribed } = bridge.toolResultsDirNow();
              return saveToolResultNow(dir, toolCallId, text, transcribed);
            },
          },
        }
      : {}),
    hookName: bridge.hookName,
    cwd: bridge.cwd,
    handlerFields: (hookPath) => bridge.prepared.find((p) => p.hookPath === hookPath)?.handler.fields,
  };
  const fields = spec.input(event as never, ctx);
  const { outcome, results } = await runEvent(rt, dialect, spec, fields, session, hook, tool);
  const result = (await spec.apply(outcome, { ...ctx, fields, results })) as
    | Record<string, unknown>
    | undefined;
  if (result !== undefined && native === "tool_call") {
    // The bridge is one hook for every settings file: name the handler that decided, not the bridge.
    const by = result.block === true ? outcome.blocks[0]?.hookPath : outcome.permission?.hookPath;
    if (by !== undefined && (result.block === true || result.permission !== undefined)) result.decidedBy = by;
  }
  return result;
}
