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
  unbridged: "not bridged yet.",
});
