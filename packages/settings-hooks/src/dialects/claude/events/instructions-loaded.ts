// InstructionsLoaded: when a CLAUDE.md or rules file is loaded into context. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const instructionsLoaded = unbridged({
  name: "InstructionsLoaded",
  description: "When a CLAUDE.md or rules file is loaded into context.",
  matcher: "regex",
  matcherField: "load_reason",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged: "hookwire does not load instruction files; the host does, without an event.",
});
