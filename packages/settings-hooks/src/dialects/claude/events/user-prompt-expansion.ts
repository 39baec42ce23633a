// UserPromptExpansion: when a slash command expands into a prompt. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const userPromptExpansion = unbridged({
  name: "UserPromptExpansion",
  description: "When a slash command expands into a prompt.",
  matcher: "regex",
  matcherField: "command_name",
  canBlock: true,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged:
    "hookwire hosts do not expand slash commands into prompts; a host's commands run as hook commands.",
});
