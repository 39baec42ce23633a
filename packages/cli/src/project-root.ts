// How the CLI says where a project is and how it was found (the search itself is the loader's).
import type { ProjectRoot } from "@hookwire/loader/project-root";

/** One line for the output: where the project is and how it was found. */
export function describeRoot(found: ProjectRoot): string | undefined {
  if (found.marker && found.root === found.start) return undefined;
  if (found.marker)
    return `project root ${found.root} (found ${found.marker}; searched ${found.searched.join(", ")})`;
  return `no .git or hook folder in ${found.searched.join(", ")}; using ${found.start}`;
}
