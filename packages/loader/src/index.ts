// Public API of @hookwire/loader.
export type { HookLoadFailure } from "./errors.js";
export { CapabilityError, HookLoadError, TrustStoreError } from "./errors.js";
export type {
  HookLoadFailureEntry,
  HookModuleRequest,
  LoadHooksOptions,
  LoadHooksResult,
} from "./load/load-hooks.js";
export { loadHooks } from "./load/load-hooks.js";
export type { ModuleImportOptions } from "./load/module-importer.js";
export { isModulePath, MODULE_EXTENSIONS } from "./load/module-kind.js";
export { resolvePath } from "./resolve-path.js";
