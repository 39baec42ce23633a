// The `${CLAUDE_PROJECT_DIR}`-style placeholders of a command handler and the environment it runs in.
import { dialectOf } from "../compiled.js";
import type { SettingsHandler } from "../types.js";

/** Values of the placeholders a handler may use; unset ones are left out of the environment. */
export interface HookVariables {
  CLAUDE_PROJECT_DIR: string;
  CLAUDE_PLUGIN_ROOT?: string;
  CLAUDE_PLUGIN_DATA?: string;
}

export interface EnvironmentOptions {
  /** Host names for the same values, e.g. `{ HOOKWIRE_PROJECT_DIR: "CLAUDE_PROJECT_DIR" }`. */
  envAliases?: Record<string, keyof HookVariables>;
  /** Variables removed from the hook's environment (tokens the host holds for itself). */
  secretEnv?: readonly string[];
  /** The environment to start from. Default `process.env`. */
  baseEnv?: NodeJS.ProcessEnv;
}

/** The placeholder values of one handler, by its dialect's names (`CLAUDE_PROJECT_DIR`, plugin folders). */
export function handlerVariables(
  handler: SettingsHandler,
  projectDir: string,
): Record<string, string | undefined> {
  const { variables } = dialectOf(handler);
  return {
    ...Object.fromEntries(variables.projectDir.map((name) => [name, projectDir])),
    ...(variables.pluginRoot ? { [variables.pluginRoot]: handler.pluginRoot } : {}),
    ...(variables.pluginData ? { [variables.pluginData]: handler.pluginData } : {}),
  };
}

/** Every placeholder name (canonical and alias) with its value. */
export function placeholderValues(
  vars: HookVariables | Readonly<Record<string, string | undefined>>,
  options: EnvironmentOptions = {},
): Map<string, string> {
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(vars)) if (typeof value === "string") values.set(name, value);
  for (const [alias, target] of Object.entries(options.envAliases ?? {})) {
    const value = (vars as Readonly<Record<string, string | undefined>>)[target];
    if (typeof value === "string") values.set(alias, value);
  }
  return values;
}

/** Replace `${NAME}` for the known names only; anything else stays for the shell to expand. */
export function substitutePlaceholders(text: string, values: ReadonlyMap<string, string>): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (match, name: string) => values.get(name) ?? match);
}

export function hookEnvironment(
  values: ReadonlyMap<string, string>,
  options: EnvironmentOptions = {},
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.baseEnv ?? process.env)) {
    if (value !== undefined) env[key] = value;
  }
  for (const name of options.secretEnv ?? []) delete env[name];
  for (const [name, value] of values) env[name] = value;
  return env;
}
