// Writes dist/hook-path.cjs after the build: `hookwire hook` in-process (src/hook-path.ts) with every hookwire
// package inlined, as one function expression that src/hook-path-run.ts compiles with a V8 code cache — Node 20
// keeps no cache for ES modules, and resolving, reading and linking ~40 module files cost a call more than compiling
// them. Beside it, dist/hook-path/*.mjs: one per package a hook may import, handing it this bundle's instance.
//
// What the bundle cannot keep of ES modules is rewritten here:
// - `import.meta.url` of a package's module names that package's installed entry (found on first use: its own
//   dependencies resolve from there, as in its own dist); `import.meta.resolve(x)` resolves from there too.
// - A dynamic `import()` of a third-party package resolves from its package the same way; every dynamic `import()`
//   left in the output calls `$_imp_`, a parameter the runner passes (a native `import()` of its own): V8 code read
//   from a cache has lost the callback Node 20 needs for a dynamic `import()` in a `vm.Script`.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";
import { rolldown } from "rolldown";
import { parseAst } from "rolldown/parseAst";
import { LAZY_HELPERS, lazyBuiltins } from "./lazy-builtins.mjs";

/** The bundle's first line: this, then the SHA-256 of the rest (src/hook-path-run.ts reads it). */
const HASH_LINE = "//hookwire-hook-path sha256=";
const root = path.resolve(new URL("..", import.meta.url).pathname);
const packages = path.dirname(root);
const dist = path.join(root, "dist");
const file = path.join(dist, "hook-path.cjs");

/** `packages/loader/src/x.ts` → `@hookwire/loader`; the CLI's own → `hookwire`. */
function packageOf(id) {
  const rel = path.relative(packages, id);
  if (rel.startsWith("..") || !rel.split(path.sep).includes("src")) return undefined;
  const dir = rel.split(path.sep)[0];
  return dir === "cli" ? "hookwire" : `@hookwire/${dir}`;
}

const rewrite = {
  name: "hook-path",
  // OpenTelemetry stays out (its SDK is an optional peer): the ES module the main build writes for it.
  resolveId(id, importer) {
    if (id === "./otel.js" && importer?.endsWith(`${path.sep}log${path.sep}recorder.ts`))
      return { id: "./log/otel.js", external: true };
    return undefined;
  },
  transform(code, id) {
    const pkg = packageOf(id);
    if (!pkg) return undefined;
    const name = JSON.stringify(pkg);
    const out = code
      .replace(
        /(?<!typeof\s*)import\(\s*"((?!@hookwire\/)[^"./][^"]*)"\s*\)(?![.>])/g,
        (_, specifier) => `import(__hwMeta.resolve(${name}, ${JSON.stringify(specifier)}))`,
      )
      .replace(
        /(lazyRequire(?:<[^;]*?>)?\(\s*)import\.meta\.url/g,
        (_, head) => `${head}() => __hwMeta.url(${name})`,
      )
      .replaceAll("import.meta.resolve(", `__hwMeta.resolve(${name}, `)
      .replaceAll("import.meta.url", `__hwMeta.url(${name})`);
    return out === code ? undefined : { code: out };
  },
};

/** Every string and template's text, as the program sees it (cooked), in order. */
function texts(source) {
  const found = [];
  (function walk(node) {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== "object") return;
    if (node.type === "Literal" && typeof node.value === "string") found.push(node.value);
    if (node.type === "TemplateElement") found.push(node.value.cooked);
    const odd = /[^\x00-\x7f]/;
    if (node.type === "TaggedTemplateExpression" && node.quasi.quasis.some((q) => odd.test(q.value.raw)))
      throw new Error("hook-path: a tagged template reads a character outside ASCII raw");
    if (node.type === "Literal" && node.regex && odd.test(node.regex.pattern))
      throw new Error("hook-path: a regular expression holds a character outside ASCII");
    for (const key in node) if (key !== "type") walk(node[key]);
  })(parseAst(source));
  return found;
}

/**
 * The bundle in ASCII: every other character as a `\uXXXX` escape (only strings and templates hold any). The runner
 * then reads it as Latin-1, which V8 keeps one byte a character: read and held in half the time and memory of a
 * UTF-8 file with a few `…` in it (two bytes a character for the whole text). Checked: the program's texts are the same.
 */
function asciiOnly(source) {
  if (/\\[^\x00-\x7f]/.test(source)) throw new Error("hook-path: an escaped character outside ASCII");
  const out = source.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (out !== source && JSON.stringify(texts(out)) !== JSON.stringify(texts(source)))
    throw new Error("hook-path: escaping changed a string");
  return out;
}

// The file is one function expression: (exports, require, module, __filename, __dirname, $_imp_) => the CLI's module.
const head = `(function (exports, require, module, __filename, __dirname, $_imp_) {${LAZY_HELPERS}const __hwMeta=(()=>{const m=require("node:module"),u=require("node:url"),r=m.createRequire(__filename),urls=new Map([["hookwire",u.pathToFileURL(__filename).href]]);const url=(p)=>{let x=urls.get(p);if(x===undefined){x=u.pathToFileURL(r.resolve(p)).href;urls.set(p,x)}return x};return{url,resolve:(p,s)=>u.pathToFileURL(m.createRequire(url(p)).resolve(s)).href}})();`;

const build = await rolldown({
  input: path.join(root, "src", "hook-path.ts"),
  platform: "node",
  // The packages' sources, as the main build bundles its own.
  resolve: { conditionNames: ["source", "import", "default"] },
  // The whole CLI's command parser (a command line hook-main does not take), Node's modules and third-party
  // packages stay outside; every hookwire package is inside.
  external: (id) =>
    id.startsWith("node:") ||
    id === "./cli.js" ||
    (!id.startsWith(".") && !path.isAbsolute(id) && !id.startsWith("@hookwire/")),
  treeshake: true,
  transform: { target: "es2022" },
  plugins: [rewrite],
  logLevel: "silent",
});
try {
  await build.write({
    file,
    format: "cjs",
    codeSplitting: false,
    minify: {
      compress: false,
      mangle: { toplevel: false, keepNames: true },
      codegen: { removeWhitespace: true },
    },
  });
} finally {
  await build.close();
}

// Every dynamic import() left calls $_imp_ (same length: offsets stay those of the source map).
let code = readFileSync(file, "utf8");
const starts = [];
(function walk(node) {
  if (Array.isArray(node)) return node.forEach(walk);
  if (!node || typeof node !== "object") return;
  if (node.type === "ImportExpression") starts.push(node.start);
  for (const key in node) if (key !== "type") walk(node[key]);
})(parseAst(code));
for (const start of starts.sort((a, b) => b - a)) {
  if (code.slice(start, start + 7) !== "import(") throw new Error(`hook-path: no import( at ${start}`);
  code = `${code.slice(0, start)}$_imp_${code.slice(start + 6)}`;
}
if (/import\.meta/.test(code)) throw new Error("hook-path: import.meta is left in the bundle");
// child_process, fs/promises, os… only when a call gets that far.
code = lazyBuiltins(code);
code = asciiOnly(code);
// Wrapped after minifying, which would rename the wrapper's parameters.
code = `${head}\n${code}\n})`;
// Its hash on its first line (a comment): the code cache's key, without hashing half a megabyte at every call.
code = `${HASH_LINE}${createHash("sha256").update(code).digest("hex")}\n${code}`;
writeFileSync(file, code);

// One file per package a hook may import: its names, read from the bundle's own instance of it.
const loaded = { exports: {} };
new vm.Script(code, { filename: file })
  .runInThisContext()
  .call(
    loaded.exports,
    loaded.exports,
    createRequire(file),
    loaded,
    file,
    dist,
    (specifier) => import(specifier),
  );
const { HOST_PACKAGES, shimName } = loaded.exports;
const shims = path.join(dist, "hook-path");
rmSync(shims, { recursive: true, force: true });
mkdirSync(shims, { recursive: true });
for (const [specifier, instance] of Object.entries(HOST_PACKAGES)) {
  const names = Object.keys(instance).filter((n) => n !== "default");
  writeFileSync(
    path.join(shims, shimName(specifier)),
    `// ${specifier} as dist/hook-path.cjs carries it: a hook run by \`hookwire hook\` gets the running instance.\n` +
      `const own = globalThis[Symbol.for("hookwire.host-package-instances")]?.[${JSON.stringify(specifier)}];\n` +
      `if (own === undefined) throw new Error(${JSON.stringify(`${specifier}: this file is for hooks run by hookwire hook's bundle; import the package itself`)});\n` +
      `export const { ${names.join(", ")} } = own;\n`,
  );
}
