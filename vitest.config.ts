import { type Dirent, readdirSync, readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

// Every test file, by the folders `include` names.
const INCLUDE = [
  "packages/*/test/**/*.test.ts",
  "examples/*/test/**/*.test.ts",
  "integration/test/**/*.test.ts",
  "integration/conformance-kit/test/**/*.test.ts",
  "integration/claude-conformance/test/**/*.test.ts",
  "integration/codex-conformance/test/**/*.test.ts",
  "integration/gemini-conformance/test/**/*.test.ts",
  "integration/copilot-conformance/test/**/*.test.ts",
  "integration/cursor-conformance/test/**/*.test.ts",
  "integration/opencode-conformance/test/**/*.test.ts",
  "integration/hosts/test/**/*.test.ts",
];

/**
 * The `slow` project: everything under `integration/` (the agent oracles and real agents, the packaging tests, and
 * the cross-package suites: the rules corpus, the property and fault suites), a package's property suites
 * (`*.property.test.ts`: thousands of generated cases each), and every package test file that starts a process of
 * its own: the built binary (`ensureBuilt`) or `child_process`. The rest is `fast` (`pnpm test:fast`): the
 * packages' unit tests and in-process ones. Read from the files, so a new test lands in the right project by what
 * it does.
 */
const SLOW_FILES = /^integration\/|\.property\.test\.ts$/;
const STARTS_A_PROCESS = /\bensureBuilt\(|from "node:child_process"|\bspawnSync?\(|\bexecFile(Sync)?\(/;

/** The `.test.ts` files under `dir`, skipping `node_modules` (integration's hold the real agents: 200k entries). */
function testFilesUnder(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (entry.name === "node_modules") return [];
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return testFilesUnder(file);
    return entry.name.endsWith(".test.ts") ? [file] : [];
  });
}

function testFiles(): string[] {
  const roots = ["packages", "examples"].flatMap((top) =>
    readdirSync(top).map((name) => `${top}/${name}/test`),
  );
  return [...roots, "integration"].flatMap(testFilesUnder);
}

const slow = testFiles().filter(
  (file) => SLOW_FILES.test(file) || STARTS_A_PROCESS.test(readFileSync(file, "utf8")),
);

/**
 * The `agents` project: the real agents (integration/hosts), one file at a time after the rest, as before. Each
 * drives an agent's own CLI with a scripted model and waits on it; two side by side on two cores is what a real agent
 * had no need to survive until now, and a flaky agent suite costs more than the minutes it would save.
 */
const AGENT_FOLDERS = /^integration\/hosts\//;
const agents = slow.filter((file) => AGENT_FOLDERS.test(file));

// Workspace packages resolve to their TypeScript sources through the "source"
// export condition, so tests never run against a stale build.
export default defineConfig({
  resolve: { conditions: ["source", "import", "node", "default"] },
  ssr: { resolve: { conditions: ["source", "import", "node", "default"], externalConditions: ["source"] } },
  test: {
    // Whatever a test leaves in TMPDIR goes with the run's own folder.
    globalSetup: ["./vitest.global-setup.ts"],
    // A bound on a hung test, not a speed check (speed is bench/'s): CLI tests spawn several processes, each
    // 8-10 s on a shared 2-core machine at load 15+, and 20 s timed them out.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // `pnpm test` runs all three (every file once); `pnpm test:fast` runs `fast` alone.
    projects: [
      {
        extends: true,
        // One module graph per worker instead of one per file: importing the packages' sources again for each file
        // took two thirds of the fast run's CPU. A file that needs fresh module state resets it itself
        // (`vi.resetModules()`, as dialects/registry.test.ts does) and a test restores what it changes in process.env.
        // Two workers, not vitest's default of one on two cores: the fast tests wait on the shell commands and
        // timeouts of settings hooks more than they compute (2026-12-04, load 13: 130 s with one, 66 s with two).
        test: {
          name: "fast",
          include: INCLUDE,
          exclude: ["**/node_modules/**", ...slow],
          isolate: false,
          maxWorkers: 2,
          // Projects with different worker counts run one after the other: fast first, so it fails first.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // Two workers, as fast: most of these files wait on the processes they start (the built CLI, git, npm, shell
        // hooks), and with vitest's default of one on two cores the other core idled while they waited.
        test: {
          name: "slow",
          include: slow.filter((file) => !agents.includes(file)),
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: { name: "agents", include: agents, maxWorkers: 1, sequence: { groupOrder: 2 } },
      },
    ],
  },
});
