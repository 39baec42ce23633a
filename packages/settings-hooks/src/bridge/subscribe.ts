// The bridge's last step: one handler per native event, whose dialects' answers core's policy for that event combines.
import {
  forTools,
  type HookAPI,
  type HookContext,
  type HookEvent,
  type NativeEventName,
  type ToolCallEvent,
} from "@hookwire/core";
import { type Answers, callStateOf, severalAnswers } from "@hookwire/core/internal";
import { eventsByNative } from "../dialect-kit/catalogue.js";
import { toDialectCall } from "../dialect-kit/tools.js";
import type { Dialect, DialectToolCall } from "../dialect-kit/types.js";
import { answer, type DialectEvent, runsOn } from "./answer.js";
import { type After, type Before, bookkeeping } from "./bookkeeping.js";
import type { BridgeContext } from "./context.js";
import { type BridgeRuntime, bridgeRuntime } from "./runtime.js";

/** The order the bridge subscribes in, which `hookwire list` shows: tool events first, as hook modules tend to. */
const ORDER: readonly NativeEventName[] = [
  "tool_call",
  "tool_result",
  "before_agent_start",
  "session_start",
  "session_shutdown",
  "agent_end",
  "session_before_compact",
  "session_compact",
];

function rank(native: NativeEventName): number {
  const index = ORDER.indexOf(native);
  return index === -1 ? ORDER.length : index;
}

/** A dialect's state among `states` (this call's, or the bridge's own), made fresh where it has none. */
function stateIn(states: Record<string, unknown>, dialect: Dialect): unknown {
  if (!Object.hasOwn(states, dialect.id)) states[dialect.id] = dialect.createState();
  return states[dialect.id];
}

/** Every dialect event with handlers, by native event: dialects in their handlers' order, events in catalogue order. */
function dialectEvents(bridge: BridgeContext): Map<NativeEventName, DialectEvent[]> {
  const byNative = new Map<NativeEventName, DialectEvent[]>();
  for (const dialect of bridge.dialects) {
    for (const [native, specs] of eventsByNative(dialect)) {
      for (const spec of specs.filter((spec) => bridge.has(dialect, spec))) {
        byNative.set(native, [...(byNative.get(native) ?? []), { dialect, spec }]);
      }
    }
  }
  return byNative;
}

/**
 * The native handler: the dialects' events answer in turn, each seeing the occurrence as the earlier answers
 * (and hooks) left it; the runner folds each answer by the event's policy, once, as it folds a hook's result (a
 * block or a cancel ends the occurrence; rewrites chain; verdicts rank; contexts collect). The answers count
 * together: the bridge is one handler for timeouts, traces and errors.
 */
function nativeHandler(
  rt: BridgeRuntime,
  steps: readonly DialectEvent[],
  own: Record<string, unknown>,
  first: ((event: unknown) => void) | undefined,
  last: ((event: unknown, original: unknown) => void | Promise<void>) | undefined,
) {
  return severalAnswers(async (event: HookEvent<NativeEventName>, hook: HookContext, answers: Answers) => {
    first?.(event);
    // The dialects' states are the call's when the host keeps them per session (`CallContext.state`).
    const states = callStateOf(hook) ?? own;
    /** Each dialect's translation of the call, made once per call and again only after a rewrite. */
    const calls = new Map<Dialect, DialectToolCall>();
    for (const step of steps) {
      const current = answers.event as HookEvent<NativeEventName>;
      if (!runsOn(rt, step, current)) continue;
      let tool: DialectToolCall | undefined;
      if (step.spec.tool) {
        const call = current as ToolCallEvent;
        const input = call.input ?? {};
        tool = calls.get(step.dialect);
        if (tool?.nativeInput !== input) {
          tool = toDialectCall(step.dialect.tools, call.toolName, input, rt.bridge.cwd);
          calls.set(step.dialect, tool);
        }
      }
      const result = await answer(rt, step, stateIn(states, step.dialect), current, hook, tool);
      if (result !== undefined && answers.add(result)) return;
    }
    await last?.(answers.event, event);
  });
}

/** The bridge's hook factory: subscribes every native event some dialect's handlers or the bookkeeping needs. */
export function subscribe(bridge: BridgeContext): (pi: HookAPI) => void {
  return (pi) => {
    const rt = bridgeRuntime(bridge, pi);
    const { before, after } = bookkeeping(rt);
    const byNative = dialectEvents(bridge);
    /** The dialects' states for a host that keeps none per call: this bridge's, for as long as it runs. */
    const own: Record<string, unknown> = {};
    const subscribed = new Set<NativeEventName>([
      ...(Object.keys(before) as NativeEventName[]),
      ...(Object.keys(after) as NativeEventName[]),
      ...byNative.keys(),
    ]);
    // One handler per native event: the bridge is one hook, so a trace shows one row for it.
    for (const native of [...subscribed].sort((a, b) => rank(a) - rank(b))) {
      const handler = nativeHandler(
        rt,
        byNative.get(native) ?? [],
        own,
        (before as Before)[native] as ((event: unknown) => void) | undefined,
        (after as After)[native] as ((event: unknown, original: unknown) => void | Promise<void>) | undefined,
      );
      // Without a transcript, a tool no matcher takes is skipped by the runner (forTools), before any emit.
      const tools =
        native === "tool_call"
          ? (toolName: string) => rt.tools.any("tool_call", toolName) || rt.tools.any("tool_result", toolName)
          : native === "tool_result"
            ? (toolName: string) => rt.tools.any("tool_result", toolName)
            : undefined;
      pi.on(native, (tools && !bridge.transcript ? forTools(handler, tools) : handler) as never);
    }
  };
}
