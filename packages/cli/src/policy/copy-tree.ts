// Copies a fetched policy into its staging folder: regular files and folders only, bounded, nothing followed.
import { chmodSync, copyFileSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/** A policy is a few hook files and scripts: past these it is refused, not copied in part. */
export const POLICY_LIMITS = {
  files: 2000,
  fileBytes: 4 * 1024 * 1024,
  totalBytes: 32 * 1024 * 1024,
  depth: 16,
} as const;

/** Why a fetched policy is refused: what, where, and the fix. */
export class PolicyContentError extends Error {
  override name = "PolicyContentError";
}

/**
 * Copies `from` into `to` (created 0700): each file 0600, or 0700 when it was executable. A link (even one
 * pointing inside), a FIFO, a device or a socket is refused by name: a policy is self-contained, and what it runs
 * must be what was pinned. `.git` is left out (the clone's own metadata).
 */
export function copyPolicyTree(from: string, to: string): { files: number; bytes: number } {
  const counts = { files: 0, bytes: 0 };
  const walk = (dir: string, into: string, depth: number) => {
    if (depth > POLICY_LIMITS.depth)
      throw new PolicyContentError(`\`${dir}\` nests deeper than ${POLICY_LIMITS.depth} folders.`);
    mkdirSync(into, { mode: 0o700 });
    for (const name of readdirSync(dir).sort()) {
      if (depth === 0 && name === ".git") continue;
      const file = path.join(dir, name);
      const shown = path.relative(from, file);
      const stat = lstatSync(file);
      if (stat.isSymbolicLink())
        throw new PolicyContentError(
          `\`${shown}\` is a link: a policy holds its files themselves. Replace the link with the file it points to.`,
        );
      if (stat.isDirectory()) {
        walk(file, path.join(into, name), depth + 1);
        continue;
      }
      if (!stat.isFile())
        throw new PolicyContentError(`\`${shown}\` is not a regular file (a FIFO, device or socket).`);
      if (stat.size > POLICY_LIMITS.fileBytes)
        throw new PolicyContentError(
          `\`${shown}\` is ${stat.size} bytes; a policy file may be at most ${POLICY_LIMITS.fileBytes}.`,
        );
      counts.files += 1;
      counts.bytes += stat.size;
      if (counts.files > POLICY_LIMITS.files)
        throw new PolicyContentError(`The policy holds more than ${POLICY_LIMITS.files} files.`);
      if (counts.bytes > POLICY_LIMITS.totalBytes)
        throw new PolicyContentError(`The policy holds more than ${POLICY_LIMITS.totalBytes} bytes.`);
      const target = path.join(into, name);
      copyFileSync(file, target);
      chmodSync(target, (stat.mode & 0o100) !== 0 ? 0o700 : 0o600);
    }
  };
  walk(from, to, 0);
  return counts;
}
