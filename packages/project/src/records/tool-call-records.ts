// What an agent running hookwire in its own process (pi, opencode) records of each tool call hookwire judged: the
// record the CLI writes for a connected agent's call, under that agent's id, read back by `hookwire log`.
import { nowMs } from "@hookwire/core/internal";
import type { HookFailure } from "../fail-closed.js";
import { flushDecisions } from "./decision-log.js";
import { decisionOf, failureDecision } from "./decision-of.js";
import type { Decision } from "./record.js";
import { toolTarget } from "./tool-target.js";
import { whoAndWhere } from "./who.js";
import { recordDecision } from "./write-record.js";

/** One tool call as the host saw it: its session, the agent's own name for the event, the tool, its native input. */
export interface RecordedCall {
  session: string;
  event: string;
  toolName: string;
  input: unknown;
}

/** Ends a call's record: the outcome the host acted on (a refusal is `{ block, reason }`), the hooks that failed. */
export type RecordCall = (outcome: unknown, failures?: readonly HookFailure[]) => void;

let flushAtExit = false;

/**
 * A recorder for `agent`'s tool calls in the project at `root`; `untrusted`: the project hooks that did not run
 * (a call nothing else decided is recorded `untrusted`, as the CLI records it). Lines are written in batches, and
 * the rest when the process exits.
 */
export function toolCallRecords(
  agent: string,
  root: string,
  untrusted: number,
): (call: RecordedCall) => RecordCall {
  if (!flushAtExit) {
    flushAtExit = true;
    process.once("exit", flushDecisions);
  }
  return (call) => {
    const time = new Date().toISOString();
    const started = nowMs();
    // Read now: a rewrite changes the host's input object in place, and the record keeps what the agent asked for.
    const target = toolTarget(call.input);
    return (outcome, failures = []) => {
      const decided = decisionOf(outcome, { asked: undefined, messages: [], untrusted });
      const record: Decision = {
        time,
        agent,
        ...whoAndWhere(),
        session: call.session,
        event: call.event,
        native: "tool_call",
        project: root,
        tool: call.toolName,
        ...(target !== undefined ? { target } : {}),
        ...failureDecision(decided, failures),
        durationMs: Math.round((nowMs() - started) * 1000) / 1000,
      };
      recordDecision(record);
    };
  };
}
