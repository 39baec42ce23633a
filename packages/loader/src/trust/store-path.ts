// Where the trust store lives: `$XDG_CONFIG_HOME/hookwire/trust.json`, else `~/.config/hookwire/trust.json`.
import os from "node:os";
import path from "node:path";

export function defaultTrustStorePath(
  options: { home?: string; env?: Record<string, string | undefined> } = {},
): string {
  const env = options.env ?? process.env;
  const xdg = env.XDG_CONFIG_HOME;
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const configHome = xdg && path.isAbsolute(xdg) ? xdg : path.join(options.home ?? os.homedir(), ".config");
  return path.join(configHome, "hookwire", "trust.json");
}
