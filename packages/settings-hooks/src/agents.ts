/**
 * `@hookwire/settings-hooks/agents`: the agents hookwire runs inside, one spec each (files, connect table,
 * markers, watched folders, capabilities, silencing switches). Read by the loader's discovery and hookwire's CLI.
 *
 * @module @hookwire/settings-hooks/agents
 */
export type {
  AgentId,
  AgentSpec,
  Effect,
  HookAgentSpec,
  HookFolder,
  ManagedChannel,
  PackageAgentId,
  PackageAgentSpec,
  PackageEvent,
  Silencer,
} from "./dialects/agent-spec.js";
export {
  AGENT_IDS,
  AGENTS,
  HOOK_AGENT_IDS,
  HOOK_AGENTS,
  HOOKWIRE_FOLDER,
  hookAgent,
  isAgentId,
  isPackageAgentId,
  NATIVE_HOOK_FOLDERS,
  PACKAGE_AGENTS,
  PROJECT_MARKERS,
  packageAgent,
  WATCHED_FOLDERS,
} from "./dialects/agents.js";
export { nearestPackageName } from "./dialects/package-item.js";

import type { AgentId } from "./dialects/agent-spec.js";
import type { Silencing, SilencingOptions } from "./dialects/silencing.js";

export type { Silencing, SilencingOptions };

/**
 * The switches that silence hookwire in agent `id`, at project and user level. Imported on demand: reading them
 * needs the TOML and JSONC readers and the dialects, and the registry itself is read on every discovery.
 */
export async function silencingSwitches(id: AgentId, options: SilencingOptions): Promise<Silencing[]> {
  return (await import("./dialects/silencing.js")).silencingSwitches(id, options);
}
