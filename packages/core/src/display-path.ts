// How a hook's file is named in hook paths, errors and listings: short, and still resolvable.
import os from "node:os";
import path from "node:path";

function inside(parent: string, file: string): string | undefined {
  const relative = path.relative(parent, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : undefined;
}

/** Relative to `cwd` inside the project, `~/…` inside the home folder, absolute elsewhere. */
export function displayPath(file: string, cwd: string, home: string = os.homedir()): string {
  const inProject = inside(cwd, file);
  if (inProject !== undefined) return inProject.split(path.sep).join("/");
  const inHome = inside(home, file);
  if (inHome !== undefined) return `~/${inHome.split(path.sep).join("/")}`;
  return file;
}
