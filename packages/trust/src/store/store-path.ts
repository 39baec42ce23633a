// Where the user's hookwire config lives: `$XDG_CONFIG_HOME/hookwire/<file>`, else `~/.config/hookwire/<file>`.
import os from "node:os";
import path from "node:path";

export interface ConfigPathOptions {
  home?: string;
  env?: Record<string, string | undefined>;
}

/** `<name>` in the user's hookwire folder: the one place that reads `XDG_CONFIG_HOME` for hookwire's files. */
export function userConfigPath(name: string, options: ConfigPathOptions = {}): string {
  const env = options.env ?? process.env;
  const xdg = env.XDG_CONFIG_HOME;
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const configHome = xdg && path.isAbsolute(xdg) ? xdg : path.join(options.home ?? os.homedir(), ".config");
  return path.join(configHome, "hookwire", name);
}

/** The trust store: `$XDG_CONFIG_HOME/hookwire/trust.json`. */
export function defaultTrustStorePath(options: ConfigPathOptions = {}): string {
  return userConfigPath("trust.json", options);
}
