// TypeScript to runnable code with oxc-transform: types stripped, imports turned into calls, statements on their source lines.
import { nestsDeeperThan } from "@hookwire/core/internal";
import type { SourceMap } from "oxc-transform";

export interface Transformed {
  /** The body of an async function of the `RUNNER_PARAMS`; line n holds what source line n held. */
  code: string;
  /** Static import specifiers, in order. */
  deps: string[];
  /** Literal `import("…")` specifiers. */
  dynamicDeps: string[];
  /** CommonJS (`.cts`, `.cjs`, or code that uses `require`, `module.exports`, `exports.x`): run in its wrapper. */
  commonjs: boolean;
  /** Literal `require("…")` specifiers (CommonJS only), loaded before the module runs. */
  requires: string[];
}

// Code that expects CommonJS (`require`, `module.exports`) runs in the CommonJS wrapper. Not `__dirname`: an ES module
// may declare its own (`const __dirname = dirname(fileURLToPath(import.meta.url))`), which the wrapper's would clash with.
const COMMONJS_EXPORTS = /\bmodule\.exports\b|\bexports\.\w/;
const REQUIRE_CALL = /\brequire\s*\(/;
// Nor does a `require` the module makes itself (`const require = createRequire(import.meta.url)`, Node's idiom in an
// ES module): its calls are its own, not CommonJS's, and the runner loads nothing for them.
const OWN_REQUIRE = /\b(?:const|let|var|function|class)\s+require\b/;
// What the module runner's transform writes for `import`, `export` and `import.meta`: the code is an ES module's.
const MODULE_SYNTAX = /\b__vite_ssr_(?:exports|import|import_meta)__\b/;

/**
 * Whether transformed code of an ES module (`import`, `export`, `import.meta`) that uses CommonJS's names as well: the
 * runner runs it strict, its own declarations shadowing the wrapper's names (`const module = …` stays legal).
 */
export const hasModuleSyntax = (code: string): boolean => MODULE_SYNTAX.test(code);
// `require("x")` with a literal, not `require.resolve("x")` or `other.require("x")`: what the module requires by name.
const LITERAL_REQUIRE = /(?<![\w$.])require\s*\(\s*(["'`])([^"'`\n$]*)\1\s*\)/g;
// A CommonJS body may `return` at its top level (Node runs it inside a function); the runner does too.
const TOP_LEVEL_RETURN = "A 'return' statement can only be used within a function body.";

/** What the transformed code calls for imports, exports and `import.meta` (oxc's module-runner names). */
export const RUNNER_PARAMS = [
  "__vite_ssr_exports__",
  "__vite_ssr_import_meta__",
  "__vite_ssr_import__",
  "__vite_ssr_dynamic_import__",
  "__vite_ssr_exportAll__",
] as const;

type Oxc = typeof import("oxc-transform");
let oxc: Promise<Oxc> | undefined;

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64_VALUE = new Map([...B64].map((c, i) => [c, i]));

/**
 * For each generated line, the 0-based source line of its first mapping (or -1): the one fact of a
 * source map this needs. Segments are base64 VLQ; the source line is the third field, relative.
 */
export function firstSourceLines(map: SourceMap): number[] {
  const lines: number[] = [];
  let sourceLine = 0;
  for (const line of map.mappings.split(";")) {
    let first = -1;
    for (const segment of line.split(",")) {
      if (segment === "") continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = B64_VALUE.get(char) ?? 0;
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      if (fields.length >= 4) {
        sourceLine += fields[2]!;
        if (first === -1) first = sourceLine;
      }
    }
    lines.push(first);
  }
  return lines;
}

const EXPORT_BLOCK_START = "Object.defineProperty(__vite_ssr_exports__, ";

/**
 * oxc prints code its own way: blank lines and type-only lines go, and the module runner puts its export
 * definitions first. So that stack traces name the right lines, the export definitions (generated, no
 * comments) are joined onto line 1 and every later line is pushed down, with blank lines, to the source
 * line it came from. A line that oxc split into several only shifts what follows until the next gap.
 */
function realign(code: string, sourceLineOf: (generatedLine: number) => number): string {
  const lines = code.split("\n");
  const header: string[] = [];
  const body: Array<{ line: string; at: number }> = [];
  for (let i = 0; i < lines.length; i++) {
    // Only the module runner writes this at the start of a line (the name is its own).
    if (lines[i]!.startsWith(EXPORT_BLOCK_START)) {
      for (; i < lines.length; i++) {
        header.push(lines[i]!.trim());
        if (lines[i] === "});") break;
      }
      continue;
    }
    body.push({ line: lines[i]!, at: i });
  }
  const first = header.join(" ");
  const out: string[] = [];
  for (const { line, at } of body) {
    const target = sourceLineOf(at);
    if (out.length === 0) {
      // The export definitions go before line 1's own text (which may be a line comment).
      if (target <= 0) {
        out.push(first ? `${first} ${line}` : line);
        continue;
      }
      out.push(first);
    }
    // Lines already placed stay where they are: a line can only move down.
    while (out.length < target) out.push("");
    out.push(line);
  }
  if (out.length === 0) out.push(first);
  return out.join("\n");
}

/** oxc's first error as a SyntaxError whose message ends in `file:line:column`, its code frame in the stack's place. */
function syntaxError(file: string, errors: readonly OxcError[]): SyntaxError {
  const first = errors[0]!;
  const at = /\[(.+):(\d+):(\d+)\]/.exec(first.codeframe ?? "");
  const where = at ? `${file}:${at[2]}:${Number(at[3]) - 1}` : file;
  const error = new SyntaxError(`${first.message}\n${where}`);
  if (first.codeframe)
    error.stack = `SyntaxError: ${first.message}\n${where}\n${first.codeframe.replace(/^\n/, "")}`;
  return error;
}

type OxcError = { message: string; codeframe: string | null };

/**
 * oxc's parser recurses on the native stack, and a 10,000-deep array literal ends the process (SIGSEGV), which no
 * try/catch survives: code nested this deep is refused before oxc sees it.
 */
export const MAX_SOURCE_NESTING = 1024;

function tooDeep(file: string, source: string): SyntaxError | undefined {
  if (!nestsDeeperThan(source, MAX_SOURCE_NESTING, true)) return undefined;
  return new SyntaxError(
    `it nests brackets, braces or parentheses more than ${MAX_SOURCE_NESTING} levels deep, which hookwire does not parse\n${file}`,
  );
}

/**
 * Where a JavaScript or TypeScript file fails to parse, from oxc's parser (the transform the runner runs): Node 20
 * reports an ES module's syntax error without a position. `undefined` when oxc parses it.
 */
export async function parseError(file: string, source: string): Promise<SyntaxError | undefined> {
  const deep = tooDeep(file, source);
  if (deep) return deep;
  oxc ??= import("oxc-transform");
  const { transformSync } = await oxc;
  const result = transformSync(file, source, { sourceType: "unambiguous" });
  return result.errors.length > 0 ? syntaxError(file, result.errors) : undefined;
}

/**
 * Transforms a TypeScript or JavaScript module; a syntax error comes back as the SyntaxError to throw, with its
 * position. `.cts` and `.cjs` are CommonJS; `.mts` and `.mjs` are ES modules; any other file is CommonJS when its
 * code uses CommonJS's names (as jiti and pi decide), else an ES module.
 */
export async function transformModule(file: string, source: string): Promise<Transformed | SyntaxError> {
  const deep = tooDeep(file, source);
  if (deep) return deep;
  oxc ??= import("oxc-transform");
  const { transformSync, moduleRunnerTransformSync } = await oxc;
  const declared = /\.c[jt]s$/i.test(file);
  const sourceType = declared ? "commonjs" : "module";
  const stripped = transformSync(file, source, { sourceType, sourcemap: true });
  if (stripped.errors.length > 0 || !stripped.map) return syntaxError(file, stripped.errors);
  const runner = moduleRunnerTransformSync(file.replace(/\.[cm]?[jt]sx?$/i, ".js"), stripped.code, {
    sourcemap: true,
  });
  const errors = declared ? runner.errors.filter((e) => e.message !== TOP_LEVEL_RETURN) : runner.errors;
  if (errors.length > 0 || !runner.map) return syntaxError(file, errors);
  const toStripped = firstSourceLines(runner.map);
  const toSource = firstSourceLines(stripped.map);
  const code = realign(runner.code, (line) => {
    const at = toStripped[line] ?? -1;
    return at === -1 ? -1 : (toSource[at] ?? -1);
  });
  const commonjs =
    declared ||
    (!/\.m[jt]s$/i.test(file) &&
      (COMMONJS_EXPORTS.test(code) || (REQUIRE_CALL.test(code) && !OWN_REQUIRE.test(code))));
  const requires = commonjs ? [...code.matchAll(LITERAL_REQUIRE)].map((match) => match[2]!) : [];
  return { code, deps: runner.deps, dynamicDeps: runner.dynamicDeps, commonjs, requires };
}
