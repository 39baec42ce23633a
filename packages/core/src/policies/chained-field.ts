// "Chained field": each handler sees one field as left by the previous (message_end's message, a provider payload).
import type { BeforeProviderRequestEvent, MessageEndEvent } from "../events.js";
import type { AgentMessage } from "../messages.js";
import type { Policy } from "./policy.js";

interface State<E> {
  event: E;
  changed: boolean;
}

/** message_end: a returned `{ message }` replaces the message, which must keep its role. */
export const messageEndPolicy: Policy<
  State<MessageEndEvent>,
  MessageEndEvent,
  { message?: AgentMessage },
  AgentMessage | undefined
> = {
  propagateErrors: false,
  expectsResult: true,
  start: (event) => ({ event, changed: false }),
  fold(state, result, _hookPath, invalid) {
    const next = result.message;
    if (next === undefined || next === null) return false;
    const current = state.event.message;
    if (typeof next !== "object" || next.role !== current.role) {
      invalid(
        `returned a message with role ${JSON.stringify((next as AgentMessage).role)}; message_end replacements must keep the role ${JSON.stringify(current.role)}.`,
      );
      return false;
    }
    state.event = { ...state.event, message: next };
    state.changed = true;
    return false;
  },
  finish: (state) => (state.changed ? state.event.message : undefined),
  copy: (state) => ({ ...state }),
  asResult: (message) => (message ? { message } : undefined),
};

/** before_provider_request: whatever a handler returns replaces the payload for later handlers and the request. */
export const providerRequestPolicy: Policy<
  State<BeforeProviderRequestEvent>,
  BeforeProviderRequestEvent,
  object,
  unknown
> = {
  propagateErrors: false,
  // Payloads are provider-shaped; the dispatcher's "objects only" check must not drop one.
  expectsResult: true,
  start: (event) => ({ event, changed: false }),
  fold(state, result) {
    state.event = { ...state.event, payload: result };
    state.changed = true;
    return false;
  },
  finish: (state) => state.event.payload,
  copy: (state) => ({ ...state }),
  asResult: (payload) => (typeof payload === "object" && payload !== null ? payload : undefined),
};
