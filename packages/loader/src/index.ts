/**
 * Loads hook modules, discovers hooks through a capability registry (the host's own folders, and the other
 * agents' formats it asks for), and gates project hooks behind trust.
 *
 * Exports what a host or a hook author uses; tests import internals from `src`.
 *
 * @packageDocumentation
 * @module @hookwire/loader
 * @document ../README.md
 */

export type { ProjectTrustInfo, TrustChange, TrustGuard, TrustOption } from "@hookwire/trust";
export { defaultCacheRoot } from "@hookwire/trust/private-files";
export { TrustChangedError, TrustStoreError } from "@hookwire/trust/store";
export { registerProvider } from "./capability/default-registry.js";
export { CapabilityRegistry } from "./capability/registry.js";
export type { CapabilityContext, CapabilityProvider } from "./capability/types.js";
export type { DiscoverAndLoadResult, DiscoveryWarning, SkippedItem } from "./discover/discover-and-load.js";
export type { FormatChoice, HookFormat } from "./discover/formats.js";
export { HOOK_FORMATS } from "./discover/formats.js";
export {
  discoverAndLoadHooks,
  projectTrustStatus,
  revokeProject,
  trustProject,
} from "./discover/lazy-discovery.js";
export type { DiscoverOptions } from "./discover/options.js";
export type { ProjectTrustStatus } from "./discover/project-trust.js";
export { CapabilityError, HookLoadError } from "./errors.js";
export type { HookItem, HookLevel } from "./hooks/hook-item.js";
export { hooksCapability } from "./hooks/hook-item.js";
export { builtinHookProviders } from "./hooks/providers/builtin.js";
export { claudeHookProvider } from "./hooks/providers/claude.js";
export { codexHookProvider } from "./hooks/providers/codex.js";
export { nativeHookProvider } from "./hooks/providers/native.js";
export { opencodePluginProvider } from "./hooks/providers/opencode/provider.js";
export type { HookModuleRequest, LoadHooksOptions, LoadHooksResult } from "./load/load-hooks.js";
export { loadHooks } from "./load/load-hooks.js";
export type { PluginRuntime, PluginRuntimes } from "./load/plugin-item.js";
export { resolvePath } from "./resolve-path.js";
