// Paths of the fixture folders and a normaliser that makes messages independent of where they ran.
import { cp, mkdtemp, realpath } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const fixturesDir = fileURLToPath(new URL("../fixtures/", import.meta.url));

export function fixture(...parts: string[]): string {
  return path.join(fixturesDir, ...parts);
}

/** Replace `dir` (and its file URL form) with `<cwd>` in any text. */
export function normalise(text: string, dir: string, placeholder = "<cwd>"): string {
  const clean = dir.replace(/[\\/]+$/, "");
  return text.split(`file://${clean}`).join(placeholder).split(clean).join(placeholder);
}

/** A fresh, real (symlink-free) temporary directory. */
export async function tempDir(prefix = "hookwire-loader-"): Promise<string> {
  return realpath(await mkdtemp(path.join(os.tmpdir(), prefix)));
}

/** A temporary copy of a fixture folder (file modes kept), for tests that edit or run files. */
export async function copyFixture(name: string): Promise<string> {
  const dir = await tempDir();
  await cp(fixture(name), dir, { recursive: true });
  return dir;
}

/**
 * A temporary copy of a fixture folder laid out as `project/` and `home/`, with a trust store path beside them
 * and `show`, which names the two folders `<project>` and `<home>` in any text.
 */
export async function copyProjectFixture(name: string) {
  const root = await copyFixture(name);
  const cwd = path.join(root, "project");
  const home = path.join(root, "home");
  const show = (text: string) => normalise(normalise(text, cwd, "<project>"), home, "<home>");
  return { root, cwd, home, trustStore: path.join(root, "trust.json"), show };
}
