// Builds the packages for tests that run their `dist/` (the CLI binary, a fresh node process importing a package).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Runs `pnpm build`, which is incremental (a package whose inputs did not change is not built again: a few
 * seconds in all), once per vitest run: the run's own folder (`HOOKWIRE_TEST_RUN`, from the global setup)
 * records that it did. A lock folder keeps parallel test files from building at the same time.
 */
export function ensureBuilt(): void {
  const run = process.env.HOOKWIRE_TEST_RUN;
  const done = run ? path.join(run, "built") : undefined;
  if (done && existsSync(done)) return;
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
    if (done && existsSync(done)) return;
    const result = spawnSync("pnpm", ["-r", "--filter", "./packages/**", "run", "build"], {
      cwd: repoRoot,
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(`building hookwire failed:\n${result.stdout}\n${result.stderr}`);
    if (done) writeFileSync(done, "");
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
