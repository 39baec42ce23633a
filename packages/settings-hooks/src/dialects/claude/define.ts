// The typed constructors of Claude Code's events (their state is ClaudeState).
import { eventsFor } from "../../dialect-kit/catalogue.js";
import type { ClaudeState } from "./state.js";

export const { bridged, unbridged } = eventsFor<ClaudeState>();

/** Session fields of tool events and Stop, as Claude Code 2.1 sends them (checked in the conformance suite). */
export const TURN_FIELDS = ["prompt_id", "permission_mode", "effort"] as const;
