// TeammateIdle: when an agent-team teammate is about to go idle. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const teammateIdle = unbridged({
  name: "TeammateIdle",
  description: "When an agent-team teammate is about to go idle.",
  matcher: "none",
  canBlock: true,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged: "hookwire hosts have no agent teams.",
});
