// The typed constructors of GitHub Copilot CLI's events (their state is CopilotState).
import { eventsFor } from "../../dialect-kit/catalogue.js";
import type { CopilotState } from "./state.js";

export const { bridged, unbridged } = eventsFor<CopilotState>();

/** Copilot CLI's default `timeoutSec` (its hooks reference). */
export const DEFAULT_TIMEOUT = 30;
