// Finds the pre/post hook files of one hooks folder (`<dir>/pre/*`, `<dir>/post/*`).
import path from "node:path";
import type { HookItem, HookLevel } from "./hook-item.js";
import { listFiles } from "./list-files.js";
import { toolFromFileName } from "./tool-name.js";

export function scanPrePost(
  hooksDir: string,
  level: HookLevel,
  source: string,
  warn: (message: string) => void,
): HookItem[] {
  const items: HookItem[] = [];
  for (const type of ["pre", "post"] as const) {
    for (const file of listFiles(path.join(hooksDir, type), warn)) {
      const name = path.basename(file);
      items.push({ name, path: file, type, tool: toolFromFileName(name), level, source });
    }
  }
  return items;
}
