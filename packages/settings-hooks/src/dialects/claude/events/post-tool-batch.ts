// PostToolBatch: after a batch of parallel tool calls resolved, before the next model call. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const postToolBatch = unbridged({
  name: "PostToolBatch",
  description: "After a batch of parallel tool calls resolved, before the next model call.",
  matcher: "none",
  canBlock: true,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged:
    "its decision and additionalContext steer the next model call, and no native event between a batch's tool results and that call takes a result (turn_end is void).",
});
