// What a package's bundle is made from, as one hash: the build skips rolldown when it has not changed.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Every file under `dir` (or `dir` itself when it is a file), as paths relative to `base`, sorted. */
function filesUnder(dir, base) {
  if (!existsSync(dir)) return [];
  if (!statSync(dir).isDirectory()) return [path.relative(base, dir)];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * A hash of the bundle's inputs: the package's sources and manifest, the build scripts and their arguments, the
 * files it copies, and the versions of what it inlines or vendors. Content, not modification times: a checkout or a
 * `touch` that changes no byte rebuilds nothing, and an edit always rebuilds.
 * @param {{ root: string, args: readonly string[], files: readonly string[], packages: readonly string[] }} inputs
 *   `files`: paths (files or folders) whose content goes into the bundle; `packages`: package.json files of
 *   third-party code the bundle contains (its version is what matters).
 */
export function buildInputsHash({ root, args, files, packages }) {
  const hash = createHash("sha256");
  const add = (label, content) => hash.update(`${label}\0${content.length}\0`).update(content);
  add("args", JSON.stringify(args));
  for (const own of readdirSync(import.meta.dirname)
    .filter((name) => name.endsWith(".mjs"))
    .sort()) {
    add(`script:${own}`, readFileSync(path.join(import.meta.dirname, own)));
  }
  for (const input of [...files].sort()) {
    for (const file of filesUnder(path.resolve(root, input), root)) {
      // The mode too: an executable script copied into the package stays executable.
      const full = path.join(root, file);
      add(`file:${file}:${statSync(full).mode & 0o111 ? "x" : "-"}`, readFileSync(full));
    }
  }
  for (const manifest of [...packages].sort()) {
    const { name, version } = JSON.parse(readFileSync(manifest, "utf8"));
    add("package", `${name}@${version}`);
  }
  return hash.digest("hex");
}
