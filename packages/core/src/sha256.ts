// hookwire's one hash: the SHA-256 of a text or bytes, in hex (cache keys, fingerprints, digests of what was trusted,
// names made from input). A digest compared in constant time is `Buffer.from(sha256(x), "hex")`.
import crypto from "node:crypto";

type OneShot = (algorithm: string, data: string | Buffer, encoding: "hex") => string;

// One-shot hashing (Node >= 20.12) skips a Hash object per call; older Nodes take the long way. Looked up at the first
// hash, not when this module loads: the bundles load node:crypto on first use (cli/scripts/lazy-builtins.mjs), and a
// call forwarded to the server hashes nothing.
export function sha256(data: string | Buffer): string {
  const oneShot = (crypto as { hash?: OneShot }).hash;
  return oneShot ? oneShot("sha256", data, "hex") : crypto.createHash("sha256").update(data).digest("hex");
}
