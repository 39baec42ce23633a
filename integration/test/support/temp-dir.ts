// Temporary folders for fixtures, normalised out of user-facing text.
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), `hookwire-${prefix}-`)));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Replace a temp folder with `<cwd>` so snapshots hold on every machine. */
export function normalise(text: string, dir: string): string {
  return text.split(dir).join("<cwd>");
}
