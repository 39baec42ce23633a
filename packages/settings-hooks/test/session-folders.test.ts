import { mkdirSync, mkdtempSync, realpathSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultSessionEnvDir, projectFolderName } from "../src/index.js";
import { defaultOutputDir } from "../src/protocol/output.js";
import { defaultTranscriptDir } from "../src/transcript.js";

const inside = (dir: string, parent: string) => {
  const relative = path.relative(parent, dir);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
};

describe("per-project and per-session folders", () => {
  it("are all in the per-user cache (XDG_CACHE_HOME): a test run's own folder, never the user's ~/.cache", () => {
    // vitest.global-setup.ts points XDG_CACHE_HOME into the run's temporary folder.
    const cache = process.env.XDG_CACHE_HOME ?? "";
    expect(inside(cache, tmpdir())).toBe(true);
    for (const dir of [
      defaultOutputDir(),
      defaultSessionEnvDir("some-session"),
      defaultTranscriptDir("/some/project"),
    ])
      expect(inside(dir, cache), dir).toBe(true);
  });

  it("gives /x/a-b, /x/a/b and /x/a.b folders of their own", () => {
    const root = realpathSync(mkdtempSync(path.join(tmpdir(), "hookwire-folders-")));
    const projects = ["a-b", "a/b", "a.b"].map((name) => path.join(root, name));
    for (const project of projects) mkdirSync(project, { recursive: true });
    const env = { XDG_CACHE_HOME: path.join(root, "cache") };
    const transcripts = new Set(projects.map((project) => defaultTranscriptDir(project, env)));
    expect(transcripts.size).toBe(3);
    expect(new Set(projects.map(projectFolderName)).size).toBe(3);
  });

  it("names a link to a project as the project it points to", () => {
    const root = realpathSync(mkdtempSync(path.join(tmpdir(), "hookwire-folders-")));
    mkdirSync(path.join(root, "real"));
    symlinkSync(path.join(root, "real"), path.join(root, "link"));
    expect(projectFolderName(path.join(root, "link"))).toBe(projectFolderName(path.join(root, "real")));
  });

  it("keeps a session id that names other folders inside session-env", () => {
    const env = { XDG_CACHE_HOME: "/cache" };
    const base = path.join("/cache", "hookwire", "session-env");
    for (const id of ["../../etc", "a/b", "..", "x\u001b[2K"]) {
      const dir = defaultSessionEnvDir(id, env);
      expect(path.dirname(dir)).toBe(base);
      expect(path.basename(dir)).toMatch(/^id-[0-9a-f]{32}$/);
    }
    expect(defaultSessionEnvDir("session-1", env)).toBe(path.join(base, "session-1"));
  });
});
