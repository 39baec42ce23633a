// What scripts import, kept across processes: a warm start loads no module lexer, and nothing planted is used.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { importCache } from "../src/modules/import-cache.js";
import { READER_ID } from "../src/modules/reader-id.js";
import { readImports } from "../src/modules/script-imports.js";

const temp = () => mkdtempSync(path.join(os.tmpdir(), "hookwire-imports-"));
const sha = (text: string) => createHash("sha256").update(text).digest("hex");

function script(dir: string, text: string): string {
  const file = path.join(dir, "hook.mjs");
  writeFileSync(file, text);
  return file;
}

describe("imports kept in the cache", () => {
  it("gives back what was read for the same text, and lexes another text afresh", () => {
    const root = temp();
    const cache = importCache(path.join(root, "cache", "imports"));
    const file = script(root, 'import "./a.mjs";\nimport("./b.mjs");\n');
    const first = readImports(file, cache);
    expect(first.specifiers.map((s) => s.specifier)).toEqual(["./a.mjs", "./b.mjs"]);
    expect(importCache(path.join(root, "cache", "imports")).get(readFileSync(file, "utf8"))).toEqual(first);
    script(root, 'import "./a.mjs";\nimport "./c.mjs";\n');
    expect(readImports(file, cache).specifiers.map((s) => s.specifier)).toEqual(["./a.mjs", "./c.mjs"]);
  });

  it("uses no entry whose text is another's (a planted or colliding entry): the file is lexed", () => {
    const root = temp();
    const dir = path.join(root, "cache", "imports");
    const file = script(root, 'import "./evil.mjs";\n');
    readImports(file, importCache(dir));
    const [name] = readdirSync(dir);
    const entry = path.join(dir, name as string);
    // The same key and header hash, an entry that says the file imports nothing: not taken.
    const [header] = readFileSync(entry, "utf8").split("\n") as [string];
    const planted = JSON.stringify({ source: sha("another text"), imports: { specifiers: [] } });
    writeFileSync(
      entry,
      `${header.replace(/"sha256":"[0-9a-f]+"/, `"sha256":"${sha(planted)}"`)}\n${planted}`,
      {
        mode: 0o600,
      },
    );
    expect(readImports(file, importCache(dir)).specifiers.map((s) => s.specifier)).toEqual(["./evil.mjs"]);
  });

  it("takes no entry another reader of imports wrote (another lexer or reading code): the file is lexed", () => {
    const root = temp();
    const dir = path.join(root, "cache", "imports");
    const file = script(root, 'import "./evil.mjs";\n');
    const text = readFileSync(file, "utf8");
    // Another reader's answer for this very text (say, a lexer that missed the import).
    importCache(dir, "another reader").set(text, { specifiers: [] });
    expect(importCache(dir, "another reader").get(text)).toEqual({ specifiers: [] });
    expect(importCache(dir).get(text)).toBeUndefined();
    expect(readImports(file, importCache(dir)).specifiers.map((s) => s.specifier)).toEqual(["./evil.mjs"]);
  });

  it("names the reader by the code that reads imports and the lexer installed for it", () => {
    const src = path.resolve(import.meta.dirname, "../src");
    const hash = createHash("sha256");
    for (const file of ["modules/script-imports.ts", "lazy-deps.ts"])
      hash.update(`${readFileSync(path.join(src, file), "utf8").replace(/\r\n/g, "\n")}\0`);
    // The build lazy-deps requires (trust's package.json pins its version exactly): `dist/lexer.cjs` of the package
    // (vitest resolves for `import`, to its `dist/lexer.js`).
    const lexer = path.dirname(createRequire(path.join(src, "lazy-deps.ts")).resolve("es-module-lexer"));
    hash.update(readFileSync(path.join(lexer, "lexer.cjs")));
    const pinned = JSON.parse(readFileSync(path.join(src, "../package.json"), "utf8")).dependencies;
    expect(pinned["es-module-lexer"]).toMatch(/^\d+\.\d+\.\d+$/);
    // A change to any of them is another reader: put the new value in src/modules/reader-id.ts.
    expect(READER_ID).toBe(hash.digest("hex"));
  });

  it("reads no entry another user could have written", () => {
    const root = temp();
    const dir = path.join(root, "cache", "imports");
    const file = script(root, 'import "./a.mjs";\n');
    readImports(file, importCache(dir));
    for (const name of readdirSync(dir)) chmodSync(path.join(dir, name), 0o666);
    expect(importCache(dir).get(readFileSync(file, "utf8"))).toBeUndefined();
  });
});

describe("a warm discovery of a project with a hook module", () => {
  beforeAll(() => ensureBuilt());

  it("fingerprints the module and what it imports without loading the module lexer, to the same fingerprint", () => {
    const root = temp();
    const project = path.join(root, "project");
    mkdirSync(path.join(project, ".hookwire", "hooks"), { recursive: true });
    mkdirSync(path.join(project, "lib"));
    mkdirSync(path.join(root, "home"));
    writeFileSync(
      path.join(project, ".hookwire", "hooks", "guard.ts"),
      'import { check } from "../../lib/check.ts";\nexport default (pi) => pi.on("tool_call", check);\n',
    );
    writeFileSync(path.join(project, "lib", "check.ts"), "export const check = () => undefined;\n");
    const loader = pathToFileURL(path.resolve(import.meta.dirname, "../../loader/dist/index.js")).href;
    const script = `
      const { projectTrustStatus, HOOK_FORMATS } = await import(${JSON.stringify(loader)});
      const { createRequire } = await import("node:module");
      const status = await projectTrustStatus(${JSON.stringify(project)}, { formats: HOOK_FORMATS, home: ${JSON.stringify(path.join(root, "home"))}, trustStore: ${JSON.stringify(path.join(root, "trust.json"))} });
      const lexer = Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes("es-module-lexer"));
      console.log(JSON.stringify({ fingerprint: status.fingerprint, lexer }));`;
    const run = () => {
      const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
        encoding: "utf8",
        env: { ...process.env, XDG_CACHE_HOME: path.join(root, "cache") },
      });
      expect(child.status, child.stderr).toBe(0);
      return JSON.parse(child.stdout) as { fingerprint: string; lexer: boolean };
    };
    const cold = run();
    const warm = run();
    expect(cold.lexer).toBe(true);
    expect(warm).toEqual({ ...cold, lexer: false });
    // What the module imports is still covered through the cache: an edit to it moves the fingerprint.
    writeFileSync(path.join(project, "lib", "check.ts"), "export const check = () => ({ block: false });\n");
    expect(run().fingerprint).not.toBe(cold.fingerprint);
  });
});
