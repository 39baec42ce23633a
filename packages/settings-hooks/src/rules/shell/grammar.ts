// The bash grammar (tree-sitter-bash on web-tree-sitter): loaded once, asynchronously; parses synchronously after.
import { createRequire } from "node:module";
import { Language, type Node, Parser } from "web-tree-sitter";
import { SettingsError } from "../../errors.js";

export type { Node as SyntaxNode } from "web-tree-sitter";

/**
 * Commands longer than this are not parsed: they count as "cannot be analysed" and fail closed. Parsing is linear
 * (≈0.5–5 µs a character, depending on how many operators the text holds), so this bounds one evaluation at a few
 * seconds even for the costliest shapes.
 */
export const MAX_PARSED_CHARS = 1_048_576;

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

/** Why a text has no tree: too long, or not valid bash (`at` is the offset of the first error). */
export type ParseFailure = { kind: "too-large" } | { kind: "syntax"; at: number };

export interface ParsedScript {
  /** The text the tree was parsed from: the input with line continuations inside words taken out. */
  text: string;
  root: Node;
  /** Frees the tree's WASM memory; nodes must not be used afterwards. */
  dispose(): void;
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
  // Each round removes every continuation the previous tree showed; a removal cannot create a new one, but a
  // word joined across lines can change the tree around it, so the text is parsed again until it is stable.
  for (let round = 0; round < 4; round++) {
    const tree = parser.parse(text);
    if (!tree) return { kind: "syntax", at: 0 };
    const root = tree.rootNode;
    if (root.hasError) {
      const at = firstError(root);
      tree.delete();
      return { kind: "syntax", at };
    }
    const cuts = continuationsInWords(text, root);
    if (cuts.length === 0) return { text, root, dispose: () => tree.delete() };
    tree.delete();
    text = removeAt(text, cuts);
  }
  return { kind: "syntax", at: 0 };
}

// Node types whose text keeps a backslash-newline as written (quotes, comments, here-doc bodies) or handles it
// itself (double-quoted strings, resolved in words.ts).
const keepsContinuations = new Set([
  "comment",
  "raw_string",
  "string",
  "string_content",
  "ansi_c_string",
  "translated_string",
  "heredoc_body",
  "heredoc_content",
  "heredoc_end",
]);

/**
 * tree-sitter-bash ends a word at `\` + newline, where bash joins the two lines (`r\⏎m` is `rm`). Offsets of such
 * continuations outside quotes, comments and here-doc bodies.
 */
function continuationsInWords(text: string, root: Node): number[] {
  const cuts: number[] = [];
  let at = text.indexOf("\\\n");
  while (at !== -1) {
    let backslashes = 1;
    while (at - backslashes >= 0 && text[at - backslashes] === "\\") backslashes++;
    if (backslashes % 2 === 1 && !insideKeptText(root, at)) cuts.push(at);
    at = text.indexOf("\\\n", at + 2);
  }
  return cuts;
}

function insideKeptText(root: Node, at: number): boolean {
  for (let node: Node | null = root.descendantForIndex(at, at + 1); node; node = node.parent) {
    if (keepsContinuations.has(node.type)) return true;
  }
  return false;
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

function firstError(root: Node): number {
  const cursor = root.walk();
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
