// The bash grammar (tree-sitter-bash on web-tree-sitter): loaded once, asynchronously; parses synchronously after.
import { createRequire } from "node:module";
import { Language, Parser, type Tree } from "web-tree-sitter";
import { SettingsError } from "../../errors.js";

/**
 * Commands longer than this are not parsed: they count as "cannot be analysed" and fail closed.
 * Parsing is linear in the length; a 1 MiB here-doc or quoted string parses in about 0.1 s.
 */
export const MAX_PARSED_CHARS = 1_048_576;
/**
 * Work limits, so that no command blocks the event loop for long: parsing stops after this many progress
 * reports of the parser (one every ~25 syntax nodes), and a tree with more nodes than `MAX_SYNTAX_NODES` is not
 * walked. Both are counts, not clocks, so a command is judged the same on a fast and on a loaded machine.
 */
const MAX_PARSE_STEPS = 4_000;
export const MAX_SYNTAX_NODES = 100_000;

let parser: Parser | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the grammar; call (and await) once before analysing commands. Idempotent and cheap after the first call,
 * so hot paths may await it every time. Rejects with `SettingsError` `SHELL_PARSER_UNAVAILABLE` when the WASM files
 * cannot be loaded (a later call tries again).
 */
export function loadShellParser(): Promise<void> {
  loading ??= load().catch((cause: unknown) => {
    loading = undefined;
    throw new SettingsError(
      "SHELL_PARSER_UNAVAILABLE",
      `The bash grammar could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}. ` +
        `Check that "web-tree-sitter" and "tree-sitter-bash" are installed next to @hookwire/settings-hooks.`,
      { cause },
    );
  });
  return loading;
}

async function load(): Promise<void> {
  const require = createRequire(import.meta.url);
  await Parser.init({ locateFile: () => require.resolve("web-tree-sitter/web-tree-sitter.wasm") });
  const bash = await Language.load(require.resolve("tree-sitter-bash/tree-sitter-bash.wasm"));
  const created = new Parser();
  created.setLanguage(bash);
  parser = created;
}

export function isShellParserLoaded(): boolean {
  return parser !== undefined;
}

/** One node of the syntax tree, copied out of the parser's WASM memory into plain JavaScript. */
export class SyntaxNode {
  readonly children: SyntaxNode[] = [];
  readonly namedChildren: SyntaxNode[] = [];

  constructor(
    readonly type: string,
    readonly isNamed: boolean,
    /** Offsets in UTF-16 code units of the parsed text. */
    readonly startIndex: number,
    readonly endIndex: number,
    /** The grammar's field name for this child of its parent (`name`, `argument`, `body`, `redirect`…). */
    readonly field: string | null,
    private readonly source: string,
  ) {}

  get text(): string {
    return this.source.slice(this.startIndex, this.endIndex);
  }

  childForField(field: string): SyntaxNode | undefined {
    return this.children.find((child) => child.field === field);
  }
}

/** Why a text has no tree: too long or too complex to analyse, or not valid bash (`at`: the first error). */
export type ParseFailure = { kind: "too-large" } | { kind: "syntax"; at: number };

export interface ParsedScript {
  /** The text the tree was parsed from: the input with line continuations inside words taken out. */
  text: string;
  root: SyntaxNode;
}

/** Parses bash synchronously; throws `SHELL_PARSER_NOT_LOADED` before `loadShellParser()` has resolved. */
export function parseScript(input: string): ParsedScript | ParseFailure {
  if (!parser) {
    throw new SettingsError(
      "SHELL_PARSER_NOT_LOADED",
      "Bash commands cannot be analysed before the grammar is loaded: `await loadShellParser()` once first " +
        "(HookToolWrapper and createSettingsHooks do this themselves).",
    );
  }
  if (input.length > MAX_PARSED_CHARS) return { kind: "too-large" };
  let text = input;
  // Each round removes every continuation the previous tree showed; joining a word across lines can change the
  // tree around it, so the text is parsed again until no continuation is left inside a word.
  for (let round = 0; round < 4; round++) {
    const result = parseOnce(parser, text);
    if ("kind" in result) return result;
    const cuts = continuationsInWords(text, result.kept);
    if (cuts.length === 0) return { text, root: result.root };
    text = removeAt(text, cuts);
  }
  return { kind: "syntax", at: 0 };
}

function parseOnce(
  active: Parser,
  text: string,
): { root: SyntaxNode; kept: Array<[number, number]> } | ParseFailure {
  let steps = 0;
  const tree = active.parse(text, null, { progressCallback: () => ++steps > MAX_PARSE_STEPS });
  if (!tree) {
    active.reset();
    return { kind: "too-large" };
  }
  try {
    if (tree.rootNode.hasError) return { kind: "syntax", at: firstError(tree) };
    if (tree.rootNode.descendantCount > MAX_SYNTAX_NODES) return { kind: "too-large" };
    return copyTree(tree, text);
  } finally {
    tree.delete();
  }
}

// Node types whose text keeps a backslash-newline as written (quotes, comments, here-doc bodies) or resolves it
// itself (double-quoted strings, in words.ts).
const keepsContinuations = new Set([
  "comment",
  "raw_string",
  "string",
  "ansi_c_string",
  "translated_string",
  "heredoc_body",
  "heredoc_end",
]);

/** Walks the tree once with a cursor (one WASM call per step) and records the outermost kept-text ranges. */
function copyTree(tree: Tree, text: string): { root: SyntaxNode; kept: Array<[number, number]> } {
  const cursor = tree.walk();
  const kept: Array<[number, number]> = [];
  let keptUntil = -1;
  const make = (): SyntaxNode => {
    const node = new SyntaxNode(
      cursor.nodeType,
      cursor.nodeIsNamed,
      cursor.startIndex,
      cursor.endIndex,
      cursor.currentFieldName,
      text,
    );
    if (node.startIndex >= keptUntil && keepsContinuations.has(node.type)) {
      kept.push([node.startIndex, node.endIndex]);
      keptUntil = node.endIndex;
    }
    return node;
  };
  try {
    const root = make();
    const stack: SyntaxNode[] = [root];
    if (!cursor.gotoFirstChild()) return { root, kept };
    for (;;) {
      const node = make();
      const parent = stack[stack.length - 1]!;
      parent.children.push(node);
      if (node.isNamed) parent.namedChildren.push(node);
      if (cursor.gotoFirstChild()) {
        stack.push(node);
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return { root, kept };
        stack.pop();
      }
    }
  } finally {
    cursor.delete();
  }
}

/**
 * tree-sitter-bash ends a word at `\` + newline, where bash joins the two lines (`r\⏎m` is `rm`). Offsets of such
 * continuations outside quotes, comments and here-doc bodies.
 */
function continuationsInWords(text: string, kept: ReadonlyArray<[number, number]>): number[] {
  const cuts: number[] = [];
  let range = 0;
  let at = text.indexOf("\\\n");
  while (at !== -1) {
    let backslashes = 1;
    while (at - backslashes >= 0 && text[at - backslashes] === "\\") backslashes++;
    while (range < kept.length && kept[range]![1] <= at) range++;
    const inside = range < kept.length && kept[range]![0] <= at;
    if (backslashes % 2 === 1 && !inside) cuts.push(at);
    at = text.indexOf("\\\n", at + 2);
  }
  return cuts;
}

function removeAt(text: string, cuts: readonly number[]): string {
  let out = "";
  let from = 0;
  for (const cut of cuts) {
    out += text.slice(from, cut);
    from = cut + 2;
  }
  return out + text.slice(from);
}

function firstError(tree: Tree): number {
  const cursor = tree.walk();
  try {
    for (;;) {
      const node = cursor.currentNode;
      if (node.isError || node.isMissing) return node.startIndex;
      if (node.hasError && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return 0;
      }
    }
  } finally {
    cursor.delete();
  }
}
