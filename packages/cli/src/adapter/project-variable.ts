// The project folder an agent names in its hook's environment (its `AgentSpec.projectVariable`): the agent's word
// for the session's project, which nothing the model runs can change.
import path from "node:path";
import { AGENTS, isAgentId } from "@hookwire/settings-hooks/agents";

/** The agent's project folder as its variable says, or `undefined` (no variable, or not an absolute path). */
export function projectVariable(
  agent: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  const spec = isAgentId(agent) ? AGENTS[agent] : undefined;
  const name = spec?.kind === "hook" ? spec.projectVariable : undefined;
  const value = name === undefined ? undefined : env[name];
  return value !== undefined && path.isAbsolute(value) ? value : undefined;
}
