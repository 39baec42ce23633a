// `@hookwire/loader/user-config`: the user's own hookwire files (the trust store, the hooks.json of turned-off
// hooks), for the CLI's `hooks` and `serve` commands; an entry beside the loader's API, which stays within its
// export count. Discovery reads both through `DiscoverOptions` (`trustStore`, `hooksConfig`).

export { defaultTrustStorePath, userConfigPath } from "@hookwire/trust/store";
export {
  handlerFingerprint,
  handlerId,
  isPositional,
  setHookDisabled,
  turnedOffBy,
} from "./discover/disabled-hooks.js";
export { defaultHooksConfigPath } from "./user-config-paths.js";
