// Gitignore-like path patterns of file-tool rules (`Edit(*.ts)`, `Read(./secrets/**)`, `Read(~/.ssh/**)`).
import { homedir } from "node:os";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import picomatch from "picomatch";

export interface PathContext {
  cwd: string;
  home?: string;
}

/**
 * A pattern without "/" matches a path segment anywhere below `cwd` (the basename outside it); `./x` and `x/y` are
 * relative to `cwd`; `/x` and `//x` are absolute; `~/x` is below the home folder. A trailing "/" means "everything
 * inside", and `dir/**` also matches `dir` itself.
 */
export function matchesPathPattern(pattern: string, filePath: string, context: PathContext): boolean {
  const home = context.home ?? homedir();
  const target = resolve(context.cwd, expandHome(filePath, home));
  let glob = pattern.endsWith("/") ? `${pattern}**` : pattern;
  const anchored = glob.includes("/");
  if (!anchored) {
    const isMatch = picomatch(glob, { dot: true });
    const rel = relative(context.cwd, target);
    const inside = rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
    const segments = inside ? rel.split(sep) : [target.split(sep).at(-1) ?? ""];
    return segments.some((segment) => isMatch(segment));
  }
  if (glob.startsWith("~/")) glob = join(home, glob.slice(2));
  else if (glob.startsWith("//")) glob = glob.slice(1);
  else if (!glob.startsWith("/")) glob = join(context.cwd, glob);
  return picomatch(toPosix(glob), { dot: true })(toPosix(target));
}

function expandHome(path: string, home: string): string {
  return path === "~" || path.startsWith("~/") ? join(home, path.slice(1)) : path;
}

function toPosix(path: string): string {
  return sep === "/" ? path : path.replaceAll(sep, "/");
}
