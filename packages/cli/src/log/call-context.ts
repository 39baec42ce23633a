// Who and where, for the decision record: the agent's version, the user, the host, and the call's own OpenTelemetry
// resource variables, from the call's input and the variables its agent set (forwarded to a server with the call).
import os from "node:os";
import { agentVersion } from "./agent-version.js";
import type { Decision } from "./record.js";

let osUser: string | undefined;

/** This process's user, by the password database (a variable can say anything), else by `USER` / `LOGNAME`. */
function userName(): string {
  if (osUser === undefined) {
    try {
      osUser = os.userInfo().username;
    } catch {
      // A uid with no entry (a container's): the login variables are all there is.
      osUser = process.env.USER || process.env.LOGNAME || String(process.getuid?.() ?? "");
    }
  }
  return osUser;
}

let hostName: string | undefined;

/**
 * The record's who and where. `user` is the caller a team server authenticated (its token's name); without one,
 * this OS user: a server on the user's own machine runs as them.
 */
export function callContext(
  agent: string,
  input: Readonly<Record<string, unknown>>,
  env: Readonly<Record<string, string | undefined>>,
  user?: string,
): Pick<Decision, "agentVersion" | "user" | "host" | "otel"> {
  hostName ??= os.hostname();
  const version = agentVersion(agent, input, env);
  const otel = {
    ...(env.OTEL_RESOURCE_ATTRIBUTES ? { resourceAttributes: env.OTEL_RESOURCE_ATTRIBUTES } : {}),
    ...(env.OTEL_SERVICE_NAME ? { serviceName: env.OTEL_SERVICE_NAME } : {}),
  };
  return {
    ...(version !== undefined ? { agentVersion: version } : {}),
    user: user ?? userName(),
    host: hostName,
    ...(Object.keys(otel).length > 0 ? { otel } : {}),
  };
}
