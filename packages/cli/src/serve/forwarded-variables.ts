// The variables an agent sets for its hooks that hookwire reads (the session's project, the agent's version, the
// OpenTelemetry resource its spans carry). A server has its own environment, so both entries pass these on with each
// call: the Node entry in its JSON, the shell entry (bin/hookwire-hook, which lists them again; a test holds the two
// lists together) as frames. The project variables are the agents' `AgentSpec.projectVariable` (a test holds them
// equal), written out here so that the forwarding client stays small.
export const FORWARDED_VARIABLES = [
  "CLAUDE_PROJECT_DIR",
  "GEMINI_PROJECT_DIR",
  "CURSOR_PROJECT_DIR",
  // The agent's version (log/agent-version.ts).
  "AI_AGENT",
  "COPILOT_CLI_BINARY_VERSION",
  "CODEX_MANAGED_PACKAGE_ROOT",
  // The call's OpenTelemetry resource (log/otel.ts): the spans are sent by the server, described as the call's.
  "OTEL_RESOURCE_ATTRIBUTES",
  "OTEL_SERVICE_NAME",
] as const;

/** Those of `env` that are set. */
export function forwardedVariables(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of FORWARDED_VARIABLES) {
    const value = env[name];
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}
