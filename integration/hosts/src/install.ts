// hookwire installed as the README tells a user to, from this checkout: `pnpm run install:global` (every published
// package packed and installed together into an npm prefix), here into a throwaway prefix.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface Installed {
  /** The `hookwire` bin npm linked into the prefix. */
  bin: string;
  /** Where `@hookwire/pi` and `@hookwire/opencode` were installed beside the CLI. */
  packages: string;
  remove(): void;
}

/** Runs the README's install command into a new prefix (about 15 s: the build is incremental, npm's cache warm). */
export function installFromCheckout(): Installed {
  const prefix = mkdtempSync(path.join(os.tmpdir(), "hw-prefix-"));
  const run = spawnSync("pnpm", ["run", "install:global", "--", "--prefix", prefix], {
    cwd: repoRoot,
    encoding: "utf8",
    timeout: 300_000,
  });
  if (run.status !== 0)
    throw new Error(`pnpm run install:global failed (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  return {
    bin: path.join(prefix, "bin", "hookwire"),
    packages: path.join(prefix, "lib", "node_modules", "@hookwire"),
    remove: () => rmSync(prefix, { recursive: true, force: true }),
  };
}
