// hookwire's per-user state folder, found with nothing but Node's own modules (the forwarding client imports it).
import os from "node:os";
import path from "node:path";

/**
 * `$XDG_STATE_HOME/hookwire`, else `~/.local/state/hookwire` (the XDG spec ignores a relative value): what
 * hookwire did that it must be able to undo or show later (the decision log, connection records).
 */
export function stateRoot(): string {
  const value = process.env.XDG_STATE_HOME;
  return path.join(
    value && path.isAbsolute(value) ? value : path.join(os.homedir(), ".local", "state"),
    "hookwire",
  );
}
