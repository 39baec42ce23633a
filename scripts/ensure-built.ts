// Builds the packages for tests that run their `dist/` (the CLI binary, a fresh node process importing a package).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const BUILT = [
  "packages/core",
  "packages/shell-rules",
  "packages/loader",
  "packages/settings-hooks",
  "packages/tool-wrapper",
  "packages/host-kit",
  "packages/testing",
  "packages/cli",
];

function stale(): boolean {
  return BUILT.some((pkg) => {
    const out = path.join(repoRoot, pkg, "dist/index.js");
    return !existsSync(out) || statSync(out).mtimeMs < newestIn(path.join(repoRoot, pkg, "src"));
  });
}

/**
 * Build every package unless `dist/` is newer than every source (as after the root `pnpm test`). A lock
 * folder keeps parallel test files from building at the same time.
 */
export function ensureBuilt(): void {
  const lock = path.join(repoRoot, "packages/cli/.build-lock");
  for (let waited = 0; ; waited++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (waited > 1200) throw new Error(`hookwire build lock ${lock} is stuck; remove it`);
      spawnSync("sleep", ["0.1"]);
    }
  }
  try {
    if (!stale()) return;
    const result = spawnSync("pnpm", ["-r", "--filter", "./packages/**", "run", "build"], {
      cwd: repoRoot,
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(`building hookwire failed:\n${result.stdout}\n${result.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
