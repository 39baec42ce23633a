// The calling agent's version, for the decision record: where each agent says it (a field of its hook input, or a
// variable it sets for its hooks), measured in the installed agents.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { FORWARDED_VARIABLES } from "../serve/forwarded-variables.js";

interface VersionSource {
  /** A field of the agent's hook input. */
  input?: string;
  /**
   * A variable the agent sets in its hooks' environment (the entries forward it to a server: FORWARDED_VARIABLES
   * must name it), and how its value spells the version.
   */
  env?: { name: (typeof FORWARDED_VARIABLES)[number]; version: (value: string) => string | undefined };
}

/** A folder whose package.json names the agent's package: its version. Read once per folder. */
const packageVersions = new Map<string, string | undefined>();
function packageVersion(folder: string): string | undefined {
  if (!path.isAbsolute(folder)) return undefined;
  if (!packageVersions.has(folder)) {
    let version: string | undefined;
    try {
      const read = JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as {
        version?: unknown;
      };
      if (typeof read.version === "string") version = read.version;
    } catch {}
    packageVersions.set(folder, version);
  }
  return packageVersions.get(folder);
}

/**
 * Measured (a command hook printing its environment and input): Claude Code 2.1.332 sets
 * `AI_AGENT=claude-code_2-1-332_harness`; Copilot CLI 1.0.102 sets `COPILOT_CLI_BINARY_VERSION=1.0.102`; Codex 0.169.0
 * installed by npm sets `CODEX_MANAGED_PACKAGE_ROOT` (its package folder); Cursor documents `cursor_version` in every
 * hook input (not installed here). Gemini CLI 0.61.0 sends no version in its input or environment: none is recorded.
 */
export const AGENT_VERSION_SOURCES: Readonly<Record<string, VersionSource>> = {
  claude: {
    env: {
      name: "AI_AGENT",
      version: (value) => /^claude-code_(\d+(?:-\d+)+)/.exec(value)?.[1]?.replaceAll("-", "."),
    },
  },
  copilot: { env: { name: "COPILOT_CLI_BINARY_VERSION", version: (value) => value } },
  codex: { env: { name: "CODEX_MANAGED_PACKAGE_ROOT", version: packageVersion } },
  cursor: { input: "cursor_version" },
};

/** A version is short and plain: anything else an agent (or a user's variable) sends is not one. */
const PLAIN_VERSION = /^[\w.+-]{1,64}$/;

/** The agent's version as its input or environment says it, or `undefined`. */
export function agentVersion(
  agent: string,
  input: Readonly<Record<string, unknown>>,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const source = Object.hasOwn(AGENT_VERSION_SOURCES, agent) ? AGENT_VERSION_SOURCES[agent] : undefined;
  if (!source) return undefined;
  const said = source.input ? input[source.input] : undefined;
  const raw = env[source.env?.name ?? ""];
  const version = typeof said === "string" ? said : raw !== undefined ? source.env?.version(raw) : undefined;
  return version !== undefined && PLAIN_VERSION.test(version) ? version : undefined;
}
