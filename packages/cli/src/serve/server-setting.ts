// Whether this user's server may start itself: `HOOKWIRE_SERVER=off` for one environment, `"server": "off"` in the
// user's hookwire config (`$XDG_CONFIG_HOME/hookwire/config.json`) for good. Default: on.
import { readFileSync } from "node:fs";
import { userConfigPath } from "@hookwire/loader/user-config";

export type ServerSetting = "auto" | "off";

export function serverSetting(env: NodeJS.ProcessEnv = process.env): ServerSetting {
  if (env.HOOKWIRE_SERVER === "off") return "off";
  try {
    const config = JSON.parse(readFileSync(userConfigPath("config.json", { env }), "utf8")) as {
      server?: unknown;
    };
    return config?.server === "off" ? "off" : "auto";
  } catch {
    return "auto";
  }
}
