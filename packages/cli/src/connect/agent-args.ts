// The agent a user named on the command line, checked against connect's tables (with a did-you-mean).
import { didYouMean } from "@hookwire/core/internal";
import type { DialectId } from "@hookwire/settings-hooks";
import { AGENT_IDS, type AgentId, HOOK_AGENT_IDS, isAgentId } from "@hookwire/settings-hooks/agents";
import { CliUsageError } from "../errors.js";

/** The agent a user named for connect or disconnect, checked. */
export function connectArg(name: string): AgentId {
  if (isAgentId(name)) return name;
  const hint = didYouMean(name, AGENT_IDS);
  throw new CliUsageError(`Unknown agent "${name}".${hint ? ` Did you mean "${hint}"?` : ""}`, {
    details: `Agents: ${AGENT_IDS.join(", ")}.`,
  });
}

/** The agent a user named, checked: `claude`, `codex`, `gemini`, `copilot`, `cursor`. */
export function agentArg(name: string): DialectId {
  if ((HOOK_AGENT_IDS as readonly string[]).includes(name)) return name as DialectId;
  const hint = didYouMean(name, HOOK_AGENT_IDS);
  throw new CliUsageError(`Unknown agent "${name}".${hint ? ` Did you mean "${hint}"?` : ""}`, {
    details: `Agents: ${HOOK_AGENT_IDS.join(", ")}.`,
  });
}
