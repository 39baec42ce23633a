// The user's fail-closed switch for connected agents: `"onFailure": "block"` in the user's hooks.json.
import { readFileSync } from "node:fs";
import { defaultHooksConfigPath } from "@hookwire/loader/user-config";

/** What the user's hooks config says about failing hooks; `problem` when its value is not one hookwire knows. */
export interface FailClosedSetting {
  block: boolean;
  file: string;
  problem?: string;
}

/**
 * `$XDG_CONFIG_HOME/hookwire/hooks.json` (where `hookwire hooks disable` writes): `"onFailure": "block"` makes
 * any hook that fails on a tool event refuse the call in every connected agent; `"continue"` or no key, not.
 * Any other value reads as `"block"` (the safe side), with a problem to show. Read at each call (a small file):
 * a change applies to the next call, in `hookwire serve` too. An unreadable file is the hooks config's own
 * problem (discovery reports it); here it turns nothing on.
 */
export function readFailClosedSetting(file = defaultHooksConfigPath()): FailClosedSetting {
  let value: unknown;
  try {
    value = (JSON.parse(readFileSync(file, "utf8")) as { onFailure?: unknown } | null)?.onFailure;
  } catch {
    return { block: false, file };
  }
  if (value === undefined || value === "continue") return { block: false, file };
  if (value === "block") return { block: true, file };
  const problem = `"onFailure" in ${file} must be "block" or "continue", got ${JSON.stringify(value)}; read as "block".`;
  return { block: true, file, problem };
}
