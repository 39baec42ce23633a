// Which files are hook modules, and which of them Node can import without a transform.
import path from "node:path";

/** Extensions loaded as hook modules (a default-exported factory). */
export const MODULE_EXTENSIONS: readonly string[] = [".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"];

/** Imported with native `import()`; the rest go through jiti. */
const NATIVE_EXTENSIONS = new Set([".js", ".mjs", ".cjs"]);

export function isModulePath(file: string): boolean {
  return MODULE_EXTENSIONS.includes(path.extname(file).toLowerCase());
}

export function needsTransform(file: string): boolean {
  return !NATIVE_EXTENSIONS.has(path.extname(file).toLowerCase());
}
