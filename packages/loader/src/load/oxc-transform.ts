// TypeScript to runnable code with oxc-transform: types stripped, imports turned into calls, statements on their source lines.
import { nestsDeeperThan } from "@hookwire/core/internal";
import type { SourceMap } from "oxc-transform";
import { commonJsUse, type ModuleKind, moduleKind } from "./commonjs-use.js";

export interface Transformed {
  /** The body of an async function of the `RUNNER_PARAMS`; line n holds what source line n held. */
  code: string;
  /** Static import specifiers, in order. */
  deps: string[];
  /** Literal `import("…")` specifiers. */
  dynamicDeps: string[];
  /** How the runner runs it: an ES module, in CommonJS's wrapper, or an ES module in the wrapper (`ModuleKind`). */
  kind: ModuleKind;
  /** Literal `require("…")` specifiers of CommonJS's `require`, loaded before the module runs. */
  requires: string[];
}

// A name of Node's CommonJS wrapper, where the code may use one.
const WRAPPER_NAME = /\b(?:require|module|exports|__filename|__dirname)\b/;
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
let oxcParser: Promise<typeof import("oxc-parser")> | undefined;

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
 * code uses a name of CommonJS's wrapper that it does not declare (as jiti and pi decide), read from oxc's AST.
 */
export async function transformModule(file: string, source: string): Promise<Transformed | SyntaxError> {
  const deep = tooDeep(file, source);
  if (deep) return deep;
  oxc ??= import("oxc-transform");
  oxcParser ??= import("oxc-parser");
  const { transformSync, moduleRunnerTransformSync } = await oxc;
  const declared = /\.c[jt]s$/i.test(file);
  const sourceType = declared ? "commonjs" : "module";
  const stripped = transformSync(file, source, { sourceType, sourcemap: true });
  if (stripped.errors.length > 0 || !stripped.map) return syntaxError(file, stripped.errors);
  const js = file.replace(/\.[cm]?[jt]sx?$/i, ".js");
  const runner = moduleRunnerTransformSync(js, stripped.code, { sourcemap: true });
  const errors = declared ? runner.errors.filter((e) => e.message !== TOP_LEVEL_RETURN) : runner.errors;
  if (errors.length > 0 || !runner.map) return syntaxError(file, errors);
  const toStripped = firstSourceLines(runner.map);
  const toSource = firstSourceLines(stripped.map);
  const code = realign(runner.code, (line) => {
    const at = toStripped[line] ?? -1;
    return at === -1 ? -1 : (toSource[at] ?? -1);
  });
  const extension = declared ? "cjs" : /\.m[jt]s$/i.test(file) ? "esm" : "any";
  const facts = { code, deps: runner.deps, dynamicDeps: runner.dynamicDeps };
  // Code that never spells a wrapper name uses none: no parse needed (oxc prints `requ\u0069re` as `require`).
  if (extension === "esm" || !WRAPPER_NAME.test(stripped.code))
    return { ...facts, kind: declared ? "commonjs" : "module", requires: [] };
  // The stripped code is plain JavaScript that parsed once already: its AST says what the module uses.
  const parsed = (await oxcParser).parseSync(js, stripped.code, { sourceType });
  const use = commonJsUse(parsed.program);
  const kind = moduleKind(use, parsed.module.hasModuleSyntax, extension);
  return { ...facts, kind, requires: kind === "module" ? [] : use.requires };
}
