// Builds one workspace package (run in its folder): declarations with `tsc -b`, JavaScript bundled by rolldown,
// both incremental.
//
// Each package ships `dist/index.js` as one ES module (plus one file per extra entry and a chunk per lazily
// imported part) instead of one file per source module: Node resolves, reads and links every file of an
// import graph on start, and that cost grew with the module count, not the code. Dependencies stay imports
// (every bare specifier is external): the hookwire packages keep importing each other, so a process has
// one instance of each (one `@hookwire/core`, its error classes and runner), and a host's own copies of
// third-party packages are not duplicated; an application may bundle a small dependency with `--inline`.
// The output is minified (whitespace, comments, local names; see the `minify` option below).
//
// Nothing changed, nothing done: `tsc -b` skips what its build info says is current, and the bundle is written
// again only when the hash of what it is made from (build-inputs.mjs) differs from the one stored beside it.
//
// `node ../../scripts/build-package.mjs [options] [entry …]`: entries are paths under src/ without extension,
// besides `index` (e.g. `cli` `commands/*`). Options, each repeatable:
//   --inline <package>          bundle a dependency into the output instead of importing it
//   --vendor <package>/<file>[=<name>]
//                               ship a dependency's file as dist/vendor/<name> (the package then needs no
//                               dependency on it; `vendoredFile` in @hookwire/core finds it)
//   --copy <from>=<to>          copy a file or folder (relative to the package) to dist/<to>
//   --after <script>            run a node script (relative to the package) after the bundle is written
//   --stamp-workspace           the build also depends on the sources of every workspace package this one depends on:
//                               what an --after script inlines from them (the CLI's hook-path bundle)
import { execFileSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildInputsHash } from "./build-inputs.mjs";

const root = process.cwd();
const require = createRequire(import.meta.url);
const dist = path.join(root, "dist");
const stampFile = path.join(dist, ".build-inputs");
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    inline: { type: "string", multiple: true, default: [] },
    vendor: { type: "string", multiple: true, default: [] },
    copy: { type: "string", multiple: true, default: [] },
    after: { type: "string", multiple: true, default: [] },
    "stamp-workspace": { type: "boolean", default: false },
  },
});

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

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageName(id) {
  const parts = id.split("/");
  return id.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/**
 * The folder of a dependency's own package.json, above its entry or the file named (an exports map may hide
 * package.json).
 */
function packageDir(name, specifier = name) {
  let dir = path.dirname(require.resolve(specifier, { paths: [root] }));
  const nameAt = (at) => JSON.parse(readFileSync(path.join(at, "package.json"), "utf8")).name;
  while (!existsSync(path.join(dir, "package.json")) || nameAt(dir) !== name) {
    if (dir === path.dirname(dir)) throw new Error(`${name}: no package.json of its own above its entry`);
    dir = path.dirname(dir);
  }
  return dir;
}

/** `a=b` → `[a, b]`; `a` alone → `[a, fallback(a)]`. */
function pair(spec, flag, fallback) {
  const [from, to = fallback?.(from)] = spec.split("=");
  if (!from || !to) throw new Error(`--${flag} ${spec}: expected <from>=<to>`);
  return [from, to];
}

const input = entries(positionals);
if (!existsSync(input.index)) throw new Error(`${root}: no src/index.ts`);
/** The `src` folders of the workspace packages this one depends on, relative to it. */
function workspaceSources() {
  return Object.entries(manifest.dependencies ?? {})
    .filter(([, version]) => String(version).startsWith("workspace:"))
    .map(([name]) => path.relative(root, path.join(packageDir(name), "src")))
    .sort();
}

const inline = new Set(options.inline);
const vendored = options.vendor.map((spec) => {
  const [specifier, name] = pair(spec, "vendor", (from) => path.basename(from));
  const pkg = packageName(specifier);
  return { pkg, dir: packageDir(pkg, specifier), file: require.resolve(specifier, { paths: [root] }), name };
});
const copies = options.copy.map((spec) => pair(spec, "copy"));
const DECLARATION = /\.d\.ts$/;

// Declarations (and the type check of the build) are tsc's: the API reference and consumers read them.
execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-b", "tsconfig.json"], {
  stdio: "inherit",
});
pruneDeclarations();

const stamp = buildInputsHash({
  root,
  args: process.argv.slice(2),
  files: [
    "src",
    "package.json",
    "tsconfig.json",
    ...copies.map(([from]) => from),
    ...options.after,
    ...(options["stamp-workspace"] ? workspaceSources() : []),
  ],
  packages: [
    require.resolve("rolldown/package.json"),
    ...[...inline].map((name) => path.join(packageDir(name), "package.json")),
    ...vendored.map(({ dir }) => path.join(dir, "package.json")),
  ],
});
if (existsSync(path.join(dist, "index.js")) && readText(stampFile) === stamp) {
  console.log(`${manifest.name}: bundle up to date`);
  process.exit(0);
}

removeBundle();
await bundle();
for (const [from, to] of copies) cpSync(path.resolve(root, from), path.join(dist, to), { recursive: true });
for (const { file, name } of vendored) {
  mkdirSync(path.join(dist, "vendor"), { recursive: true });
  cpSync(file, path.join(dist, "vendor", name));
}
writeNotices();
addMissingSourceMaps();
for (const script of options.after) execFileSync(process.execPath, [script], { stdio: "inherit" });
writeFileSync(stampFile, stamp);

function readText(file) {
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}

/** Every file under dist/, relative to it. */
function distFiles() {
  if (!existsSync(dist)) return [];
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dist, path.join(entry.parentPath, entry.name)));
}

// tsc -b never deletes the declarations of a module that is gone, and they would still be published.
function pruneDeclarations() {
  for (const file of distFiles()) {
    if (DECLARATION.test(file) && !existsSync(path.join(root, "src", file.replace(DECLARATION, ".ts")))) {
      rmSync(path.join(dist, file));
    }
  }
}

// What an earlier bundle wrote goes (chunk names carry a hash, so a stale chunk would stay importable); the
// declarations and tsc's build info stay tsc's.
function removeBundle() {
  if (!existsSync(dist)) return;
  for (const file of distFiles()) {
    if (!DECLARATION.test(file) && file !== ".tsbuildinfo") rmSync(path.join(dist, file));
  }
  const folders = readdirSync(dist, { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isDirectory(),
  );
  // Deepest first, so a folder emptied of its subfolders goes too.
  for (const folder of folders
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
    .reverse()) {
    if (readdirSync(folder).length === 0) rmSync(folder, { recursive: true });
  }
}

async function bundle() {
  const { rolldown } = await import("rolldown");
  const build = await rolldown({
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
    await build.write({
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
    await build.close();
  }
}

// What the dist carries of other packages' code (bundled with --inline, copied with --vendor) keeps its notice:
// each package's name, version and licence text, beside the code.
function writeNotices() {
  const shipped = new Map([
    ...[...inline].map((name) => [name, packageDir(name)]),
    ...vendored.map(({ pkg, dir }) => [pkg, dir]),
  ]);
  if (shipped.size === 0) return;
  const notices = [...shipped]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, dir]) => {
      const { version, license } = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
      const file = readdirSync(dir).find((entry) => /^licen[cs]e(\.|$)/i.test(entry));
      if (!file) throw new Error(`${name}: no LICENSE file to ship with its code`);
      return `## ${name}@${version} (${license})\n\n${readFileSync(path.join(dir, file), "utf8").trim()}\n`;
    });
  writeFileSync(
    path.join(dist, "THIRD-PARTY-NOTICES.md"),
    `# Third-party code shipped in this package's dist\n\n${notices.join("\n")}`,
  );
}

// An entry that only re-exports what chunks hold (the CLI's index) gets no map from rolldown; its map names
// the source it stands for, so every shipped entry carries its source like the rest.
function addMissingSourceMaps() {
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
}
