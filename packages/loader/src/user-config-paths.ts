// The loader's files in the user's hookwire folder (`userConfigPath`, the one reader of `XDG_CONFIG_HOME`, is trust's).
import { type ConfigPathOptions, userConfigPath } from "@hookwire/trust/store";

/** The hooks the user turned off (`hookwire hooks disable`): `$XDG_CONFIG_HOME/hookwire/hooks.json`. */
export function defaultHooksConfigPath(options: ConfigPathOptions = {}): string {
  return userConfigPath("hooks.json", options);
}

/** Installed policies, their pins and sources (`hookwire policy`): `$XDG_CONFIG_HOME/hookwire/policies`. */
export function defaultPolicyRoot(options: ConfigPathOptions = {}): string {
  return userConfigPath("policies", options);
}
