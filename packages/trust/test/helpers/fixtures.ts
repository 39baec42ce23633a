// Temporary folders for trust's tests, and a normaliser that makes messages independent of where they ran.
import { mkdtemp, realpath } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** Replace `dir` (and its file URL form) with `<cwd>` in any text. */
export function normalise(text: string, dir: string, placeholder = "<cwd>"): string {
  const clean = dir.replace(/[\\/]+$/, "");
  return text.split(`file://${clean}`).join(placeholder).split(clean).join(placeholder);
}

/** A fresh, real (symlink-free) temporary directory. */
export async function tempDir(prefix = "hookwire-trust-"): Promise<string> {
  return realpath(await mkdtemp(path.join(os.tmpdir(), prefix)));
}
