// The opencode plugin: the project's hooks loaded once per opencode instance and run on its tool hooks, in-process.
import type { AttributedText, ContentPart, SessionEntry } from "@hookwire/core";
import { HOOK_FORMATS } from "@hookwire/loader";
import { fromOpencodeArgs, toOpencodeArgs } from "@hookwire/opencode-plugins/tools";
import {
  collectFailures,
  type HookFailure,
  hookFailure,
  openProject,
  userFailClosedRefusal,
} from "@hookwire/project";
import { toolCallRecords } from "@hookwire/project/records";
import { appendAdditionalContext, DEFAULT_BLOCK_REASON } from "@hookwire/tool-wrapper";

/** Every format but opencode's own plugins, which opencode runs itself (no hook runs twice). */
export const OPENCODE_FORMATS = HOOK_FORMATS.filter((format) => format !== "opencode");

interface PluginInput {
  directory?: string;
  worktree?: string;
}
interface BeforeInput {
  tool: string;
  sessionID: string;
  callID: string;
}
interface AfterOutput {
  title?: string;
  output: string;
  metadata?: unknown;
}

const textOf = (content: readonly ContentPart[]) =>
  content.map((part) => (part.type === "text" ? part.text : "")).join("\n");

/**
 * opencode's `args` as the native input hooks see: a deep copy, so only a hook's returned `input` changes the call
 * (opencode keeps the `args` object, and a hook changing it in place would bypass the rewrite).
 */
const nativeInput = (tool: string, args: Record<string, unknown>) =>
  fromOpencodeArgs(tool, structuredClone(args));

/** Replaces the contents of opencode's `args`: opencode keeps its own reference to that object. */
function rewrite(target: Record<string, unknown>, next: Record<string, unknown>): void {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, next);
}

/**
 * opencode 1.18 calls every exported function of a plugin module with its context and uses the hooks it
 * returns; `tool.execute.before` blocks a call by throwing (the model reads the message).
 */
export async function HookwirePlugin(input: PluginInput) {
  const entries: SessionEntry[] = [];
  // What hooks append, kept for this opencode process (opencode's session is not a plugin's to write).
  const sessionManager = {
    getEntries: () => entries,
    getBranch: () => entries,
    getLeafEntry: () => entries.at(-1),
    getSessionFile: () => undefined,
  };
  const { root, loaded, runner, gate, notices, trust } = await openProject({
    cwd: input.directory ?? process.cwd(),
    discover: { formats: OPENCODE_FORMATS },
    runner: { sessionManager },
    wording: { after: " — then restart opencode." },
  });
  for (const notice of notices) process.stderr.write(`${notice}\n`);
  // A project whose hooks changed since it was trusted keeps its gate: every call is refused until it is trusted.
  if (loaded.hooks.length === 0 && trust.state !== "changed") return {};

  runner.initialize({
    // opencode's plugin hooks have no way to add a message; what a hook sends is shown, not lost silently.
    sendMessageHandler: (message) =>
      process.stderr.write(
        `hookwire: ${typeof message.content === "string" ? message.content : textOf(message.content as ContentPart[])}\n`,
      ),
    appendEntryHandler: (customType, data) => {
      entries.push({ type: "custom", id: `hw-${entries.length}`, customType, data } as SessionEntry);
    },
  });
  runner.onError((error) => process.stderr.write(`hookwire: ${error.message}\n`));
  const pending = new Map<string, readonly AttributedText[]>();
  // Each tool call hookwire judged, in the decision log under opencode's id (`hookwire log --agent opencode`).
  const record = toolCallRecords("opencode", root, loaded.skipped.length);

  return {
    "tool.execute.before": async (call: BeforeInput, output: { args: Record<string, unknown> }) => {
      if (!gate.wants(call.tool)) return;
      const input = nativeInput(call.tool, output.args);
      const done = record({
        session: call.sessionID,
        event: "tool.execute.before",
        toolName: call.tool,
        input,
      });
      const { call: failing, failures } = collectFailures();
      const outcome = await gate.check({ toolName: call.tool, toolCallId: call.callID, input }, failing);
      // The gate's deny for a hook that threw is that hook's failure (named in the record as `error`).
      const thrown: HookFailure[] =
        outcome.denied === "error"
          ? [hookFailure(outcome.error) ?? { hookPath: "hookwire", why: outcome.reason ?? "failed" }]
          : [];
      // A hook that failed here (a settings command exiting 127) refuses the call where the user said so.
      const refusal = outcome.action === "deny" ? undefined : userFailClosedRefusal(failures);
      done(refusal ? { block: true, reason: refusal, blockedBy: failures[0]?.hookPath } : outcome, [
        ...failures,
        ...thrown,
      ]);
      if (outcome.action === "deny") throw new Error(outcome.reason ?? DEFAULT_BLOCK_REASON);
      if (refusal) throw new Error(refusal);
      // opencode has no confirmation a plugin can ask for: an ask or a defer refuses the call.
      if (outcome.action === "ask")
        throw new Error(
          outcome.permission?.reason ?? `A hook asked to ${outcome.permission?.decision} this call`,
        );
      if (outcome.inputModified) rewrite(output.args, toOpencodeArgs(call.tool, outcome.input));
      if (outcome.additionalContext.length > 0) pending.set(call.callID, outcome.additionalContext);
    },
    "tool.execute.after": async (
      call: BeforeInput & { args?: Record<string, unknown> },
      output: AfterOutput,
    ) => {
      const fromCall = pending.get(call.callID) ?? [];
      pending.delete(call.callID);
      const content: ContentPart[] = [{ type: "text", text: output.output }];
      if (!runner.hasHandlersFor("tool_result", call.tool)) {
        if (fromCall.length > 0) output.output = textOf(appendAdditionalContext(content, fromCall, []));
        return;
      }
      const after = await runner.emit({
        type: "tool_result",
        toolName: call.tool,
        toolCallId: call.callID,
        input: nativeInput(call.tool, call.args ?? {}),
        content,
        details: output.metadata,
        isError: false,
      });
      if (!after.modified && fromCall.length === 0 && after.additionalContext.length === 0) return;
      output.output = textOf(appendAdditionalContext(after.content, fromCall, after.additionalContext));
    },
  };
}
