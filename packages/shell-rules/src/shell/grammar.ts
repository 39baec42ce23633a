// The bash grammar (tree-sitter-bash on web-tree-sitter): loaded once, asynchronously (parser.ts); parses synchronously after.
import { createRequire } from "node:module";
import { vendoredFile } from "@hookwire/core/internal";
import type { Parser, Tree } from "web-tree-sitter";
import { parserNotLoaded } from "../errors.js";
import { MAX_PARSE_STEPS, MAX_PARSED_CHARS, MAX_SYNTAX_NODES } from "./analysis.js";
import { kindsWith } from "./syntax.js";

let parser: Parser | undefined;

/** Loads the grammar's WASM files (`loadShellParser` calls it, once). */
export async function initGrammar(): Promise<void> {
  const require = createRequire(import.meta.url);
  const { Language, Parser } = await import("web-tree-sitter");
  await Parser.init({ locateFile: () => require.resolve("web-tree-sitter/web-tree-sitter.wasm") });
  // The package ships tree-sitter-bash's WASM grammar alone: its package installs a 20 MB native build never used.
  const bash = await Language.load(
    vendoredFile(import.meta.url, "tree-sitter-bash.wasm", "tree-sitter-bash/tree-sitter-bash.wasm"),
  );
  const created = new Parser();
  created.setLanguage(bash);
  parser = created;
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

  /** Source text between two offsets (which may lie outside this node). */
  slice(from: number, to: number): string {
    return this.source.slice(from, to);
  }

  childForField(field: string): SyntaxNode | undefined {
    return this.children.find((child) => child.field === field);
  }

  /** The same text as a node of another type (used to repair what the grammar reads differently from bash). */
  retyped(type: string): SyntaxNode {
    return new SyntaxNode(type, this.isNamed, this.startIndex, this.endIndex, null, this.source);
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
  if (!parser) throw parserNotLoaded();
  if (input.length > MAX_PARSED_CHARS) return { kind: "too-large" };
  let text = input;
  // Each round repairs what the previous tree showed the grammar got wrong, and the text is parsed again until
  // nothing is left to repair: continuations inside words are removed, newlines inside one command become `;`.
  for (let round = 0; round < 8; round++) {
    const result = parseOnce(parser, text);
    if ("kind" in result) return result;
    const cuts = continuationsInWords(text, result.kept);
    if (cuts.length > 0) {
      text = removeAt(text, cuts);
      continue;
    }
    const newlines = newlinesInsideCommands(text, result.root);
    if (newlines.length === 0) {
      attachDescriptors(result.root);
      attachStrayWords(result.root);
      return { text, root: result.root };
    }
    text = replaceAt(text, newlines, ";");
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

// Node types whose text keeps a backslash-newline as written: single quotes, comments, and the bodies of quoted
// here-docs (checked where they are met). Bash removes it everywhere else, double quotes included.
const keepsContinuations = new Set(["comment", "raw_string", "ansi_c_string", "heredoc_end"]);

/** Walks the tree once with a cursor (one WASM call per step) and records the outermost kept-text ranges. */
function copyTree(tree: Tree, text: string): { root: SyntaxNode; kept: Array<[number, number]> } {
  const cursor = tree.walk();
  const kept: Array<[number, number]> = [];
  let keptUntil = -1;
  let quotedHereDoc = false;
  const make = (): SyntaxNode => {
    const node = new SyntaxNode(
      cursor.nodeType,
      cursor.nodeIsNamed,
      cursor.startIndex,
      cursor.endIndex,
      cursor.currentFieldName,
      text,
    );
    if (node.type === "heredoc_start") quotedHereDoc = /['"\\]/.test(node.text);
    const keeps = keepsContinuations.has(node.type) || (quotedHereDoc && node.type === "heredoc_body");
    if (node.startIndex >= keptUntil && keeps) {
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

/**
 * tree-sitter-bash sometimes reads the line after a pipeline as more arguments of its last command
 * (`a | b⏎rm x` as `b rm x`), where bash ends the command at the newline. Offsets of newlines between the words of
 * one simple command; bash would have ended the command there, so a `;` in their place means the same.
 */
function newlinesInsideCommands(text: string, root: SyntaxNode): number[] {
  const found: number[] = [];
  const pending: SyntaxNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.type === "heredoc_redirect") continue;
    if (node.type === "word") {
      // A bare word cannot hold a newline bash reads as one (continuations are gone by now).
      for (let at = node.text.indexOf("\n"); at !== -1; at = node.text.indexOf("\n", at + 1)) {
        let backslashes = 0;
        while (at - backslashes - 1 >= 0 && node.text[at - backslashes - 1] === "\\") backslashes++;
        if (backslashes % 2 === 0) found.push(node.startIndex + at);
      }
    }
    if (node.type === "command") {
      const parts = node.children;
      for (let i = 1; i < parts.length; i++) {
        const before = parts[i - 1]!;
        const after = parts[i]!;
        if (before.type.startsWith("heredoc") || after.type === "comment" || before.type === "comment") break;
        const gap = text.slice(before.endIndex, after.startIndex);
        const newline = gap.indexOf("\n");
        if (newline !== -1) found.push(before.endIndex + newline);
      }
    }
    for (const child of node.namedChildren) pending.push(child);
  }
  return found.sort((a, b) => a - b);
}

const redirects = kindsWith("redirect");
/** `{fd}`, `{a[i]}`: a word that names the variable a redirect assigns its descriptor to (bash 4.1). */
const DESCRIPTOR_VARIABLE = /^\{[A-Za-z_][A-Za-z0-9_]*(?:\[[\s\S]*\])?\}$/;

/**
 * `sh 0< file`: tree-sitter-bash reads the `0` as an argument and the redirect as having no descriptor. A number
 * that ends where a redirect starts is its descriptor, as bash reads it; this moves it there. So is a word
 * `{name}` or `{name[subscript]}` (`echo hi {a[…]}>/dev/null`), which bash reads as the variable to assign the
 * descriptor to, never as an argument.
 */
function attachDescriptors(root: SyntaxNode): void {
  const pending: SyntaxNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    node.children.forEach((child, i) => {
      if (!redirects.has(child.type) || child.children.some((part) => part.type === "file_descriptor"))
        return;
      let previous = node.children[i - 1];
      // `a && b {fd}>x`: the grammar hangs the redirect on the list; bash on its last command.
      while (previous && (previous.type === "list" || previous.type === "pipeline"))
        previous = previous.namedChildren.at(-1);
      const holder = previous?.type === "command" ? previous : node;
      const number = previous?.type === "command" ? previous.children.at(-1) : previous;
      const descriptor = number?.type === "number" || (number && DESCRIPTOR_VARIABLE.test(number.text));
      if (!descriptor || number.endIndex !== child.startIndex) return;
      holder.children.splice(holder.children.indexOf(number), 1);
      holder.namedChildren.splice(holder.namedChildren.indexOf(number), 1);
      const moved = number.retyped("file_descriptor");
      child.children.unshift(moved);
      child.namedChildren.unshift(moved);
    });
    for (const child of node.namedChildren) pending.push(child);
  }
}

/**
 * `a | x=1 2>/dev/null rm y` and `echo > out b`: after a statement, tree-sitter-bash reads the words that follow a
 * redirect's target as more targets. In bash they are words of the last simple command: its arguments, or its
 * program and arguments when it had only assignments. This moves them there.
 */
function attachStrayWords(root: SyntaxNode): void {
  const pending: SyntaxNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.type === "redirected_statement") {
      for (const redirect of node.namedChildren) {
        if (redirect.type !== "file_redirect") continue;
        const targets = redirect.namedChildren.filter((child) => child.type !== "file_descriptor");
        const stray = targets.slice(1);
        if (stray.length === 0) continue;
        redirect.children.splice(redirect.children.indexOf(stray[0]!));
        redirect.namedChildren.splice(redirect.namedChildren.indexOf(stray[0]!));
        giveToLastCommand(node, stray);
      }
    }
    for (const child of node.namedChildren) pending.push(child);
  }
}

function giveToLastCommand(statement: SyntaxNode, words: SyntaxNode[]): void {
  let parent = statement;
  let last = statement.childForField("body") ?? statement.namedChildren[0];
  while (last && (last.type === "pipeline" || last.type === "list")) {
    parent = last;
    last = last.namedChildren.at(-1);
  }
  if (!last) return;
  if (last.type === "command") {
    last.children.push(...words);
    last.namedChildren.push(...words);
    return;
  }
  if (last.type !== "variable_assignment" && last.type !== "variable_assignments") return;
  const [name, ...args] = words;
  const command = last.retyped("command");
  const commandName = name!.retyped("command_name");
  commandName.children.push(name!);
  commandName.namedChildren.push(name!);
  command.children.push(last, commandName, ...args);
  command.namedChildren.push(last, commandName, ...args);
  parent.children.splice(parent.children.indexOf(last), 1, command);
  parent.namedChildren.splice(parent.namedChildren.indexOf(last), 1, command);
}

function replaceAt(text: string, offsets: readonly number[], by: string): string {
  let out = "";
  let from = 0;
  for (const offset of offsets) {
    out += text.slice(from, offset) + by;
    from = offset + 1;
  }
  return out + text.slice(from);
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
