import { defineConfig } from "vitest/config";

// Workspace packages resolve to their TypeScript sources through the "source"
// export condition, so tests never run against a stale build.
export default defineConfig({
  resolve: { conditions: ["source", "import", "node", "default"] },
  ssr: { resolve: { conditions: ["source", "import", "node", "default"], externalConditions: ["source"] } },
  test: {
    include: [
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
    ],
    // Whatever a test leaves in TMPDIR goes with the run's own folder.
    globalSetup: ["./vitest.global-setup.ts"],
    // A bound on a hung test, not a speed check (speed is bench/'s): CLI tests spawn several processes, each
    // 8-10 s on a shared 2-core machine at load 15+, and 20 s timed them out.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
