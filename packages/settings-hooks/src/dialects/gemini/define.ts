// The typed constructors of Gemini CLI's events (their state is GeminiState).
import { eventsFor } from "../../dialect-kit/catalogue.js";
import type { GeminiState } from "./state.js";

export const { bridged, unbridged } = eventsFor<GeminiState>();

/** Gemini CLI's default hook timeout: 60 s (its settings give `timeout` in milliseconds). */
export const DEFAULT_TIMEOUT = 60;
