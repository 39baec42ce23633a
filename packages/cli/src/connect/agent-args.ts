// The agent a user named on the command line, checked against connect's tables (with a did-you-mean).
import { didYouMean } from "@hookwire/core/internal";
import type { DialectId } from "@hookwire/settings-hooks";
import { CliUsageError } from "../errors.js";
import { AGENT_IDS } from "./agents.js";
import { CONNECT_IDS, type ConnectId } from "./package-agents.js";

/** The agent a user named for connect or disconnect, checked. */
export function connectArg(name: string): ConnectId {
  if ((CONNECT_IDS as readonly string[]).includes(name)) return name as ConnectId;
  const hint = didYouMean(name, CONNECT_IDS);
  throw new CliUsageError(`Unknown agent "${name}".${hint ? ` Did you mean "${hint}"?` : ""}`, {
    details: `Agents: ${CONNECT_IDS.join(", ")}.`,
  });
}

/** The agent a user named, checked: `claude`, `codex`, `gemini`, `copilot`, `cursor`. */
export function agentArg(name: string): DialectId {
  if ((AGENT_IDS as readonly string[]).includes(name)) return name as DialectId;
  const hint = didYouMean(name, AGENT_IDS);
  throw new CliUsageError(`Unknown agent "${name}".${hint ? ` Did you mean "${hint}"?` : ""}`, {
    details: `Agents: ${AGENT_IDS.join(", ")}.`,
  });
}
