// MessageDisplay: when a message is displayed to the user. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const messageDisplay = unbridged({
  name: "MessageDisplay",
  description: "When a message is displayed to the user.",
  matcher: "none",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged: "hookwire has no display event: what a host renders is its own.",
});
