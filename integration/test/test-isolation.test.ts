// Test runs keep their hands off the user's folders: every per-user default resolves inside the run's temp folder.
import os from "node:os";
import path from "node:path";
import { defaultCacheRoot } from "@hookwire/loader";
import { defaultSessionEnvDir } from "@hookwire/settings-hooks";
import { describe, expect, it } from "vitest";

const inside = (dir: string, parent: string) => {
  const relative = path.relative(parent, dir);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
};

describe("the test run's folders", () => {
  // vitest.global-setup.ts points TMPDIR and XDG_CACHE_HOME at a folder it removes after the run.
  const run = os.tmpdir();

  it("is a folder of its own, not the system temp folder", () => {
    expect(path.basename(run)).toMatch(/^hookwire-test-run-/);
    expect(process.env.XDG_CACHE_HOME).toBe(path.join(run, "xdg-cache"));
  });

  // Those of the settings hooks that their package keeps to itself (saved output, transcripts) are checked to follow
  // XDG_CACHE_HOME by its own tests (packages/settings-hooks/test/session-folders.test.ts).
  it("holds every per-user cache folder hookwire writes by default", () => {
    const realCache = path.join(os.homedir(), ".cache");
    for (const dir of [
      defaultCacheRoot(),
      path.join(defaultCacheRoot(), "modules"),
      defaultSessionEnvDir("some-session"),
    ]) {
      expect(inside(dir, run), dir).toBe(true);
      expect(inside(dir, realCache), dir).toBe(false);
    }
  });
});
