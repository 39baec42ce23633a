// `@hookwire/loader/project-root`: the project a command or an agent session works on, the nearest folder at or above
// the start that holds .git, a hook folder or an agent's folder (the markers of the agent registry). An entry beside
// the loader's API, which stays within its export count; the in-process packages import it without the CLI.
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PROJECT_MARKERS } from "@hookwire/settings-hooks/agents";

export { PROJECT_MARKERS };

export interface ProjectRoot {
  root: string;
  /** The folder the search started in (--cwd or the current directory). */
  start: string;
  /** Every folder looked at, nearest first. */
  searched: string[];
  /** The marker found at `root`; `undefined` when none was found and `root` is `start`. */
  marker?: string;
}

/**
 * Walks up from `start`. The home folder is never taken as a project (its `.claude` is the user's), so
 * the search stops below it; without a marker the start folder is the project.
 */
export function findProjectRoot(start: string, home = os.homedir()): ProjectRoot {
  const searched: string[] = [];
  const stop = path.resolve(home);
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (dir === stop && dir !== start) break;
    searched.push(dir);
    const marker = PROJECT_MARKERS.find((name) => existsSync(path.join(dir, name)));
    if (marker) return { root: dir, start, searched, marker };
    if (dir === stop || path.dirname(dir) === dir) break;
  }
  return { root: start, start, searched };
}
