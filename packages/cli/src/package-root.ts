// The folder of the package a module belongs to, found by walking up to its package.json: the CLI reads its
// version there and ships the demo in dist/demo/, and a module's depth below the package folder (src/demo/,
// dist/, dist/chunks/) is the build's business, not theirs.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The nearest folder above `from` (a module's `import.meta.url` or path) whose package.json is named `name`. */
export function packageRoot(from: string | URL, name: string): string {
  const start = typeof from === "string" && !from.startsWith("file:") ? from : fileURLToPath(from);
  for (let dir = path.dirname(start); ; dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: unknown };
      if (manifest.name === name) return dir;
    } catch {
      // No package.json here (or not JSON): keep walking up.
    }
    if (path.dirname(dir) === dir) {
      throw new Error(
        `No package.json named ${name} above ${start}: the ${name} installation is incomplete; reinstall it.`,
      );
    }
  }
}
