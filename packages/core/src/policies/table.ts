// Which policy each native event uses: the combination table of the spec, in one place.
import type {
  HookEmitOutcome,
  HookEmitOutcomeMap,
  HookEvent,
  HookEventResult,
  NativeEventName,
} from "../events.js";
import { beforeAgentStartPolicy } from "./before-agent-start.js";
import { cancellablePolicy, lastWinsPolicy } from "./cancellable.js";
import { messageEndPolicy, providerRequestPolicy } from "./chained-field.js";
import { resourcesDiscoverPolicy } from "./collect-paths.js";
import { contextPolicy } from "./context.js";
import { firstResultPolicy } from "./first-result.js";
import { inputPolicy } from "./input.js";
import type { Policy } from "./policy.js";
import { seriesPolicy } from "./series.js";
import { toolCallPolicy } from "./tool-call.js";
import { toolResultPolicy } from "./tool-result.js";

// biome-ignore lint/suspicious/noExplicitAny: policies are looked up by a runtime event name.
type AnyPolicy = Policy<any, any, any, any>;

/** The policy of event K: it folds K's handler results into what `runner.emit` promises for K. */
// biome-ignore lint/suspicious/noExplicitAny: the state is each policy's own.
type PolicyFor<K extends NativeEventName> = Policy<any, HookEvent<K>, HookEventResult<K>, HookEmitOutcome<K>>;

/**
 * Every event with an outcome of its own (`HookEmitOutcomeMap`) must be here, with a policy whose outcome is
 * that one: the compiler checks the table against the map. Events not listed, native or not (a host's own, a
 * newer host's), use the series policy.
 */
const special: { [K in keyof HookEmitOutcomeMap]: PolicyFor<K> } = {
  session_before_switch: cancellablePolicy,
  session_before_fork: cancellablePolicy,
  session_before_branch: cancellablePolicy,
  session_before_compact: cancellablePolicy,
  session_before_tree: cancellablePolicy,
  "session.compacting": lastWinsPolicy,
  context: contextPolicy,
  before_agent_start: beforeAgentStartPolicy,
  tool_call: toolCallPolicy,
  tool_result: toolResultPolicy,
  input: inputPolicy,
  user_bash: firstResultPolicy,
  message_end: messageEndPolicy,
  before_provider_request: providerRequestPolicy,
  resources_discover: resourcesDiscoverPolicy,
};

export function policyFor(event: string): AnyPolicy {
  return Object.hasOwn(special, event) ? (special[event as keyof typeof special] as AnyPolicy) : seriesPolicy;
}
