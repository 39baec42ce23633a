// How the server's messages name the agent whose http hooks post to it: from its spec when the call says which (its
// `/<agent>` path, the `hook <agent>` command), else every agent connected with `--http` (one server serves them all).
import { AGENTS, type HookAgentSpec, isAgentId } from "@hookwire/settings-hooks/agents";

const hookAgentOf = (id: string | undefined): HookAgentSpec | undefined => {
  const agent = id !== undefined && isAgentId(id) ? AGENTS[id] : undefined;
  return agent?.kind === "hook" ? agent : undefined;
};

/** Whose http hooks post to the port, and the `connect` command that moves them to another one. */
export function postedBy(id: string | undefined): { hooks: string; connect: string } {
  const agent = hookAgentOf(id);
  return agent
    ? { hooks: `${agent.label}'s http hooks`, connect: `hookwire connect ${agent.id} --http` }
    : {
        hooks: "the http hooks of your agents connected with --http",
        connect: "hookwire connect <agent> --http",
      };
}

/**
 * Why a call without the right token is refused, with the fix for that agent: `connect --http` puts the token in the
 * settings of an agent whose http hooks read it there (`http.tokenSetting`); another agent reads `HOOKWIRE_TOKEN`
 * from the environment it was started in. `empty`: it sent `Bearer ` (its `HOOKWIRE_TOKEN` was empty).
 */
export function tokenRefusal(id: string | undefined, empty: boolean): string {
  const agent = hookAgentOf(id);
  const doctor = "hookwire doctor says what is wrong.";
  if (agent?.http?.tokenSetting) {
    const where = `${agent.label}'s settings ("${agent.http.tokenSetting}")`;
    return empty
      ? `No token came with the call: ${agent.label}'s HOOKWIRE_TOKEN is empty. hookwire connect ${agent.id} --http puts your token in ${where}. ${doctor}`
      : `A bearer token is required: the server's (hookwire connect ${agent.id} --http puts yours in ${where}). ${doctor}`;
  }
  const label = agent?.label ?? "the agent";
  return empty
    ? `No token came with the call: HOOKWIRE_TOKEN is empty in the environment that started ${label}. Export the server's token (32+ characters) there before starting ${label}. ${doctor}`
    : `A bearer token is required: the server's, as HOOKWIRE_TOKEN in the environment that starts ${label} (the headers \`hookwire serve\` printed). ${doctor}`;
}
