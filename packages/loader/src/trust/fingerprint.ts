// The project fingerprint: SHA-256 over the sorted project items and the contents of each.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * A project file that is trusted or not: a hook file, a settings file, a script a settings hook
 * runs, or a support file beside a hook module (something it may import).
 */
export interface TrustItem {
  path: string;
  kind: "hook" | "settings" | "script" | "support";
}

export interface ProjectFingerprint {
  fingerprint: string;
  /** `<kind> <path relative to the root>`, sorted, each once. */
  items: string[];
}

async function contentHash(file: string): Promise<string> {
  try {
    return createHash("sha256")
      .update(await readFile(file))
      .digest("hex");
  } catch {
    // A file that vanished or cannot be read still changes the fingerprint.
    return "unreadable";
  }
}

export async function fingerprintProject(
  root: string,
  items: readonly TrustItem[],
): Promise<ProjectFingerprint> {
  const byLabel = new Map<string, string>();
  for (const item of items) {
    const relative = path.relative(root, item.path).split(path.sep).join("/");
    byLabel.set(`${item.kind} ${relative}`, item.path);
  }
  const labels = [...byLabel.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const hash = createHash("sha256");
  for (const label of labels) hash.update(`${label}\0${await contentHash(byLabel.get(label)!)}\n`);
  return { fingerprint: hash.digest("hex"), items: labels };
}
