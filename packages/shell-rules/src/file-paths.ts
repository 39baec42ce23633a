// Gitignore-like path patterns of file-tool rules (`Edit(*.ts)`, `Read(./secrets/**)`, `Read(~/.ssh/**)`).
import { lstatSync, readlinkSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, parse, relative, resolve, sep } from "node:path";
import { picomatch } from "./lazy-deps.js";

export interface PathContext {
  cwd: string;
  home?: string;
}

/**
 * A pattern without "/" matches a path segment anywhere below `cwd` (the basename outside it); `./x` and `x/y` are
 * relative to `cwd`; `/x` and `//x` are absolute; `~/x` is below the home folder. A trailing "/" means "everything
 * inside", and `dir/**` also matches `dir` itself. This compares the path as written only; `pathMatch` also
 * compares where symlinks lead.
 */
export function matchesPathPattern(pattern: string, filePath: string, context: PathContext): boolean {
  const home = context.home ?? homedir();
  return matchesResolved(pattern, resolve(context.cwd, expandHome(filePath, home)), context.cwd, home);
}

/**
 * The pattern against the path as written (`lexical`) and against its real path (`real`): the longest existing
 * prefix with every symlink resolved, plus the rest, matched with `cwd` and the home folder resolved the same way.
 */
export function pathMatch(
  pattern: string,
  filePath: string,
  context: PathContext,
): { lexical: boolean; real: boolean } {
  const home = context.home ?? homedir();
  const written = expandHome(filePath, home);
  const target = resolve(context.cwd, written);
  const lexical = matchesResolved(pattern, target, context.cwd, home);
  const realTarget = realPath(isAbsolute(written) ? written : `${context.cwd}${sep}${written}`);
  const realCwd = realPath(context.cwd);
  const realHome = realPath(home);
  if (realTarget === target && realCwd === context.cwd && realHome === home)
    return { lexical, real: lexical };
  return { lexical, real: matchesResolved(pattern, realTarget, realCwd, realHome) };
}

function matchesResolved(pattern: string, target: string, cwd: string, home: string): boolean {
  let glob = pattern.endsWith("/") ? `${pattern}**` : pattern;
  const anchored = glob.includes("/");
  if (!anchored) {
    const isMatch = picomatch()(glob, { dot: true });
    const rel = relative(cwd, target);
    const inside = rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
    const segments = inside ? rel.split(sep) : [target.split(sep).at(-1) ?? ""];
    return segments.some((segment) => isMatch(segment));
  }
  if (glob.startsWith("~/")) glob = join(home, glob.slice(2));
  else if (glob.startsWith("//")) glob = glob.slice(1);
  else if (!glob.startsWith("/")) glob = join(cwd, glob);
  return picomatch()(toPosix(glob), { dot: true })(toPosix(target));
}

/**
 * Where a path really leads, resolved as the kernel does: component by component, each symlink followed (even one
 * whose target does not exist yet) before a later `..` applies, so `link/../x` is beside the link's target. Past
 * the first component that does not exist (a file about to be created), the rest is appended as written.
 */
export function realPath(path: string): string {
  return follow(path, 0);
}

// Linux gives up after 40 links in one lookup (ELOOP); so does this.
const MAX_LINKS = 40;

function follow(path: string, links: number): string {
  const root = parse(path).root || sep;
  const components = path.slice(root.length).split(/[\\/]+/);
  let current = root;
  for (let i = 0; i < components.length; i++) {
    const component = components[i]!;
    if (component === "" || component === ".") continue;
    if (component === "..") {
      current = dirname(current);
      continue;
    }
    const next = join(current, component);
    let isLink: boolean;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch {
      return resolve(next, ...components.slice(i + 1).filter((rest) => rest !== ""));
    }
    if (!isLink || links >= MAX_LINKS) {
      current = next;
      continue;
    }
    const target = readlinkSync(next);
    // Not `join`: it would apply the target's `..` before the links in it are followed.
    current = follow(isAbsolute(target) ? target : `${current}${sep}${target}`, links + 1);
  }
  return current;
}

function expandHome(path: string, home: string): string {
  return path === "~" || path.startsWith("~/") ? join(home, path.slice(1)) : path;
}

function toPosix(path: string): string {
  return sep === "/" ? path : path.replaceAll(sep, "/");
}
