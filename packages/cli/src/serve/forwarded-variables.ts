// The variables an agent sets for its hooks that hookwire reads (the session's project). A server has its own
// environment, so both entries pass these on with each call: the Node entry in its JSON, the shell entry
// (bin/hookwire-hook, which lists them again; a test holds the two lists together) as frames.
export const FORWARDED_VARIABLES = [
  "CLAUDE_PROJECT_DIR",
  "GEMINI_PROJECT_DIR",
  "CURSOR_PROJECT_DIR",
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
