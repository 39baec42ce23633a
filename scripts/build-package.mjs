// Builds one workspace package (run in its folder): declarations with tsc, JavaScript bundled by rolldown.
//
// Each package ships `dist/index.js` as one ES module (plus one file per extra entry and a chunk per lazily
// imported part) instead of one file per source module: Node resolves, reads and links every file of an
// import graph on start, and that cost grew with the module count, not the code. Dependencies stay imports
// (every bare specifier is external): the hookwire packages keep importing each other, so a process has
// one instance of each (one `@hookwire/core`, its error classes and runner), and a host's own copies of
// third-party packages are not duplicated; an application may bundle a small dependency with `--inline`.
// The output is minified (whitespace, comments, local names; see the `minify` option below).
// `node ../../scripts/build-package.mjs [--inline <package>] [entry …]`: entries are paths under src/
// without extension, besides `index` (e.g. `cli` `commands/*`).
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { rolldown } from "rolldown";

const root = process.cwd();
const require = createRequire(import.meta.url);
const dist = path.join(root, "dist");

/** `index` and the named entries; `folder/*` names every module of a folder (each CLI command its own file). */
function entries(names) {
  const input = {};
  for (const name of ["index", ...names]) {
    const files = name.endsWith("/*")
      ? readdirSync(path.join(root, "src", name.slice(0, -2)))
          .filter((file) => file.endsWith(".ts"))
          .map((file) => `${name.slice(0, -1)}${file.slice(0, -3)}`)
      : [name];
    for (const file of files) input[file] = path.join(root, "src", `${file}.ts`);
  }
  return input;
}

// `--inline <package>`: a dependency bundled into the output instead of imported (the CLI's own small ones,
// so `hookwire --help` resolves no package on start). Libraries inline nothing: a host keeps one copy of each.
const args = process.argv.slice(2);
const inline = new Set(args.flatMap((arg, i) => (args[i - 1] === "--inline" ? [arg] : [])));
/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageName(id) {
  const parts = id.split("/");
  return id.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

const input = entries(args.filter((arg, i) => arg !== "--inline" && args[i - 1] !== "--inline"));
if (!existsSync(input.index)) throw new Error(`${root}: no src/index.ts`);

// A clean dist: files of an earlier layout (one per module) would otherwise stay importable.
rmSync(dist, { recursive: true, force: true });

// Declarations (and the type check of the build) stay tsc's: the API reference and consumers read them.
execFileSync(
  process.execPath,
  [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.build.json", "--emitDeclarationOnly"],
  { stdio: "inherit" },
);

const bundle = await rolldown({
  input,
  platform: "node",
  // Only the package's own modules are bundled; `node:*`, dependencies and sibling packages stay imports.
  external: (id, importer) =>
    importer !== undefined && !id.startsWith(".") && !path.isAbsolute(id) && !inline.has(packageName(id)),
  // What the package declares is what it keeps (`sideEffects: false` in every package.json).
  treeshake: true,
  // An entry may export more than its source does: the code it shares with the chunks it imports lazily
  // (a dialect, the shell analysis) then stays in the entry instead of a chunk file of its own, which a
  // process would load on start anyway, one file read and link more each.
  preserveEntrySignatures: "allow-extension",
  transform: { target: "es2022" },
});
try {
  await bundle.write({
    dir: dist,
    format: "esm",
    // Function and class names stay the source's (`util.inspect`, stack traces), even when two modules shared one.
    keepNames: true,
    // Whitespace, comments and local names go: V8 parses every byte of a module on import, and the three
    // packages a host loads on start were ~0.4 MB (minified, a warm host start spends ~10 ms less in
    // compiling). Nothing is rewritten (no compression); function and class names stay, for stack traces
    // and `.name`; the source maps give back the rest (`node --enable-source-maps`).
    minify: {
      compress: false,
      mangle: { toplevel: false, keepNames: true },
      codegen: { removeWhitespace: true },
    },
    sourcemap: true,
    entryFileNames: "[name].js",
    // A chunk one module stands for (a lazily imported part) is named for that module's path,
    // `chunks/dialects-codex-dialect-<hash>.js`: what a process loads can be read from its file names.
    chunkFileNames: (chunk) =>
      chunk.facadeModuleId?.startsWith(path.join(root, "src") + path.sep)
        ? `chunks/${path
            .relative(path.join(root, "src"), chunk.facadeModuleId)
            .replace(/\.ts$/, "")
            .replaceAll(path.sep, "-")}-[hash].js`
        : "chunks/[name]-[hash].js",
  });
} finally {
  await bundle.close();
}

// What `--inline` bundled keeps its notice: each package's name, version and licence text, beside the code.
if (inline.size > 0) {
  const notices = [...inline].sort().map((name) => {
    // The folder of the package's own package.json, above its entry (an exports map may hide package.json).
    let dir = path.dirname(require.resolve(name, { paths: [root] }));
    const manifest = () => JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
    while (!existsSync(path.join(dir, "package.json")) || manifest().name !== name) {
      if (dir === path.dirname(dir)) throw new Error(`${name}: no package.json of its own above its entry`);
      dir = path.dirname(dir);
    }
    const { version, license } = manifest();
    const file = readdirSync(dir).find((entry) => /^licen[cs]e(\.|$)/i.test(entry));
    if (!file) throw new Error(`${name}: no LICENSE file to ship with its bundled code`);
    return `## ${name}@${version} (${license})\n\n${readFileSync(path.join(dir, file), "utf8").trim()}\n`;
  });
  writeFileSync(
    path.join(dist, "THIRD-PARTY-NOTICES.md"),
    `# Third-party code bundled into this package's dist\n\n${notices.join("\n")}`,
  );
}

// An entry that only re-exports what chunks hold (the CLI's index) gets no map from rolldown; its map names
// the source it stands for, so every shipped entry carries its source like the rest.
for (const [name, source] of Object.entries(input)) {
  const file = path.join(dist, `${name}.js`);
  if (existsSync(`${file}.map`)) continue;
  const map = {
    version: 3,
    file: path.basename(file),
    sources: [path.relative(path.dirname(file), source)],
    sourcesContent: [readFileSync(source, "utf8")],
    names: [],
    mappings: "",
  };
  writeFileSync(`${file}.map`, JSON.stringify(map));
  appendFileSync(file, `\n//# sourceMappingURL=${path.basename(file)}.map\n`);
}
