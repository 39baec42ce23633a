// BeforeTool: before a tool runs; hooks block it (exit 2, decision deny) or merge new arguments over its input.

import { callVerdict, nativeCall, UNAPPLIED } from "../../../dialect-kit/agent-hook.js";
import { blockReason } from "../../../dialect-kit/messages.js";
import { toNativeInput } from "../../../dialect-kit/tools.js";
import type { HookOutput } from "../../../protocol/output.js";
import { bridged, DEFAULT_TIMEOUT } from "../define.js";
import { geminiTools } from "../tools.js";

export const beforeTool = bridged({
  name: "BeforeTool",
  description: "Before a tool call runs: block it (the reason goes to the model), or rewrite its arguments.",
  native: "tool_call",
  matcher: "regex",
  matcherField: "tool_name",
  canBlock: true,
  canStop: true,
  tool: true,
  permission: true,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input: (event, { tool }) => ({
    tool_name: tool?.name ?? event.toolName,
    tool_input: tool?.input ?? event.input,
  }),
  asAgentHook: {
    event: (stdin) => nativeCall(geminiTools, stdin.tool_name, stdin.tool_input, undefined),
    answer(result, event) {
      const verdict = callVerdict(geminiTools, result, event);
      // Gemini CLI cannot ask from a hook (`decision: "ask"` does nothing): a question nobody can answer refuses.
      if (verdict.decision === "deny" || verdict.decision === "ask") {
        const reason =
          verdict.decision === "ask"
            ? `${verdict.reason} (Gemini CLI cannot ask here; refused)`
            : verdict.reason;
        return { output: { decision: "block", reason: reason ?? "" }, unapplied: [] };
      }
      const output: HookOutput = {};
      if (verdict.input)
        output.hookSpecificOutput = { hookEventName: "BeforeTool", updatedInput: verdict.input };
      return { output, unapplied: verdict.context ? [UNAPPLIED.context] : [] };
    },
  },
  apply(outcome, { event, fields }) {
    // `continue: false` stops the loop before the tool runs (the bridge aborts the turn).
    if (outcome.stop) {
      return {
        block: true,
        reason: `Agent execution stopped by hook: ${outcome.stop.reason ?? "No reason provided"}`,
      };
    }
    if (outcome.blocks.length > 0) {
      return { block: true, reason: `Tool execution blocked: ${blockReason(outcome.blocks)}` };
    }
    if (!outcome.updatedInput) return undefined;
    // Gemini CLI merges the hook's `tool_input` over the model's arguments; it never replaces them whole.
    const merged = { ...fields.tool_input, ...outcome.updatedInput };
    return { input: { ...event.input, ...toNativeInput(geminiTools, fields.tool_name, merged) } };
  },
});
