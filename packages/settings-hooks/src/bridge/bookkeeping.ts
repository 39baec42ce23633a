// The bridge's own work around the dialects' events: prompt ids, the transcript, call durations, background hooks.
import { randomUUID } from "node:crypto";
import type { HookEvent, NativeEventName } from "@hookwire/core";
import { lastAssistantText, textOf } from "../dialect-kit/messages.js";
import { toDialectCall, toolResponse } from "../dialect-kit/tools.js";
import type { TranscriptWriter } from "../transcript.js";
import type { BridgeRuntime } from "./runtime.js";

/** Before the dialects' events: the occurrence as it came. */
export type Before = { [N in NativeEventName]?: (event: HookEvent<N>) => void };
/** After them: the occurrence as they left it, and as it came; not run when one refused it. */
export type After = {
  [N in NativeEventName]?: (event: HookEvent<N>, original: HookEvent<N>) => void | Promise<void>;
};

/**
 * What the bridge does on each native event besides running handlers. `after` does not run when an event
 * refused the occurrence: a blocked prompt never enters the transcript, a blocked call never reports back.
 */
export function bookkeeping(rt: BridgeRuntime): { before: Before; after: After } {
  const { bridge } = rt;
  const { session, transcript, cwd } = bridge;
  const before: Before = {
    // Every prompt gets its own prompt_id, which later tool events, Stop and SessionEnd carry.
    before_agent_start: () => {
      session.promptId = randomUUID();
    },
  };
  const after: After = {
    // The prompt enters the transcript once the prompt hooks let it through, as in Claude Code.
    before_agent_start: (event) => {
      transcript?.prompt(event.prompt, session.promptId as string, session.permissionMode);
    },
  };
  if (transcript) {
    // The transcript records every call and result, hooked or not; its lines are built only when a hook is
    // about to read them (`transcript.flush()` in runEvent), so an unhooked tool pays a closure, not a JSON
    // line and a file write.
    before.tool_call = (event) => {
      transcript.later((t) => {
        const call = toDialectCall(t.tools, event.toolName, event.input, cwd);
        t.toolUse(event.toolCallId, call.name, call.input);
      });
    };
    before.agent_end = (event) => {
      const last = lastAssistantText(event.messages);
      if (last !== undefined) transcript.assistantText(last);
    };
  }
  if (transcript || bridge.toolEvents.some(({ spec }) => spec.native === "tool_result")) {
    // Only a later post-tool event reads when the call started (its duration_ms).
    after.tool_call = (event) => {
      if (rt.tools.any("tool_result", event.toolName)) bridge.callTimes.mark(event.toolCallId);
    };
    after.tool_result = (event, original) => {
      bridge.callTimes.forget(event.toolCallId);
      if (!transcript) return;
      const write = (t: TranscriptWriter) => {
        const call = toDialectCall(t.tools, original.toolName, original.input, cwd);
        const text = textOf(original.content);
        const response = toolResponse(t.tools, call, { input: call.input, text, details: original.details });
        // Claude Code writes the result after PostToolUse hooks ran: they do not see it in the transcript.
        t.toolResult(event.toolCallId, textOf(event.content), original.isError, response);
      };
      if (rt.hookedResults.delete(event.toolCallId)) write(transcript);
      else transcript.later(write);
    };
  }
  if (bridge.prepared.some((p) => p.async)) {
    after.session_shutdown = () => bridge.background.stop(bridge.options.asyncShutdownGraceMs ?? 1000);
  }
  return { before, after };
}
