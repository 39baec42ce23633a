/**
 * Decides what of a project may run: walks what each project hook reaches (its folder, its imports, the files a
 * settings command runs), fingerprints it, asks the trust store and the host, and guards the trusted files until
 * the hooks run. Discovery (which hooks a project has) is the loader's; it calls this package between finding the
 * hooks and loading them.
 *
 * Three lighter entries need neither settings-hooks nor shell-rules: `./modules` (the one resolver and import
 * reader, which the loader's module runner shares), `./store` (the store's records, its path, trust's errors),
 * `./private-files` (private per-user folders, files and caches). Tests import internals from `src`.
 *
 * @packageDocumentation
 * @module @hookwire/trust
 * @document ../README.md
 */
export {
  decideTrust,
  type ProjectTrustInfo,
  type TrustEntry,
  type TrustOption,
  type TrustVerdict,
} from "./decide.js";
export { type FileDigest, FileDigests } from "./file-digest.js";
export { fingerprintProject, type ProjectFingerprint, type TrustItem } from "./fingerprint.js";
export { TrustGuard, type TrustGuardInit } from "./guard.js";
export { projectRoot } from "./project-root.js";
export {
  forgetTrust,
  type RecordedTrust,
  recordedTrust,
  recordTrust,
  type TrustChange,
  type TrustedEntry,
} from "./records.js";
export type { ShellAnalyses } from "./shell-analyses.js";
export { type ProjectHooks, type ProjectReach, type UnfingerprintedCommand, walkProject } from "./walk.js";
