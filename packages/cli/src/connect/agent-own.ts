// The agents' own extensions (pi's `.pi/extensions`): run by the agent itself, never by hookwire, shown by `list` and
// `doctor` so a user sees every hook that runs in the agent.
import { readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { AGENTS } from "@hookwire/settings-hooks/agents";

export interface AgentOwnHook {
  agent: string;
  label: string;
  /** The extension's file or folder. */
  path: string;
  level: "project" | "user";
}

/** Entries listed per folder at most (a folder of thousands is named, not enumerated). */
const MAX_ENTRIES = 200;

/** Each agent's own extensions under the project and the home folder, in registry order, by name. */
export function agentOwnHooks(root: string, home = os.homedir()): AgentOwnHook[] {
  const found: AgentOwnHook[] = [];
  for (const agent of Object.values(AGENTS)) {
    for (const folder of agent.ownFolders ?? []) {
      if (folder.base === "project" && path.resolve(root) === path.resolve(home)) continue;
      const dir = path.join(folder.base === "home" ? home : root, folder.dir);
      let names: string[];
      try {
        names = readdirSync(dir)
          .filter((name) => !name.startsWith("."))
          .sort();
      } catch {
        continue;
      }
      const level = folder.base === "home" ? "user" : "project";
      for (const name of names.slice(0, MAX_ENTRIES))
        found.push({ agent: agent.id, label: agent.label, path: path.join(dir, name), level });
    }
  }
  return found;
}
