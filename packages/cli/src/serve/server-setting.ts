// Whether this user's server may start itself: `HOOKWIRE_SERVER=off` for one environment, `"server": "off"` in the
// user's hookwire config (`$XDG_CONFIG_HOME/hookwire/config.json`) for good. Default: on.
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export type ServerSetting = "auto" | "off";

/** The user's hookwire settings file (beside the trust store). */
export function userConfigFile(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CONFIG_HOME;
  return path.join(
    xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), ".config"),
    "hookwire",
    "config.json",
  );
}

export function serverSetting(env: NodeJS.ProcessEnv = process.env): ServerSetting {
  if (env.HOOKWIRE_SERVER === "off") return "off";
  try {
    const config = JSON.parse(readFileSync(userConfigFile(env), "utf8")) as { server?: unknown };
    return config?.server === "off" ? "off" : "auto";
  } catch {
    return "auto";
  }
}
