// Which files are hook modules (who runs each is `engineOf`, load/resolve.ts).
import path from "node:path";

/** Extensions loaded as hook modules (a default-exported factory). */
export const MODULE_EXTENSIONS: readonly string[] = [".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"];

export function isModulePath(file: string): boolean {
  return MODULE_EXTENSIONS.includes(path.extname(file).toLowerCase());
}
