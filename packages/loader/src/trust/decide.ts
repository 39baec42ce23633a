// Decides whether a project's items may load: the trust option, then the store's record of the project.
import { errorMessage } from "@hookwire/core";
import type { ProjectTrustInfo, TrustOption } from "../discover/options.js";
import { readTrustStore } from "./store.js";

export interface TrustVerdict {
  trusted: boolean;
  /** Why not, for `skipped` entries. */
  reason?: string;
  /** A store that could not be read. */
  warning?: string;
}

export async function decideTrust(
  trust: TrustOption,
  project: ProjectTrustInfo,
  storeFile: string,
): Promise<TrustVerdict> {
  if (project.items.length === 0 || trust === "all") return { trusted: true };
  if (trust === "none") return { trusted: false, reason: 'project hooks are disabled (trust: "none")' };

  let recorded: string | undefined;
  let warning: string | undefined;
  try {
    recorded = (await readTrustStore(storeFile)).projects[project.root]?.fingerprint;
  } catch (error) {
    warning = errorMessage(error);
  }
  if (recorded === project.fingerprint) return { trusted: true };

  if (typeof trust === "function") {
    try {
      if ((await trust(project)) === true) return { trusted: true, warning };
      return { trusted: false, reason: "the host's trust decision declined the project", warning };
    } catch (error) {
      return { trusted: false, reason: `the host's trust decision failed: ${errorMessage(error)}`, warning };
    }
  }
  return {
    trusted: false,
    reason:
      recorded === undefined
        ? "the project is not trusted"
        : "the project's hooks changed since it was trusted (a hook, settings file or script was added, removed or edited)",
    warning,
  };
}
