// Setup: when Claude Code runs its setup step (`--init`, `--maintenance`). Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const setup = unbridged({
  name: "Setup",
  description: "When Claude Code runs its setup step (`--init`, `--maintenance`).",
  matcher: "regex",
  matcherField: "trigger",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged: "hookwire hosts have no setup or maintenance step.",
});
