/**
 * Wraps agent tools so every call runs through the `tool_call` / `tool_result` hooks and the host's
 * permission rules (a hook's allow never bypasses a rule).
 *
 * @packageDocumentation
 * @module @hookwire/tool-wrapper
 * @document ../README.md
 */
export { appendAdditionalContext, formatAttributedText } from "./additional-context.js";
export {
  DEFAULT_BLOCK_REASON,
  InvalidPermissionRuleError,
  ToolBlockedError,
  ToolDeferredError,
  ToolFailedError,
} from "./errors.js";
export type { HookToolWrapperOptions } from "./options.js";
export { confirmationPrompt } from "./permissions/prompt.js";
export type {
  PermissionMode,
  PermissionResolution,
  PermissionSource,
  ResolvePermissionInput,
} from "./permissions/resolve.js";
export { resolvePermission } from "./permissions/resolve.js";
export type { CompiledRule, PermissionConfig, PermissionRules, RuleList } from "./permissions/rules.js";
export { compilePermissionRules } from "./permissions/rules.js";
export { registeredTool, registeredTools } from "./registered-tools.js";
export type { GatedCall, ToolAction, ToolGateOptions, ToolVerdict } from "./tool-gate.js";
export { ToolGate } from "./tool-gate.js";
export { HookToolWrapper, wrapTools } from "./wrapper.js";
