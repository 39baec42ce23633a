// Which policy each native event uses: the combination table of the spec, in one place.
import type { HookEventName } from "../events.js";
import { beforeAgentStartPolicy } from "./before-agent-start.js";
import { cancellablePolicy, lastWinsPolicy } from "./cancellable.js";
import { contextPolicy } from "./context.js";
import type { Policy } from "./policy.js";
import { seriesPolicy } from "./series.js";
import { toolCallPolicy } from "./tool-call.js";
import { toolResultPolicy } from "./tool-result.js";

// biome-ignore lint/suspicious/noExplicitAny: policies are looked up by a runtime event name.
type AnyPolicy = Policy<any, any, any, any>;

const special: Partial<Record<HookEventName, AnyPolicy>> = {
  session_before_switch: cancellablePolicy,
  session_before_branch: cancellablePolicy,
  session_before_compact: cancellablePolicy,
  session_before_tree: cancellablePolicy,
  "session.compacting": lastWinsPolicy,
  context: contextPolicy,
  before_agent_start: beforeAgentStartPolicy,
  tool_call: toolCallPolicy,
  tool_result: toolResultPolicy,
};

export function policyFor(event: HookEventName): AnyPolicy {
  return special[event] ?? seriesPolicy;
}
