// One shell word as bash passes it to the program: quotes and escapes resolved, run-time parts marked.
import { RUNTIME, type ShellWord } from "./analysis.js";
import type { SyntaxNode } from "./grammar.js";

export type { ShellWord } from "./analysis.js";

const runtimeNodes = new Set([
  "simple_expansion",
  "expansion",
  "command_substitution",
  "process_substitution",
  "arithmetic_expansion",
]);

export function literalWord(value: string): ShellWord {
  return { value, literal: true, glob: false, shape: value };
}

/** A word supplied at run time (by `xargs`, `find -exec {}`): anything, possibly several words. */
export function runtimeWord(written: string): ShellWord {
  return { value: written, literal: false, glob: false, shape: RUNTIME };
}

interface Builder {
  value: string;
  shape: string;
  literal: boolean;
  glob: boolean;
}

// The syntax each word came from, for reading its run-time parts again once variables' values are known.
const sources = new WeakMap<ShellWord, SyntaxNode>();

export function resolveWord(node: SyntaxNode): ShellWord {
  const out: Builder = { value: "", shape: "", literal: true, glob: false };
  append(node, out, 0);
  if (!out.glob && hasBraceExpansion(node)) {
    out.glob = true;
    out.literal = false;
    out.shape = RUNTIME;
  }
  const word: ShellWord = { value: out.value, literal: out.literal, glob: out.glob, shape: out.shape };
  // Only a word with run-time parts is read again (`wordValues`); a literal one is its value.
  if (!word.literal) sources.set(word, node);
  return word;
}

/** Two parts the grammar split that bash reads as one word (`--file=<(…)`: nothing between them). */
export function joinWords(first: ShellWord, second: ShellWord): ShellWord {
  return {
    value: first.value + second.value,
    literal: first.literal && second.literal,
    glob: first.glob || second.glob,
    shape: first.shape + second.shape,
  };
}

/**
 * `program` and its words as a statement bash reads again, each word single-quoted (`builtin declare -n r` read as
 * `declare '-n' 'r'`, a declaration); `undefined` when a word is known only at run time.
 */
export function quotedCommand(program: string, args: readonly ShellWord[]): string | undefined {
  if (args.some((arg) => !arg.literal)) return undefined;
  return [program, ...args.map((arg) => `'${arg.value.replaceAll("'", "'\\''")}'`)].join(" ");
}

/** A word a program supplies at run time (`xargs`' input, `find`'s `{}`), not one written in the command line. */
export function isSupplied(word: ShellWord): boolean {
  return !word.literal && !sources.has(word);
}

/** The values a variable may hold (`undefined`: known only at run time). */
export type Lookup = (name: string) => readonly string[] | undefined;
const MAX_EXPANSIONS = 32;

/**
 * The strings a word may become when its only run-time parts are plain `$name` / `${name}` whose values `lookup`
 * knows, e.g. `"$x=1"` with `x` assigned `a` or `b`; `undefined` when some part is known only at run time.
 */
export function wordValues(word: ShellWord, lookup: Lookup): readonly string[] | undefined {
  if (word.literal) return [word.value];
  const node = sources.get(word);
  return node && !word.glob ? expand(node, lookup, 0) : undefined;
}

function expand(node: SyntaxNode, lookup: Lookup, depth: number): readonly string[] | undefined {
  if (depth > MAX_WORD_DEPTH) return undefined;
  switch (node.type) {
    case "simple_expansion": {
      const name = node.namedChildren[0];
      return name && node.namedChildren.length === 1 ? lookup(name.text) : undefined;
    }
    case "expansion": {
      const [name, ...rest] = node.namedChildren;
      const plain = name?.type === "variable_name" && rest.length === 0 && node.children.length === 3;
      return plain ? lookup(name.text) : undefined;
    }
    case "concatenation":
      return product(node.children.map((child) => expand(child, lookup, depth + 1)));
    case "string": {
      const parts: Array<readonly string[] | undefined> = [];
      let from = 1;
      for (const child of node.namedChildren) {
        if (!runtimeNodes.has(child.type)) continue;
        parts.push([dqText(node.text.slice(from, child.startIndex - node.startIndex))]);
        parts.push(expand(child, lookup, depth + 1));
        from = child.endIndex - node.startIndex;
      }
      parts.push([
        dqText(node.text.slice(from, node.text.endsWith('"') && node.text.length > from ? -1 : undefined)),
      ]);
      return product(parts);
    }
    default: {
      const word = resolveWord(node);
      return word.literal ? [word.value] : undefined;
    }
  }
}

function product(parts: ReadonlyArray<readonly string[] | undefined>): readonly string[] | undefined {
  let out: string[] = [""];
  for (const part of parts) {
    if (!part) return undefined;
    out = out.flatMap((before) => part.map((value) => before + value));
    if (out.length > MAX_EXPANSIONS) return undefined;
  }
  return out;
}

function dqText(text: string): string {
  const out: Builder = { value: "", shape: "", literal: true, glob: false };
  inDoubleQuotes(text, out);
  return out.value;
}

function runtime(out: Builder, text: string): void {
  out.value += text;
  out.shape += RUNTIME;
  out.literal = false;
}

function literal(out: Builder, text: string): void {
  out.value += text;
  out.shape += text;
}

// Nesting here is that of quotes and `${…}` inside one word; past this depth the word counts as run-time.
const MAX_WORD_DEPTH = 64;

function append(node: SyntaxNode, out: Builder, depth: number): void {
  if (depth > MAX_WORD_DEPTH) {
    runtime(out, node.text);
    return;
  }
  switch (node.type) {
    case "word":
      unquoted(node.text, out);
      break;
    case "number":
    case "variable_name":
    case "test_operator":
      literal(out, node.text);
      break;
    case "raw_string":
      literal(out, node.text.slice(1, -1));
      break;
    case "ansi_c_string":
      literal(out, ansiC(node.text.slice(2, -1)));
      break;
    case "string":
      doubleQuoted(node, out);
      break;
    case "translated_string": {
      const inner = node.namedChildren.find((child) => child.type === "string");
      if (inner) doubleQuoted(inner, out);
      else runtime(out, node.text);
      break;
    }
    case "concatenation":
      for (const child of node.children) append(child, out, depth + 1);
      break;
    case "variable_assignment":
      for (const child of node.children) {
        if (child.type === "variable_name" || !child.isNamed) literal(out, child.text);
        else append(child, out, depth + 1);
      }
      break;
    default:
      // `$` before `"…"` in `$"…"` is an unnamed node of its own.
      if (node.isNamed || node.text !== "$") runtime(out, node.text);
  }
}

/** Backslash escapes any character; `*`, `?` and `[` left unescaped make the word a glob. */
function unquoted(text: string, out: Builder): void {
  // Runs of plain characters are copied whole: a 1 MB word is a handful of slices, not a million appends.
  const special = /[\\*?[]/g;
  let from = 0;
  for (let match = special.exec(text); match; match = special.exec(text)) {
    const at = match.index;
    if (at > from) literal(out, text.slice(from, at));
    from = at + 1;
    if (match[0] !== "\\") {
      out.glob = true;
      runtime(out, match[0]);
    } else if (at + 1 < text.length) {
      if (text[at + 1] !== "\n") literal(out, text[at + 1]!);
      from = at + 2;
      special.lastIndex = from;
    } else {
      literal(out, "\\");
    }
  }
  if (from < text.length) literal(out, text.slice(from));
}

function doubleQuoted(node: SyntaxNode, out: Builder): void {
  const text = node.text;
  const start = node.startIndex;
  let from = 1;
  for (const child of node.namedChildren) {
    if (!runtimeNodes.has(child.type)) continue;
    inDoubleQuotes(text.slice(from, child.startIndex - start), out);
    runtime(out, child.text);
    from = child.endIndex - start;
  }
  inDoubleQuotes(text.slice(from, text.endsWith('"') && text.length > from ? -1 : undefined), out);
}

/** Inside "…" a backslash escapes only `$`, `` ` ``, `"`, `\\` and a newline; elsewhere it stays. */
function inDoubleQuotes(text: string, out: Builder): void {
  let value = "";
  let from = 0;
  for (let at = text.indexOf("\\"); at !== -1 && at + 1 < text.length; at = text.indexOf("\\", from)) {
    const next = text[at + 1]!;
    if ('$`"\\\n'.includes(next)) {
      value += text.slice(from, at) + (next === "\n" ? "" : next);
      from = at + 2;
    } else {
      value += text.slice(from, at + 1);
      from = at + 1;
    }
  }
  literal(out, value + text.slice(from));
}

const simpleEscapes: Readonly<Record<string, string>> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

/** Bash's `$'…'` escapes: `\n`, `\xHH`, `\NNN` (octal), `\uHHHH`, `\UHHHHHHHH`, `\cX`. */
export function ansiC(body: string): string {
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== "\\" || i + 1 >= body.length) {
      out += c;
      continue;
    }
    const next = body[++i]!;
    const simple = simpleEscapes[next];
    if (simple !== undefined) {
      out += simple;
      continue;
    }
    const digits = (pattern: RegExp, max: number): string => {
      let run = "";
      while (run.length < max && i + 1 < body.length && pattern.test(body[i + 1]!)) run += body[++i];
      return run;
    };
    if (next >= "0" && next <= "7") {
      i--;
      out += String.fromCharCode(Number.parseInt(digits(/[0-7]/, 3), 8) & 0xff);
    } else if (next === "x" || next === "u" || next === "U") {
      const run = digits(/[0-9a-fA-F]/, next === "x" ? 2 : next === "u" ? 4 : 8);
      const code = run === "" ? Number.NaN : Number.parseInt(run, 16);
      out += Number.isNaN(code) || code > 0x10ffff ? `\\${next}${run}` : String.fromCodePoint(code);
    } else if (next === "c" && i + 1 < body.length) {
      out += String.fromCharCode(body[++i]!.toUpperCase().charCodeAt(0) ^ 0x40);
    } else {
      out += `\\${next}`;
    }
  }
  return out;
}

/** `{a,b}` or `{1..3}` spelled across unquoted parts of one word (tree-sitter keeps `{` and `}` as parts). */
function hasBraceExpansion(node: SyntaxNode): boolean {
  let open = false;
  let separated = false;
  const parts = node.type === "concatenation" ? node.children : [node];
  for (const child of parts) {
    if (child.type !== "word") continue;
    const text = child.text;
    if (text.includes("{")) open = true;
    if (open && (text.includes(",") || text.includes(".."))) separated = true;
    if (open && separated && text.includes("}")) return true;
  }
  return false;
}
