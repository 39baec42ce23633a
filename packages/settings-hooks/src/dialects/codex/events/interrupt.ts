// Interrupt: when the user interrupts an active turn. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const interrupt = unbridged({
  name: "Interrupt",
  description: "When the user interrupts an active turn (not for subagents).",
  matcher: "none",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: 1,
  unbridged:
    "hookwire has no native event for a user interrupting a turn; a host sees it as the run's abort signal.",
});
