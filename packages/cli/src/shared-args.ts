// Arguments every command accepts.

import { AGENT_IDS, HOOK_AGENTS } from "@hookwire/settings-hooks/agents";
import type { ArgsDef } from "citty";
import { CliUsageError } from "./errors.js";

export const cwdArg = {
  cwd: { type: "string", description: "Project folder (default: the current directory)", valueHint: "DIR" },
} as const satisfies ArgsDef;

export const cwdArgWithHooks = {
  ...cwdArg,
  hook: {
    type: "string",
    description: "Also load this hook module (repeatable; relative to --cwd; trusted like a configured path)",
    valueHint: "PATH",
  },
} as const satisfies ArgsDef;

/** Every value of a repeatable flag (`--hook a --hook=b`); citty itself keeps only the last one. */
export function listArg(rawArgs: readonly string[], flag: string): string[] {
  const values: string[] = [];
  rawArgs.forEach((arg, i) => {
    if (arg === `--${flag}` && rawArgs[i + 1] !== undefined) values.push(rawArgs[i + 1] as string);
    else if (arg.startsWith(`--${flag}=`)) values.push(arg.slice(flag.length + 3));
  });
  return values;
}

export const DEFAULT_HANDLER_TIMEOUT_S = 60;

export const timeoutArg = {
  timeout: {
    type: "string",
    description: `Seconds a hook module's handler may take before it counts as failed (default ${DEFAULT_HANDLER_TIMEOUT_S}; 0 = no limit)`,
    valueHint: "SECONDS",
  },
} as const satisfies ArgsDef;

/** `--timeout` in milliseconds for the runner (0 = none). */
export function handlerTimeoutMs(value: string | undefined): number {
  if (value === undefined) return DEFAULT_HANDLER_TIMEOUT_S * 1000;
  const seconds = Number(value);
  if (value.trim() === "" || !Number.isFinite(seconds) || seconds < 0) {
    throw new CliUsageError(
      `--timeout expects a number of seconds (0 for no limit), got ${JSON.stringify(value)}.`,
    );
  }
  return seconds * 1000;
}

export const jsonArg = {
  json: { type: "boolean", description: "Print one JSON document instead of text", default: false },
} as const satisfies ArgsDef;

/** `--shared`, checked: the project's committed file, so not with `--user`. */
export function sharedArg(args: { shared?: boolean; user?: boolean }): boolean {
  if (args.shared && args.user)
    throw new CliUsageError("--shared is the project's committed file; --user is your own: choose one.");
  return args.shared === true;
}

/** `connect` and `disconnect`: which agent, and whose settings. */
export const scopeArgs = {
  agent: { type: "positional", description: `The agent: ${AGENT_IDS.join(", ")}`, required: true },
  user: {
    type: "boolean",
    description:
      "Your own settings for every project (default: this project's, the local file where the agent has one)",
    default: false,
  },
  shared: {
    type: "boolean",
    description:
      "The agent's file the project commits, where its project file is a local one (claude: .claude/settings.json)",
    default: false,
  },
  managed: {
    type: "boolean",
    description: `The agent's organisation-level settings, for every user on this machine (as root; ${HOOK_AGENTS.filter(
      (agent) => agent.managed,
    )
      .map((agent) => agent.id)
      .join(", ")})`,
    default: false,
  },
  ...cwdArg,
  ...jsonArg,
} as const satisfies ArgsDef;
