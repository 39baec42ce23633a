// The project's hooks for pi, found with hookwire's discovery and gated by hookwire's trust.
import {
  type DiscoverAndLoadResult,
  discoverAndLoadHooks,
  findProjectRoot,
  HOOK_FORMATS,
} from "@hookwire/loader";

export interface PiProject {
  root: string;
  loaded: DiscoverAndLoadResult;
  /** What the user must see once: project hooks that did not run and why, load errors, trust store problems. */
  notices: string[];
}

/**
 * Every format hookwire reads: pi's own extensions (`.pi/extensions`, packages) are none of them, pi runs those.
 * The same formats as the `hookwire` CLI, so `hookwire trust` is this discovery's trust too.
 */
export const PI_FORMATS = HOOK_FORMATS;

export async function loadPiProject(cwd: string): Promise<PiProject> {
  const root = findProjectRoot(cwd).root;
  const loaded = await discoverAndLoadHooks([], root, { formats: PI_FORMATS });
  const notices: string[] = [];
  const first = loaded.skipped[0];
  if (first) {
    const count = loaded.skipped.length;
    notices.push(
      `hookwire: ${count} project hook${count === 1 ? "" : "s"} did not run: ${first.reason}. ` +
        `Review and trust them: ${first.trustCommand} — then /reload pi.`,
    );
  }
  for (const failure of loaded.errors) notices.push(`hookwire: ${failure.error.message}`);
  for (const warning of loaded.warnings) notices.push(`hookwire: ${warning.message}`);
  return { root, loaded, notices };
}
