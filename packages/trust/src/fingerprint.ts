// The project fingerprint: SHA-256 over the sorted project items and the contents of each.
import { createHash } from "node:crypto";
import path from "node:path";
import { type ContentReader, type FileDigest, FileDigests, SAYS_NOTHING } from "./file-digest.js";

/**
 * A project file that is trusted or not: a hook file, a settings file, a file a settings command runs
 * or names, or a support file beside a hook (something it may import or call).
 */
export interface TrustItem {
  path: string;
  kind: "hook" | "settings" | "script" | "support";
  /** Read by what it says rather than its bytes (settings files: without hookwire's own entries). */
  reader?: ContentReader;
}

export interface ProjectFingerprint {
  fingerprint: string;
  /** `<kind> <path relative to the root>`, sorted, each once. */
  items: string[];
  /** The digest of each item's file as it was fingerprinted, by absolute path. */
  digests: Map<string, FileDigest>;
  /** Each item: its label (as in `items`), its file, its digest, and what its reader made of it. */
  entries: Array<{ label: string; file: string; digest: FileDigest; view?: string; legacy?: string }>;
}

/**
 * Reads no file that could block or never end (FIFOs, devices) and none over 64 MiB; such a file's
 * digest is what it is (`not-regular`, `too-large`), so turning it into something else still changes
 * the fingerprint.
 */
export async function fingerprintProject(
  root: string,
  items: readonly TrustItem[],
  digests: FileDigests = new FileDigests(),
): Promise<ProjectFingerprint> {
  const byLabel = new Map<string, string>();
  for (const item of items) {
    const relative = path.relative(root, item.path).split(path.sep).join("/");
    byLabel.set(`${item.kind} ${relative}`, item.path);
    if (item.reader) digests.readAs(item.path, item.reader);
  }
  const sorted = [...byLabel.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const hash = createHash("sha256");
  const seen = new Map<string, FileDigest>();
  const labels: string[] = [];
  const entries: ProjectFingerprint["entries"] = [];
  for (const label of sorted) {
    const file = byLabel.get(label)!;
    const digest = seen.get(file) ?? digests.digest(file);
    seen.set(file, digest);
    // A file that says nothing is no item: connecting an agent (a file of hookwire's entries) changes no trust.
    if (digest === SAYS_NOTHING) continue;
    labels.push(label);
    const read = digests.readOf(file);
    entries.push({
      label,
      file,
      digest,
      ...(read?.view !== undefined ? { view: read.view } : {}),
      ...(read?.legacy !== undefined && read.legacy !== digest ? { legacy: read.legacy } : {}),
    });
    hash.update(`${label}\0${digest}\n`);
  }
  return { fingerprint: hash.digest("hex"), items: labels, digests: seen, entries };
}
