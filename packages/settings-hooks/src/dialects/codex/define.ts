// The typed constructors of Codex's events (their state is CodexState), and the stdin fields they share.
import type { HookContext } from "@hookwire/core";
import { eventsFor } from "../../dialect-kit/catalogue.js";
import type { CodexState } from "./state.js";

export const { bridged, unbridged } = eventsFor<CodexState>();

/** Session fields of turn events, as Codex 0.169 sends them (checked in the conformance suite). */
export const TURN_FIELDS = ["turn_id", "model", "permission_mode"] as const;

/**
 * The model's id, which Codex puts on almost every event. The protocol moves it to its place after
 * `hook_event_name`; a host that names no model gets `""` (Codex always has one).
 */
export function modelField(hook: HookContext): { model: string } {
  const id = hook.model?.id;
  return { model: typeof id === "string" ? id : "" };
}
