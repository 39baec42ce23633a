// Tools that modules registered with pi.registerTool, as tools the wrapper intercepts like built-ins.
import type { HookContext, HookRunner, ToolDefinition } from "@hookwire/core";

/** One registered definition as a host's tool: `execute` receives the runner's handler context last, as in pi. */
export function registeredTool(
  definition: ToolDefinition<unknown, HookContext>,
  runner: HookRunner,
): ToolDefinition {
  return {
    name: definition.name,
    label: definition.label,
    description: definition.description,
    parameters: definition.parameters,
    execute: (toolCallId, params, signal, onUpdate) =>
      definition.execute(toolCallId, params, signal, onUpdate, runner.createContext()),
  };
}

/**
 * Every tool the runner's modules registered (first registration of a name wins), ready for `wrapTools`:
 * `wrapTools([...builtins, ...registeredTools(runner)], runner)`. Read it again after `refreshTools`.
 */
export function registeredTools(runner: HookRunner): ToolDefinition[] {
  return runner.getRegisteredTools().map(({ definition }) => registeredTool(definition, runner));
}
