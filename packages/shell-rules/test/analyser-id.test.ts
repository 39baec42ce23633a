// The bash analyser's id (src/analyser-id.ts) is the hash of what analyses commands: a change to any of it is another id.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SHELL_ANALYSER_ID } from "../src/index.js";

describe("the bash analyser's id", () => {
  it("is the hash of the analysing code and of the parser and grammar installed for it", () => {
    const root = path.resolve(import.meta.dirname, "..");
    const hash = createHash("sha256");
    const shell = readdirSync(path.join(root, "src", "shell"))
      .filter((name) => name.endsWith(".ts"))
      .sort()
      .map((name) => `src/shell/${name}`);
    for (const file of ["src/errors.ts", ...shell])
      hash.update(`${file}\0${readFileSync(path.join(root, file), "utf8").replace(/\r\n/g, "\n")}\0`);
    const require = createRequire(path.join(root, "src", "shell", "grammar.ts"));
    const parser = path.dirname(require.resolve("web-tree-sitter"));
    for (const file of ["web-tree-sitter.js", "web-tree-sitter.cjs", "web-tree-sitter.wasm"])
      hash.update(readFileSync(path.join(parser, file)));
    hash.update(readFileSync(require.resolve("tree-sitter-bash/tree-sitter-bash.wasm")));
    const pinned = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    expect(pinned.dependencies["web-tree-sitter"]).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pinned.devDependencies["tree-sitter-bash"]).toMatch(/^\d+\.\d+\.\d+$/);
    // A change to any of them is another analyser: put the new value in src/analyser-id.ts.
    expect(SHELL_ANALYSER_ID).toBe(hash.digest("hex"));
  });
});
