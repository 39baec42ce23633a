// Who and where, for the decision record: the agent's version, the user, the host, and the call's own OpenTelemetry
// resource variables, from the call's input and the variables its agent set (forwarded to a server with the call).
import { type Decision, whoAndWhere } from "@hookwire/project/records";
import { agentVersion } from "./agent-version.js";

/**
 * The record's who and where. `user` is the caller a team server authenticated (its token's name); without one,
 * this OS user (`whoAndWhere`).
 */
export function callContext(
  agent: string,
  input: Readonly<Record<string, unknown>>,
  env: Readonly<Record<string, string | undefined>>,
  user?: string,
): Pick<Decision, "agentVersion" | "user" | "host" | "otel"> {
  const version = agentVersion(agent, input, env);
  const otel = {
    ...(env.OTEL_RESOURCE_ATTRIBUTES ? { resourceAttributes: env.OTEL_RESOURCE_ATTRIBUTES } : {}),
    ...(env.OTEL_SERVICE_NAME ? { serviceName: env.OTEL_SERVICE_NAME } : {}),
  };
  return {
    ...(version !== undefined ? { agentVersion: version } : {}),
    ...whoAndWhere(user),
    ...(Object.keys(otel).length > 0 ? { otel } : {}),
  };
}
