// The files a project hook module runs besides itself: what it imports by path, and what those import.
import path from "node:path";
import { isModulePath } from "../load/module-kind.js";
import { runnerImport, runsInRunner } from "../load/module-runner.js";
import { MAX_SUPPORT_FILES } from "./module-folders.js";
import { resolveSpecifier, scriptImports } from "./script-imports.js";

export interface ModuleImports {
  /** Every file reached, the hook itself left out, in the order found. */
  files: string[];
  /** Why part of what it imports cannot be known before it runs, naming the file. */
  unknowns: string[];
}

/**
 * The path imports of a hook module, followed through every module they reach: a helper beside the hook or
 * anywhere else (`../helpers/check.ts`, a link out of the project) runs with it, so trust covers it as it
 * covers the hook. TypeScript files are resolved as the module runner resolves them (`./lib.js` names
 * `./lib.ts`), JavaScript as Node does. Packages are left to their lockfile; at most `MAX_SUPPORT_FILES`.
 */
export function moduleImports(hook: string): ModuleImports {
  const seen = new Set<string>([hook]);
  const files: string[] = [];
  const unknowns: string[] = [];
  const queue = [hook];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const resolve = runsInRunner(file) ? runnerImport : resolveSpecifier;
    const found = scriptImports(file, resolve);
    if (found.unknown) unknowns.push(`\`${path.basename(file)}\`: ${found.unknown}`);
    for (const imported of found.files) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      files.push(imported);
      if (files.length >= MAX_SUPPORT_FILES) return { files, unknowns };
      if (isModulePath(imported)) queue.push(imported);
    }
  }
  return { files, unknowns };
}
