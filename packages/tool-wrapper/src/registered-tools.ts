// Tools that modules registered with pi.registerTool, as AgentTools the wrapper intercepts like built-ins.
import type { HookRunner, ToolDefinition } from "@hookwire/core";
import type { AgentTool } from "./tool.js";

/** One registered definition as an AgentTool; `execute` receives the runner's handler context last, as in pi. */
export function registeredTool(definition: ToolDefinition, runner: HookRunner): AgentTool {
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
export function registeredTools(runner: HookRunner): AgentTool[] {
  return runner.getRegisteredTools().map(({ definition }) => registeredTool(definition, runner));
}
