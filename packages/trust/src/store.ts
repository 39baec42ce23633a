// `@hookwire/trust/store`: the trust store (where it is, reading it: a policy's pins use the same records) and
// trust's errors, without the walk: no settings-hooks or shell-rules, so the loader's API and a process that only
// checks a pin import it.
export { TrustChangedError, TrustStoreError } from "./errors.js";
export { type ConfigPathOptions, defaultTrustStorePath, userConfigPath } from "./store/store-path.js";
export { readTrustStore, type TrustRecord, type TrustStore } from "./store/trust-store.js";
