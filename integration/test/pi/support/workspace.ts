// A real project for a scenario: a git repository with a commit, a build folder and an uncommitted change.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { tempDir } from "../../support/temp-dir.js";

const gitEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: "Conformance",
  GIT_AUTHOR_EMAIL: "conformance@example.invalid",
  GIT_COMMITTER_NAME: "Conformance",
  GIT_COMMITTER_EMAIL: "conformance@example.invalid",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_DATE: "2026-01-01T00:00:00Z",
  GIT_COMMITTER_DATE: "2026-01-01T00:00:00Z",
};

export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, env: gitEnv, encoding: "utf8" }).trim();
}

export interface Workspace {
  dir: string;
  remove(): void;
  /** What git says about the repository: the commit subjects and the porcelain status. */
  gitState(): { log: string[]; status: string[] };
}

export function workspace(prefix: string, options: { dirty?: boolean } = {}): Workspace {
  const { dir, remove } = tempDir(prefix);
  git(dir, "init", "-q", "-b", "main");
  writeFileSync(path.join(dir, "README.md"), "# demo\n");
  mkdirSync(path.join(dir, "src"));
  writeFileSync(path.join(dir, "src/a.ts"), "export const a = 1;\n");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "initial");
  mkdirSync(path.join(dir, "build"));
  writeFileSync(path.join(dir, "build/out.js"), "built\n");
  writeFileSync(path.join(dir, ".gitignore"), "build/\n");
  if (options.dirty) writeFileSync(path.join(dir, "src/a.ts"), "export const a = 2;\n");
  return {
    dir,
    remove,
    gitState: () => ({
      log: git(dir, "log", "--format=%s").split("\n"),
      status: git(dir, "status", "--porcelain").split("\n").filter(Boolean),
    }),
  };
}
