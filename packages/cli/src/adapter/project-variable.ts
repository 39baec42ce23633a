// The variable each agent sets, in every hook's environment, to the project it was started in: the agent's word
// for the session's project, which nothing the model runs can change (the entries forward it to a server among
// FORWARDED_VARIABLES, which must name each one here).
import path from "node:path";
import type { FORWARDED_VARIABLES } from "../serve/forwarded-variables.js";

/**
 * Measured in the installed agents: Claude Code 2.1.332 sets `CLAUDE_PROJECT_DIR`, Gemini CLI 0.61.0 sets
 * `GEMINI_PROJECT_DIR` (and `CLAUDE_PROJECT_DIR`); Cursor documents `CURSOR_PROJECT_DIR` (not installed here);
 * Codex 0.169.0 and Copilot CLI 1.0.102 set none (their binaries name no such variable).
 */
const PROJECT_VARIABLES: Readonly<Record<string, (typeof FORWARDED_VARIABLES)[number]>> = {
  claude: "CLAUDE_PROJECT_DIR",
  gemini: "GEMINI_PROJECT_DIR",
  cursor: "CURSOR_PROJECT_DIR",
};

/** The agent's project folder as its variable says, or `undefined` (no variable, or not an absolute path). */
export function projectVariable(
  agent: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  const name = Object.hasOwn(PROJECT_VARIABLES, agent) ? PROJECT_VARIABLES[agent] : undefined;
  const value = name === undefined ? undefined : env[name];
  return value !== undefined && path.isAbsolute(value) ? value : undefined;
}
