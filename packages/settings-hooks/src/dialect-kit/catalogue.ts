// Every per-event list, derived from a dialect's catalogue: names, bridged events, native events, lookups.
import type { NativeEventName } from "@hookwire/core";
import type { AnyBridgedEvent, BridgedEventSpec, Dialect, EventSpec, UnbridgedEventSpec } from "./types.js";

/**
 * Typed constructors for one dialect's events: `input`'s native event and `apply`'s result are
 * checked against the `native` event named, and `State` is the dialect's own.
 */
export function eventsFor<State>() {
  return {
    bridged<const Name extends string, N extends NativeEventName, Fields extends object>(
      spec: BridgedEventSpec<Name, N, Fields, State>,
    ): BridgedEventSpec<Name, N, Fields, State> {
      return spec;
    },
    unbridged<const Name extends string>(spec: UnbridgedEventSpec<Name>): UnbridgedEventSpec<Name> {
      return spec;
    },
  };
}

export function isBridged<State>(spec: EventSpec<State>): spec is AnyBridgedEvent<State> {
  return spec.native !== undefined;
}

const indexes = new WeakMap<Dialect, Map<string, EventSpec>>();

/** The event of that name in the dialect, or `undefined`; names are case-sensitive, as in the agents. */
export function findEvent(dialect: Dialect, name: string): EventSpec | undefined {
  let index = indexes.get(dialect);
  if (!index) {
    index = new Map(dialect.events.map((spec) => [spec.name, spec]));
    indexes.set(dialect, index);
  }
  return index.get(name);
}

/** Every event name, in the catalogue's (the reference's) order. */
export function eventNames(dialect: Dialect): string[] {
  return dialect.events.map((spec) => spec.name);
}

/** The events a hookwire host runs, in catalogue order. */
export function bridgedEvents(dialect: Dialect): AnyBridgedEvent[] {
  return dialect.events.filter(isBridged);
}

/** The native events a dialect subscribes, each with its bridged events in catalogue order. */
export function eventsByNative(dialect: Dialect): Map<NativeEventName, AnyBridgedEvent[]> {
  const byNative = new Map<NativeEventName, AnyBridgedEvent[]>();
  for (const spec of bridgedEvents(dialect)) {
    const list = byNative.get(spec.native) ?? [];
    list.push(spec);
    byNative.set(spec.native, list);
  }
  return byNative;
}

/**
 * Whether a command or http handler of the dialect has `field`: its `SettingsFormat.handlerFields` table,
 * or, without one, the handler schema's own fields (every hookwire field, `if` included).
 */
export function handlerHasField(dialect: Dialect, field: string): boolean {
  return dialect.settings.handlerFields?.includes(field) ?? true;
}
