// What one JavaScript or TypeScript file imports or requires, read without running it: the specifiers the resolver then follows.
import { readRegularFile } from "@hookwire/core/internal";
import { esModuleLexer } from "../lazy-deps.js";
import type { ImportKind } from "./resolve.js";

/** A script larger than this is fingerprinted itself, and its imports count as unknown. */
export const MAX_SCRIPT_BYTES = 4 * 1024 * 1024;

/** `require("x")`, `require.resolve("x")` with a literal: CommonJS has no import syntax for the module lexer. */
const LITERAL_REQUIRE = /\brequire(?:\.resolve)?\s*\(\s*(["'`])([^"'`\n$]*)\1\s*\)/g;
/** `require(` of anything but a string literal: a module named at run time. */
const COMPUTED_REQUIRE = /\brequire\s*\(\s*(?!["'`][^"'`\n$]*["'`]\s*\))/;
/** `const load = createRequire(import.meta.url)`: `load` is a `require` too. */
const REQUIRE_BINDING =
  /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:[\w$]+\.)?createRequire\s*\(([^)]*)\)/g;
/** `createRequire(import.meta.url)("./x")`, called at once. */
const REQUIRE_CALLED = /\bcreateRequire\s*\(([^)]*)\)\s*\(\s*(["'`])([^"'`\n$]*)\2\s*\)/g;
/** What `createRequire` may be given for its requires to resolve from the file itself. */
const OWN_LOCATION = /^\s*(?:import\.meta\.(?:url|filename)|__filename)\s*$/;

export interface FileImports {
  specifiers: Array<{ specifier: string; kind: ImportKind }>;
  /** Why some of what it loads cannot be known before it runs, if so. */
  unknown?: string;
}

/** What files read before import, by their text (`importCache()` keeps it across processes). */
export interface ImportCache {
  get(source: string): FileImports | undefined;
  set(source: string, imports: FileImports): void;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Static `import`/`export … from`, literal `import()`, literal `require()` and the requires of `createRequire`,
 * with their kind (the conditions and extension search differ). A computed `import()` or `require()`, and a
 * `createRequire` of another place, are `unknown`. With `cache`, a text read before is not lexed again.
 */
export function readImports(file: string, cache?: ImportCache): FileImports {
  const read = readRegularFile(file, MAX_SCRIPT_BYTES);
  if (!read.ok) return { specifiers: [], unknown: read.message };
  return importsOfSource(read.data.toString("utf8"), cache);
}

/** `readImports` of a text already read. */
export function importsOfSource(source: string, cache?: ImportCache): FileImports {
  const kept = cache?.get(source);
  if (kept) return kept;
  const found = lexImports(source);
  cache?.set(source, found);
  return found;
}

function lexImports(source: string): FileImports {
  const specifiers: FileImports["specifiers"] = [];
  let unknown: string | undefined;
  try {
    const { initSync, parse } = esModuleLexer();
    initSync();
    const [imports] = parse(source);
    for (const entry of imports) {
      // `import.meta` is not an import; a dynamic import of a computed value has no name.
      if (entry.d === -2) continue;
      if (entry.n === undefined)
        unknown = "it imports a module named only at run time (`import(…)` of a value)";
      else specifiers.push({ specifier: entry.n, kind: "import" });
    }
  } catch {
    // Not ES module syntax the lexer reads (CommonJS with a syntax it rejects): the require calls still count.
  }
  for (const match of source.matchAll(LITERAL_REQUIRE))
    specifiers.push({ specifier: match[2]!, kind: "require" });
  if (COMPUTED_REQUIRE.test(source))
    unknown ??= "it requires a module named only at run time (`require(…)` of a value)";
  for (const match of source.matchAll(REQUIRE_CALLED)) {
    if (OWN_LOCATION.test(match[1]!)) specifiers.push({ specifier: match[3]!, kind: "require" });
    else unknown ??= "it requires modules from another place (`createRequire(…)`)";
  }
  for (const match of source.matchAll(REQUIRE_BINDING)) {
    const [, name, from] = match as unknown as [string, string, string];
    if (!OWN_LOCATION.test(from)) {
      unknown ??= "it requires modules from another place (`createRequire(…)`)";
      continue;
    }
    const call = new RegExp(
      `(?<![\\w$.])${escapeRegExp(name)}(?:\\.resolve)?\\s*\\(\\s*(?:(["'\`])([^"'\`\\n$]*)\\1\\s*\\)|)`,
      "g",
    );
    for (const use of source.matchAll(call)) {
      if (use[2] !== undefined) specifiers.push({ specifier: use[2], kind: "require" });
      else unknown ??= `it requires a module named only at run time (\`${name}(…)\` of a value)`;
    }
  }
  return unknown ? { specifiers, unknown } : { specifiers };
}
