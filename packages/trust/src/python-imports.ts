// The modules a Python script imports from beside it, found by a line-based reader, and theirs in turn.
import { realpathSync, statSync } from "node:fs";
import path from "node:path";
import { readText } from "./snapshots.js";

/** A Python script imports at most this many files from beside it that are followed. */
const MAX_MODULES = 1000;

export interface PythonImports {
  /** The module files reached (`x.py`, `x/__init__.py`), in the order found. */
  files: string[];
  /** Why part of what it imports cannot be followed, in words a user can read. */
  unknowns: string[];
}

// `import a.b as c, d` and `from .a import (b, c)`: Python's two import statements, one per line.
const IMPORT = /^[ \t]*import[ \t]+([^#\n]+)/gm;
const FROM = /^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)?|[^#\n]+)/gm;
// Imports no reading of the text can place: the module is computed, or the search path changed.
const DYNAMIC =
  /\b(?:importlib\.import_module|__import__|import_module|runpy\.|imp\.load_|exec\(|sys\.path\.(?:insert|append|extend)|sys\.path\s*=|spec_from_file_location)\b/;

function isFile(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

function isDir(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}

/** `a.b.c` under `base`: each package's `__init__.py` on the way and the module itself; `undefined` when `a` is not there. */
function moduleFiles(base: string, dotted: string): string[] | undefined {
  const parts = dotted.split(".").filter(Boolean);
  const found: string[] = [];
  let dir = base;
  for (const [index, part] of parts.entries()) {
    const asFile = path.join(dir, `${part}.py`);
    const asPackage = path.join(dir, part);
    if (isDir(asPackage)) {
      // A package (or a namespace package without `__init__.py`): what it runs is its `__init__.py`.
      const init = path.join(asPackage, "__init__.py");
      if (isFile(init)) found.push(init);
      dir = asPackage;
      continue;
    }
    if (isFile(asFile)) {
      found.push(asFile);
      return found;
    }
    return index === 0 ? undefined : found;
  }
  return found;
}

/** The names an import statement lists (`a as b, c` → `a`, `c`), brackets and line continuations removed. */
function names(list: string): string[] {
  return list
    .replace(/[()\\]/g, " ")
    .split(",")
    .map((item) => item.trim().split(/\s+/)[0] ?? "")
    .filter((name) => /^[\w.]+$/.test(name));
}

/**
 * What `script` imports, followed as Python does for a script run as `python3 script.py`: `sys.path[0]` is the
 * script's (real) folder, so `import x` / `from x import y` is `x.py` or the package `x/` beside it there when one
 * is; `from . import y` / `from .x import y` is relative to the importing file's folder. Found files are read in
 * turn. A module not beside the script is the standard library or an installed package: named, not followed.
 * A line-based reader (no Python parser): an `import` inside a string counts too (covering more is safe), and a
 * computed import (`importlib`, `__import__`, a changed `sys.path`) is named as unknown.
 */
export function pythonImports(script: string, show: (file: string) => string): PythonImports {
  let base: string;
  try {
    base = path.dirname(realpathSync(script));
  } catch {
    return { files: [], unknowns: [] };
  }
  const files: string[] = [];
  const unknowns: string[] = [];
  const outside = new Set<string>();
  const seen = new Set([script]);
  const queue = [script];
  const add = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    files.push(file);
    queue.push(file);
  };
  for (let at = 0; at < queue.length; at++) {
    const file = queue[at]!;
    const read = readText(file);
    if (!("text" in read)) {
      if (file !== script) unknowns.push(`\`${show(file)}\`: it is ${read.why}; what it imports is not read`);
      continue;
    }
    const text = read.text;
    if (DYNAMIC.test(text))
      unknowns.push(
        `\`${show(file)}\`: it imports modules named only at run time, which are not fingerprinted`,
      );
    for (const match of text.matchAll(IMPORT)) {
      for (const name of names(match[1] ?? "")) {
        const found = moduleFiles(base, name);
        if (found === undefined) outside.add(name.split(".")[0] ?? name);
        else for (const module of found) add(module);
      }
    }
    for (const match of text.matchAll(FROM)) {
      const level = (match[1] ?? "").length;
      const dotted = match[2] ?? "";
      let dir = level === 0 ? base : path.dirname(file);
      for (let up = 1; up < level; up++) dir = path.dirname(dir);
      const found = dotted === "" ? [] : moduleFiles(dir, dotted);
      if (found === undefined) {
        if (level === 0) outside.add(dotted.split(".")[0] ?? dotted);
        else
          unknowns.push(`\`${show(file)}\`: \`from ${match[1]}${dotted} import\` names no module beside it`);
        continue;
      }
      for (const module of found) add(module);
      // `from pkg import sub` imports the submodule `pkg/sub.py` when there is one; `from . import x` too.
      const pkg = dotted === "" ? dir : path.join(dir, ...dotted.split("."));
      if (dotted === "" && isFile(path.join(pkg, "__init__.py"))) add(path.join(pkg, "__init__.py"));
      if (isDir(pkg))
        for (const name of names(match[3] ?? ""))
          for (const module of moduleFiles(pkg, name) ?? []) add(module);
    }
    if (files.length > MAX_MODULES) {
      unknowns.push(
        `\`${show(script)}\`: it imports more than ${MAX_MODULES} files from beside it; the rest are not fingerprinted`,
      );
      break;
    }
  }
  if (outside.size > 0) {
    const listed = [...outside].sort().map((name) => `\`${name}\``);
    unknowns.push(
      `\`${show(script)}\`: it imports ${listed.join(", ")} from outside its folder (the standard library or installed packages), which are not fingerprinted`,
    );
  }
  return { files, unknowns };
}
