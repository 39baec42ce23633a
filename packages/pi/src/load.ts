// The project's hooks for pi, opened as every hookwire host opens one (`@hookwire/project`).
import { HOOK_FORMATS } from "@hookwire/loader";
import { type OpenedProject, openProject } from "@hookwire/project";

/**
 * Every format hookwire reads: pi's own extensions (`.pi/extensions`, packages) are none of them, pi runs those.
 * The same formats as the `hookwire` CLI, so `hookwire trust` is this discovery's trust too.
 */
export const PI_FORMATS = HOOK_FORMATS;

/** The project of pi's working folder; each event's call gives its runner pi's session (`piRunner`). */
export function loadPiProject(cwd: string): Promise<OpenedProject> {
  return openProject({
    cwd,
    discover: { formats: PI_FORMATS },
    wording: { after: " — then /reload pi." },
  });
}
