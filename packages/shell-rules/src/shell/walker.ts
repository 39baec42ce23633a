// Walker: follows a parsed command line's statements in the order bash runs them, tracking directory and stdin.
import { MAX_DEPTH, MAX_PARSED_CHARS, type Scope, type ShellAnalysis, unknown } from "./analysis.js";
import { parseScript, type SyntaxNode } from "./grammar.js";
import { redirectedInput } from "./stdin.js";
import { Unwrapper } from "./unwrapper.js";
import { literalWord, resolveWord, type ShellWord } from "./words.js";

/** Parses `code` and walks it; text that does not parse, or nests too deep, is an unknown. */
export function analyseCode(code: string, scope: Scope, analysis: ShellAnalysis): void {
  if (scope.depth > MAX_DEPTH) {
    unknown(analysis, scope, "TOO_DEEP", code, `it nests code more than ${MAX_DEPTH} levels deep`);
    return;
  }
  const parsed = parseScript(code);
  if ("kind" in parsed) {
    if (parsed.kind === "too-large") {
      unknown(
        analysis,
        scope,
        "TOO_LARGE",
        code,
        `it is longer than the ${MAX_PARSED_CHARS} characters analysed`,
      );
    } else {
      unknown(analysis, scope, "SYNTAX", code.slice(parsed.at), "it is not valid bash here");
    }
    return;
  }
  new Walker(analysis).statements(parsed.root, { ...scope, depth: scope.depth + 1 });
}

const reservedWords = new Set([
  "{",
  "}",
  "if",
  "then",
  "elif",
  "else",
  "fi",
  "for",
  "while",
  "until",
  "do",
  "done",
  "case",
  "esac",
  "in",
  "select",
  "function",
  "[[",
  "]]",
  "!",
]);
const redirectTypes = new Set(["file_redirect", "heredoc_redirect", "herestring_redirect"]);
const substitutionTypes = new Set(["command_substitution", "process_substitution"]);
// Compound commands whose body may run zero or several times: a `cd` inside leaves the directory unknown after.
const conditionalTypes = new Set([
  "if_statement",
  "while_statement",
  "for_statement",
  "c_style_for_statement",
  "case_statement",
  "function_definition",
]);

class Walker {
  constructor(private readonly analysis: ShellAnalysis) {}

  /** Walks a node whose children run in order in the same shell; returns the directory after it. */
  statements(node: SyntaxNode, scope: Scope): string | null {
    if (scope.depth > MAX_DEPTH) {
      unknown(
        this.analysis,
        scope,
        "TOO_DEEP",
        node.text,
        `it nests commands more than ${MAX_DEPTH} levels deep`,
      );
      return null;
    }
    const inner: Scope = { ...scope, depth: scope.depth + 1, stdin: undefined };
    switch (node.type) {
      case "command":
        return this.command(node, scope);
      case "redirected_statement":
        return this.redirected(node, { ...inner, stdin: scope.stdin });
      case "negated_command":
        return this.children(node, { ...inner, stdin: scope.stdin });
      case "declaration_command":
      case "unset_command":
        this.declaration(node, scope);
        return this.children(node, inner);
      case "pipeline":
        this.pipeline(node, { ...inner, stdin: scope.stdin });
        return scope.cwd;
      case "subshell":
      case "command_substitution":
      case "process_substitution":
        this.children(node, inner);
        return scope.cwd;
      case "list":
        return this.list(node, { ...inner, stdin: scope.stdin });
      default: {
        if (conditionalTypes.has(node.type)) {
          const after = this.children(node, inner);
          return after === scope.cwd ? after : null;
        }
        return this.children(node, inner);
      }
    }
  }

  private children(node: SyntaxNode, scope: Scope): string | null {
    let cwd = scope.cwd;
    for (const child of node.namedChildren) cwd = this.statements(child, { ...scope, cwd });
    return cwd;
  }

  // `a && b || c` nests to the left; walked without recursion so a long chain cannot exhaust the stack.
  private list(node: SyntaxNode, scope: Scope): string | null {
    const operands: SyntaxNode[] = [];
    const pending: SyntaxNode[] = [node];
    while (pending.length > 0) {
      const current = pending.pop()!;
      if (current.type !== "list") {
        operands.push(current);
        continue;
      }
      const named = current.namedChildren;
      for (let i = named.length - 1; i >= 0; i--) pending.push(named[i]!);
    }
    // tree-sitter hangs a here-doc after `a && b <<EOF` on the whole list; it is the last command's input.
    let cwd = scope.cwd;
    operands.forEach((operand, i) => {
      const stdin = i === operands.length - 1 ? scope.stdin : undefined;
      cwd = this.statements(operand, { ...scope, cwd, stdin });
    });
    return cwd;
  }

  /** Every command after the first reads a pipe; a here-doc tree-sitter hangs on the pipeline feeds the last. */
  private pipeline(node: SyntaxNode, scope: Scope, piped = false): void {
    const parts = node.namedChildren;
    parts.forEach((child, i) => {
      const last = i === parts.length - 1;
      const stdin: Scope["stdin"] =
        last && scope.stdin && scope.stdin.kind !== "pipe"
          ? scope.stdin
          : i > 0 || piped
            ? { kind: "pipe" }
            : undefined;
      this.statements(child, { ...scope, stdin });
    });
  }

  private redirected(node: SyntaxNode, scope: Scope): string | null {
    const body = node.childForField("body");
    let stdin: Scope["stdin"];
    for (const child of node.namedChildren) {
      if (child === body) continue;
      stdin = redirectedInput(child) ?? stdin;
      // Redirect targets and here-doc bodies hold substitutions too. tree-sitter puts the rest of a pipeline that
      // starts with a here-doc inside it (`cat <<EOF | sh`): every command there reads from a pipe.
      for (const part of child.namedChildren) {
        if (child.type === "heredoc_redirect" && part.type === "pipeline") this.pipeline(part, scope, true);
        else if (
          child.type === "heredoc_redirect" &&
          (part.type === "command" || part.type === "redirected_statement")
        ) {
          this.statements(part, { ...scope, stdin: { kind: "pipe" } });
        } else this.statements(part, scope);
      }
    }
    if (!body) return scope.cwd;
    return this.statements(body, { ...scope, stdin: stdin ?? scope.stdin });
  }

  /** `export`, `declare`, `local`, `readonly`, `typeset`, `unset` run as programs of their own name. */
  private declaration(node: SyntaxNode, scope: Scope): void {
    const keyword = node.children[0];
    if (!keyword) return;
    const args = node.namedChildren.filter((child) => child.type !== "comment").map(resolveWord);
    new Unwrapper(this.analysis, analyseCode).run(literalWord(keyword.text), args, {
      ...scope,
      stdin: undefined,
    });
  }

  private command(node: SyntaxNode, scope: Scope): string | null {
    const inner: Scope = { ...scope, depth: scope.depth + 1, stdin: undefined };
    let name: SyntaxNode | null = null;
    const args: ShellWord[] = [];
    let stdin = scope.stdin;
    for (const child of node.namedChildren) {
      if (child.type === "command_name") {
        name = child;
      } else if (child.type === "variable_assignment" || child.type === "comment") {
        // Leading `VAR=value`: not part of what runs; substitutions in the value are walked below.
      } else if (redirectTypes.has(child.type)) {
        stdin = redirectedInput(child) ?? stdin;
      } else if (name) {
        args.push(resolveWord(child));
      }
    }
    this.substitutions(node, inner);
    if (!name) return scope.cwd;
    const word = name.namedChildren[0];
    if (!word) return scope.cwd;
    if (word.type === "word" && reservedWords.has(word.text)) {
      // A reserved word where bash does not read one (`2>/dev/null if …`, `2>/dev/null { a; }`): the grammar took
      // it as a command, bash rejects the line.
      unknown(this.analysis, scope, "SYNTAX", node.text, `\`${word.text}\` here is not valid bash`);
      return scope.cwd;
    }
    return new Unwrapper(this.analysis, analyseCode).run(resolveWord(word), args, { ...scope, stdin });
  }

  /** Command and process substitutions anywhere in a command's words, values and redirects. */
  private substitutions(node: SyntaxNode, scope: Scope): void {
    const pending: SyntaxNode[] = [];
    pending.push(...node.namedChildren);
    while (pending.length > 0) {
      const current = pending.pop()!;
      if (substitutionTypes.has(current.type)) {
        this.statements(current, scope);
        continue;
      }
      for (const child of current.namedChildren) pending.push(child);
    }
  }
}
