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
      "integration/claude-conformance/test/**/*.test.ts",
      "integration/codex-conformance/test/**/*.test.ts",
      "integration/gemini-conformance/test/**/*.test.ts",
      "integration/copilot-conformance/test/**/*.test.ts",
      "integration/cursor-conformance/test/**/*.test.ts",
      "integration/opencode-conformance/test/**/*.test.ts",
    ],
    // Whatever a test leaves in TMPDIR goes with the run's own folder.
    globalSetup: ["./vitest.global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "forks",
  },
});
