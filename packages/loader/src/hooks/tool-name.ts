// Reads the tool a pre/post hook file applies to from its name.
import path from "node:path";

/** `bash.sh` → `bash`; `*.sh` and `all.sh` → `*` (every tool). */
export function toolFromFileName(name: string): string {
  const extension = path.extname(name);
  const base = extension && extension !== name ? name.slice(0, -extension.length) : name;
  return base === "*" || base === "all" ? "*" : base;
}
