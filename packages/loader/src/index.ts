/**
 * Loads hook modules with jiti, discovers hooks through a capability registry (native, Claude-style
 * and Codex-style folders, settings files), and gates project hooks behind trust.
 *
 * @packageDocumentation
 * @module @hookwire/loader
 * @document ../README.md
 */
export {
  capabilityRegistry,
  defineCapability,
  loadCapability,
  registerProvider,
} from "./capability/default-registry.js";
export { CapabilityRegistry } from "./capability/registry.js";
export type {
  Capability,
  CapabilityContext,
  CapabilityEntry,
  CapabilityLoadResult,
  CapabilityProvider,
  CapabilityWarning,
  ProviderReport,
} from "./capability/types.js";
export type { UnfingerprintedCommand } from "./discover/collect.js";

export type {
  DiscoverAndLoadResult,
  DiscoveryWarning,
  HookPair,
  SkippedItem,
} from "./discover/discover-and-load.js";
export {
  discoverAndLoadHooks,
  projectTrustStatus,
  revokeProject,
  trustProject,
} from "./discover/lazy-discovery.js";
export type { DiscoverOptions, ProjectTrustInfo, TrustOption } from "./discover/options.js";
export { isProjectSettings } from "./discover/project-settings.js";
export type { HookLoadFailure } from "./errors.js";
export { CapabilityError, HookLoadError, TrustChangedError, TrustStoreError } from "./errors.js";
export type { HookItem, HookItemType, HookLevel } from "./hooks/hook-item.js";
export { hooksCapability } from "./hooks/hook-item.js";
export { MAX_HOOK_FOLDER_ENTRIES } from "./hooks/list-files.js";
export { builtinHookProviders, DEFAULT_APP_DIRS } from "./hooks/providers/builtin.js";
export type { ClaudeHookProviderOptions } from "./hooks/providers/claude.js";
export { claudeHookProvider } from "./hooks/providers/claude.js";
export type { CodexHookProviderOptions } from "./hooks/providers/codex.js";
export { codexHookProvider } from "./hooks/providers/codex.js";
export type { NativeHookProviderOptions } from "./hooks/providers/native.js";
export { nativeHookProvider } from "./hooks/providers/native.js";
export { defaultCacheRoot, defaultModuleCacheDir } from "./load/cache-dir.js";
export type {
  HookLoadFailureEntry,
  HookModuleRequest,
  LoadHooksOptions,
  LoadHooksResult,
} from "./load/load-hooks.js";
export { loadHooks } from "./load/load-hooks.js";
export type { ModuleImportOptions } from "./load/module-importer.js";
export { MAX_MODULE_BYTES } from "./load/module-importer.js";
export { isModulePath, MODULE_EXTENSIONS } from "./load/module-kind.js";
export type { HookMapping } from "./opencode/hook-table.js";
export { OPENCODE_HOOKS, UNSUPPORTED_HOOKS } from "./opencode/hook-table.js";
export type { OpencodeProviderOptions } from "./opencode/provider.js";
export { OPENCODE_PROVIDER_ID, opencodePluginProvider } from "./opencode/provider.js";
export { resolvePath } from "./resolve-path.js";
export { MAX_FINGERPRINT_BYTES } from "./trust/file-digest.js";
export type { ProjectFingerprint, TrustItem } from "./trust/fingerprint.js";
export { fingerprintProject } from "./trust/fingerprint.js";
export type { TrustGuard } from "./trust/guard.js";
export { MAX_SUPPORT_FILES } from "./trust/module-folders.js";
export type { ProjectTrustStatus } from "./trust/project-trust.js";
export type { TrustRecord, TrustStore } from "./trust/store.js";
export { readTrustStore } from "./trust/store.js";
export { defaultTrustStorePath } from "./trust/store-path.js";
