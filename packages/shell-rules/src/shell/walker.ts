// Walker: follows a parsed command line's statements in the order bash runs them, tracking directory, stdin and variables.
import { MAX_DEPTH, MAX_PARSED_CHARS, type ShellAnalysis, unknown } from "./analysis.js";
import { Evaluator } from "./evaluate.js";
import { parseScript, type SyntaxNode } from "./grammar.js";
import { variableUse } from "./programs.js";
import { Definite, type Scope, type Stdin } from "./scope.js";
import { redirectedInput } from "./stdin.js";
import { kindsWith, nodeKind, RESERVED_WORDS, TRANSFORMATIONS } from "./syntax.js";
import { Unwrapper } from "./unwrapper.js";
import { attributes, Variables } from "./values.js";
import { joinWords, literalWord, resolveWord, type ShellWord, wordValues } from "./words.js";

/**
 * Parses `code` and walks it: in the shell of `scope` (`eval`, `trap`) or in a new one (`bash -c`), which starts
 * with no variable of the line known. Text that does not parse, or nests too deep, is an unknown.
 */
export function analyseCode(
  code: string,
  scope: Scope,
  analysis: ShellAnalysis,
  shell: "same" | "new",
): void {
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
  const variables = shell === "new" ? new Variables() : scope.variables;
  variables.collect(parsed.root);
  const inner: Scope = {
    ...scope,
    depth: scope.depth + 1,
    variables,
    definite: shell === "new" ? new Definite() : scope.definite,
  };
  new Walker(analysis).statements(parsed.root, inner);
}

/** Walks what `text` expands to when bash expands it as it does a here-doc body: a subscript, a decoded prompt. */
function analyseExpansions(text: string, label: string, scope: Scope, analysis: ShellAnalysis): void {
  let end = "HOOKWIRE_END";
  while (text.includes(end)) end += "_";
  const parsed = parseScript(`: <<${end}\n${text}\n${end}\n`);
  const body = "kind" in parsed ? undefined : findType(parsed.root, "heredoc_body");
  if (!body) {
    unknown(analysis, scope, "DYNAMIC_CODE", text, `\`${label}\` expands \`${text}\`, which cannot be read`);
    return;
  }
  const inner = { ...scope, via: [...scope.via, label], depth: scope.depth + 1 };
  const walker = new Walker(analysis);
  walker.words(body, inner);
  walker.backticks(body, inner);
}

/**
 * The commands of backquotes the grammar leaves as text (in an unquoted here-doc body, in `${x:-…}`'s word),
 * with `\``, `\\` and `\$` unescaped as bash reads them inside backquotes.
 */
function backquoted(text: string): string[] {
  const bodies: string[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\\") {
      i++;
      continue;
    }
    if (text[i] !== "`") continue;
    let body = "";
    let j = i + 1;
    for (; j < text.length && text[j] !== "`"; j++) {
      if (text[j] === "\\" && j + 1 < text.length && "`\\$".includes(text[j + 1]!)) body += text[++j];
      else body += text[j];
    }
    if (j < text.length) bodies.push(body);
    i = j;
  }
  return bodies;
}

function findType(node: SyntaxNode, type: string): SyntaxNode | undefined {
  if (node.type === type) return node;
  for (const child of node.namedChildren) {
    const found = findType(child, type);
    if (found) return found;
  }
  return undefined;
}

const redirectTypes = kindsWith("redirect");
const conditionalTypes = kindsWith("conditional");
const sequenceTypes = kindsWith("sequence");
const branchTypes = kindsWith("branch");
const wordTypes = kindsWith("word");
/** How the expansions bash evaluates are named in reasons. */
const LABELS = {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
  prompt: "${…@P}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
  indirect: "${!…}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
  substring: "${…:…}",
};
/** `[[ … ]]` operators whose operands bash evaluates as arithmetic. */
/** A declaration's quoted word that bash reads as a compound array assignment (`x=(…)`, `x+=(…)`). */
const COMPOUND = /^[A-Za-z_][A-Za-z0-9_]*\+?=\(.*\)$/s;
const arithmeticTests = new Set(["-eq", "-ne", "-lt", "-le", "-gt", "-ge"]);

class Walker {
  private readonly evaluator: Evaluator;
  /** What `exec <file` (with no command) made the shell's standard input for the commands after it. */
  private shellStdin: Stdin | undefined;

  constructor(private readonly analysis: ShellAnalysis) {
    this.evaluator = new Evaluator({
      analysis,
      code: (text, label, scope, shell) =>
        analyseCode(text, { ...scope, via: [...scope.via, label], depth: scope.depth + 1 }, analysis, shell),
      expansions: (text, label, scope) => analyseExpansions(text, label, scope, analysis),
    });
  }

  private unwrapper(): Unwrapper {
    return new Unwrapper(this.analysis, this.evaluator);
  }

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
    const inner: Scope = { ...scope, depth: scope.depth + 1 };
    if (wordTypes.has(node.type)) {
      this.words(node, inner);
      return scope.cwd;
    }
    switch (node.type) {
      case "command":
        return this.command(node, scope);
      case "redirected_statement":
        return this.redirected(node, inner);
      case "negated_command":
        return this.children(node, inner);
      case "declaration_command":
      case "unset_command":
        this.declaration(node, inner);
        return scope.cwd;
      case "variable_assignment":
      case "variable_assignments":
        this.assignments(node, inner);
        return scope.cwd;
      case "pipeline":
        this.pipeline(node, inner);
        return scope.cwd;
      case "subshell":
      case "command_substitution":
        this.children(node, inner);
        return scope.cwd;
      case "process_substitution":
        // `>(cmd)` reads what is written to it: a pipe; `<(cmd)` reads the shell's standard input.
        this.children(node, node.children[0]?.text === ">(" ? { ...inner, stdin: { kind: "pipe" } } : inner);
        return scope.cwd;
      case "list":
        return this.list(node, inner);
      case "compound_statement":
        if (node.children[0]?.text === "((") {
          this.arithmetic(node.text.slice(2, -2), "((…))", node, inner);
          return scope.cwd;
        }
        return this.children(node, inner);
      case "c_style_for_statement":
        return this.cFor(node, inner);
      case "test_command":
        this.test(node, inner);
        return scope.cwd;
      case "for_statement": {
        const variable = node.childForField("variable")?.text;
        const body = node.childForField("body");
        for (const child of node.namedChildren) if (child !== body) this.statements(child, inner);
        // `for r in 'a[$(…)]'` with `r` a nameref: each word is the name it refers to.
        if (variable && inner.variables.isNameref(variable)) {
          for (const value of node.children.filter((child) => child.field === "value"))
            this.evaluator.nameWord(resolveWord(value), `nameref ${variable}`, inner);
        }
        const definite = new Definite(inner.definite);
        if (variable) definite.add(variable);
        // The body may run zero or several times: a `cd` in it leaves the directory unknown after.
        const after = body ? this.statements(body, { ...inner, definite }) : scope.cwd;
        return after === scope.cwd ? after : null;
      }
      case "function_definition":
        // A function runs where it is called: with any standard input, and none of the line's variables surely set.
        this.children(node, {
          ...inner,
          stdin: { kind: "runtime", text: node.text },
          definite: new Definite(),
        });
        return scope.cwd;
      default: {
        if (!nodeKind(node.type)) {
          this.unmodelled(node, scope);
          return null;
        }
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
    const sequence = sequenceTypes.has(node.type);
    // A list adds what its statements surely assign to a layer of its own. An `if`'s condition always runs, its
    // `then` statements run in order after it, and `elif` and `else` start from what the condition assigned.
    const condition = node.type === "if_statement" ? node.childForField("condition") : undefined;
    const first = sequence ? new Definite(scope.definite) : scope.definite;
    let layer = first;
    for (const child of node.namedChildren) {
      const branch = branchTypes.has(child.type);
      cwd = this.statements(child, { ...scope, cwd, definite: branch ? first : layer });
      if (sequence && !branch) addAssigned(child, layer);
      if (child === condition) layer = new Definite(first);
    }
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
    // Every operand reads the list's standard input (a here-doc tree-sitter hangs on a list is its last command's).
    let cwd = scope.cwd;
    for (const operand of operands) cwd = this.statements(operand, { ...scope, cwd });
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
            : scope.stdin;
      this.statements(child, { ...scope, stdin });
    });
  }

  private redirected(node: SyntaxNode, scope: Scope): string | null {
    const body = node.childForField("body");
    let stdin: Scope["stdin"];
    let redirected = false;
    for (const child of node.namedChildren) {
      if (child === body) continue;
      const input = redirectedInput(child);
      if (input !== "inherit") {
        redirected ||= input !== undefined;
        stdin = input ?? stdin;
      }
      // Redirect targets and here-doc bodies hold substitutions too. tree-sitter puts the rest of a pipeline that
      // starts with a here-doc inside it (`cat <<EOF | sh`): every command there reads from a pipe.
      if (child.type === "heredoc_redirect" && input !== "inherit" && input?.kind === "runtime") {
        const body = child.namedChildren.find((part) => part.type === "heredoc_body");
        if (body) this.backticks(body, scope);
      }
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
    // `exec <<<'…'` with no command: every later command of this shell reads that input.
    if (redirected && body.type === "command" && isBareExec(body)) this.shellStdin = stdin;
    return this.statements(body, { ...scope, stdin: stdin ?? scope.stdin });
  }

  /** `export`, `declare`, `local`, `readonly`, `typeset`, `unset`: their names and values are evaluated, and they run as programs of their own name. */
  private declaration(node: SyntaxNode, scope: Scope): void {
    const keyword = node.children[0];
    if (!keyword) return;
    const parts = node.namedChildren.filter((child) => child.type !== "comment");
    const label = keyword.text;
    const flags = attributes(label, parts, (name) => scope.variables.valuesOf(name, scope.definite));
    for (const part of parts) {
      this.words(part, scope);
      if (part.type === "variable_assignment") {
        this.assignment(part, scope, flags);
        continue;
      }
      if (part.type === "word" && /^[-+]/.test(part.text)) continue;
      const word = resolveWord(part);
      if (label === "unset") {
        this.evaluator.nameWord(word, label, scope);
        continue;
      }
      // `declare 'a[$(…)]=1'`: quoted, the grammar sees a word; bash splits it at `=` as an assignment.
      const texts = wordValues(word, (name) => scope.variables.valuesOf(name, scope.definite));
      if (!texts) {
        this.evaluator.nameWord(word, label, scope);
        continue;
      }
      for (const text of texts) {
        if (/^[-+]/.test(text)) continue;
        // `declare -a 'x=($(…))'`: bash parses a quoted compound assignment again and expands what it holds.
        if (COMPOUND.test(text)) {
          this.evaluator.code(text, `${label} '…=(…)'`, scope, "same");
          continue;
        }
        const eq = text.indexOf("=");
        const name = eq === -1 ? text : text.slice(0, eq);
        this.evaluator.nameWord(literalWord(name), label, scope);
        if (eq !== -1) this.value(name, literalWord(text.slice(eq + 1)), scope, flags);
      }
    }
    const args = parts.map(resolveWord);
    this.unwrapper().run(literalWord(label), args, { ...scope, stdin: undefined }, true);
  }

  /** Assignments made as statements or before a command: their words, and what bash makes of special names. */
  private assignments(node: SyntaxNode, scope: Scope): void {
    const list = node.type === "variable_assignments" ? node.namedChildren : [node];
    for (const assignment of list) {
      this.words(assignment, scope);
      this.assignment(assignment, scope, "");
    }
  }

  private assignment(node: SyntaxNode, scope: Scope, flags: string): void {
    const target = node.childForField("name");
    const value = node.childForField("value");
    if (!target) return;
    const name =
      target.type === "subscript" ? (target.childForField("name")?.text ?? target.text) : target.text;
    // `x=$v`: the value is `v`'s here, where the walk has reached.
    if (value && scope.variables.deferred(name, node)) {
      const lookup = (other: string) => scope.variables.valuesOf(other, scope.definite);
      scope.variables.resolve(name, node, wordValues(resolveWord(value), lookup));
    }
    const words =
      value?.type === "array"
        ? value.namedChildren.map(resolveWord)
        : [value ? resolveWord(value) : literalWord("")];
    for (const word of words) this.value(name, word, scope, flags);
  }

  /** A value given to `name`: arithmetic for an integer variable, a name for a nameref, code for what bash runs. */
  private value(name: string, word: ShellWord, scope: Scope, flags: string): void {
    if (flags.includes("i") || scope.variables.integers.has(name)) {
      this.evaluator.arithmeticWord(word, `${name}=`, scope);
    }
    // A nameref's value is a name (bash evaluates its subscript wherever the reference is used), and so is what is
    // assigned through one that has no target yet (`declare -n r; r='a[$(…)]'`).
    if (flags.includes("n") || scope.variables.isNameref(name)) {
      this.evaluator.nameWord(word, `nameref ${name}`, scope);
    }
    const use = variableUse(name);
    if (use) this.unwrapper().variable(name, use, word, scope);
  }

  private command(node: SyntaxNode, scope: Scope): string | null {
    const inner: Scope = { ...scope, depth: scope.depth + 1 };
    let name: SyntaxNode | null = null;
    const args: ShellWord[] = [];
    let stdin = scope.stdin ?? this.shellStdin;
    let redirected = false;
    let previous: SyntaxNode | undefined;
    for (const child of node.namedChildren) {
      if (child.type === "command_name") {
        name = child;
      } else if (child.type === "variable_assignment") {
        this.assignment(child, inner, "");
      } else if (child.type === "comment") {
        // Nothing runs.
      } else if (redirectTypes.has(child.type)) {
        const input = redirectedInput(child);
        if (input !== "inherit" && input !== undefined) {
          stdin = input;
          redirected = true;
        }
      } else if (name) {
        // `--arg-file=<(…)`: the grammar ends the word before a process substitution; bash does not.
        const word = resolveWord(child);
        if (previous && previous.endIndex === child.startIndex && args.length > 0)
          args.push(joinWords(args.pop()!, word));
        else args.push(word);
      }
      previous = child;
    }
    for (const child of node.namedChildren) {
      if (child.type !== "comment") this.words(child, inner);
    }
    if (!name) return scope.cwd;
    const word = name.namedChildren[0];
    if (!word) return scope.cwd;
    if (word.type === "word" && RESERVED_WORDS.has(word.text)) {
      // A reserved word where bash does not read one (`2>/dev/null if …`, `2>/dev/null { a; }`): the grammar took
      // it as a command, bash rejects the line.
      unknown(this.analysis, scope, "SYNTAX", node.text, `\`${word.text}\` here is not valid bash`);
      return scope.cwd;
    }
    if (redirected && isBareExec(node)) this.shellStdin = stdin;
    return this.unwrapper().run(resolveWord(word), args, { ...scope, stdin });
  }

  /** Backquoted commands in `node`'s text that the grammar did not read as substitutions. */
  backticks(node: SyntaxNode, scope: Scope): void {
    const parsed = new Set<string>();
    const pending = [node];
    while (pending.length > 0) {
      const current = pending.pop()!;
      if (current.type === "command_substitution" && current.text.startsWith("`"))
        parsed.add(current.text.slice(1, -1));
      pending.push(...current.namedChildren);
    }
    // A command substitution is typed where it is written, as `$(…)` is: no `via`.
    for (const body of backquoted(node.text)) {
      if (!parsed.has(body)) analyseCode(body, { ...scope, depth: scope.depth + 1 }, this.analysis, "same");
    }
  }

  /**
   * Walks the expansions of words: command and process substitutions run (as statements), arithmetic and
   * subscripts are evaluated, `${x@P}`, `${!x}` and `${x:off:len}` are checked.
   */
  words(node: SyntaxNode, scope: Scope): void {
    const pending: SyntaxNode[] = [node];
    while (pending.length > 0) {
      const current = pending.pop()!;
      if (!nodeKind(current.type)) {
        this.unmodelled(current, scope);
        continue;
      }
      switch (current.type) {
        case "command_substitution":
          // `${x:+$((x))}`: the grammar reads `$((x))` as a substitution of a subshell, bash as arithmetic.
          if (/^\$\(\(.*\)\)$/s.test(current.text) && current.namedChildren[0]?.type === "subshell") {
            this.arithmetic(current.text.slice(3, -2), "$((…))", current, scope);
            continue;
          }
          this.statements(current, scope);
          continue;
        case "process_substitution":
          this.statements(current, scope);
          continue;
        case "word":
          if (current.text.includes("`")) this.backticks(current, scope);
          break;
        case "arithmetic_expansion": {
          const text = current.text.startsWith("$[") ? current.text.slice(2, -1) : current.text.slice(3, -2);
          this.arithmetic(text, "$((…))", current, scope);
          continue;
        }
        case "expansion":
          this.expansion(current, scope);
          break;
        case "subscript":
          this.subscript(current, scope);
          break;
        case "file_descriptor":
          this.descriptorVariable(current, scope);
          break;
      }
      for (const child of current.namedChildren) pending.push(child);
    }
  }

  /** Syntax the table (syntax.ts) does not list: what bash does with it is not read, so it fails closed. */
  private unmodelled(node: SyntaxNode, scope: Scope): void {
    unknown(
      this.analysis,
      scope,
      "UNMODELLED",
      node.text,
      `\`${node.type}\` is bash syntax the analysis does not model`,
    );
  }

  /**
   * `{name}>file`, `{a[i]}<&-`: bash assigns the descriptor it opens to the name, as `printf -v` would; a subscript
   * is expanded and evaluated (the raw text: quotes in it do not stop a `$(…)`).
   */
  private descriptorVariable(node: SyntaxNode, scope: Scope): void {
    if (!node.text.startsWith("{")) return;
    this.evaluator.nameWord(literalWord(node.text.slice(1, -1)), "{…}>", scope);
  }

  /** Arithmetic text, and the commands its substitutions run (walked once: the text's own scan skips them). */
  private arithmetic(text: string, label: string, node: SyntaxNode, scope: Scope): void {
    this.evaluator.arithmetic(text, label, scope);
    this.substitutionsIn(node, scope);
  }

  private substitutionsIn(node: SyntaxNode, scope: Scope): void {
    const pending = [...node.namedChildren];
    while (pending.length > 0) {
      const current = pending.pop()!;
      if (current.type === "command_substitution" || current.type === "process_substitution") {
        this.statements(current, scope);
        continue;
      }
      for (const child of current.namedChildren) pending.push(child);
    }
  }

  private expansion(node: SyntaxNode, scope: Scope): void {
    const operators = node.children.filter((child) => child.field === "operator");
    const variable = node.namedChildren.find(
      (child) => child.type === "variable_name" || child.type === "subscript",
    );
    const name = variable?.type === "subscript" ? variable.childForField("name")?.text : variable?.text;
    if (!name) return;
    const texts = operators.map((operator) => operator.text);
    const at = texts.indexOf("@");
    // `${x@Q}`: a transformation; `${!prefix@}` (nothing after the `@`) lists names.
    const letter = at === -1 ? undefined : texts[at + 1];
    const transformation = letter === undefined ? undefined : TRANSFORMATIONS[letter];
    if (letter !== undefined && transformation === undefined) this.unmodelled(node, scope);
    if (transformation === "prompt") this.evaluator.promptOf(name, LABELS.prompt, scope);
    // `${!x}` reads the value of `x` as a name; `${!x[@]}` (keys) and `${!prefix*}` (names) do not.
    if (
      texts[0] === "!" &&
      variable?.type === "variable_name" &&
      !texts.includes("*") &&
      !texts.includes("@")
    ) {
      this.evaluator.indirect(name, LABELS.indirect, scope);
    }
    // `${x:offset:length}`: both are arithmetic.
    const colons = operators.filter((operator) => operator.text === ":");
    if (colons.length > 0) {
      const close = node.children.at(-1)!;
      const bounds = [...colons.map((colon) => colon.endIndex), close.startIndex];
      for (let i = 0; i < colons.length; i++) {
        const text = node.slice(bounds[i]!, colons[i + 1]?.startIndex ?? close.startIndex);
        this.evaluator.arithmetic(text, LABELS.substring, scope);
      }
    }
  }

  /** `a[i]`, `${a[i]}`: an indexed array's subscript is arithmetic. */
  private subscript(node: SyntaxNode, scope: Scope): void {
    const name = node.childForField("name")?.text ?? "";
    const index = node.childForField("index");
    if (!index || index.text === "@" || index.text === "*" || scope.variables.associative.has(name)) return;
    this.evaluator.arithmetic(index.text, "a[…]", scope);
  }

  /** `for ((init; test; step))`: one arithmetic text; what `init` assigns is surely set in the body. */
  private cFor(node: SyntaxNode, scope: Scope): string | null {
    const header = node.children.filter((child) => child.field && child.field !== "body");
    this.evaluator.arithmetic(header.map((part) => part.text).join(", "), "for ((…))", scope);
    for (const part of header) this.substitutionsIn(part, scope);
    const initialised = new Definite(scope.definite);
    for (const part of header.filter((child) => child.field === "initializer")) {
      for (const match of part.text.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)/g))
        initialised.add(match[1]!);
    }
    const body = node.childForField("body");
    const after = body ? this.statements(body, { ...scope, definite: initialised }) : scope.cwd;
    return after === scope.cwd ? after : null;
  }

  /** `[[ … ]]`: `-v NAME` evaluates a name, `-eq` and its kin evaluate arithmetic, words expand. `[ … ]` is a program. */
  private test(node: SyntaxNode, scope: Scope): void {
    this.words(node, scope);
    if (node.children[0]?.text === "[") {
      const words = flatWords(node).map(resolveWord);
      this.unwrapper().run(literalWord("["), [...words, literalWord("]")], scope);
      return;
    }
    const pending = [...node.namedChildren];
    while (pending.length > 0) {
      const current = pending.pop()!;
      const operator = current.children.find((child) => child.field === "operator")?.text;
      if (current.type === "unary_expression" && (operator === "-v" || operator === "-R")) {
        const operand = current.namedChildren.at(-1);
        if (operand) this.evaluator.nameWord(resolveWord(operand), `[[ ${operator} ]]`, scope);
      } else if (current.type === "binary_expression" && operator && arithmeticTests.has(operator)) {
        for (const side of [current.childForField("left"), current.childForField("right")]) {
          if (side) this.evaluator.arithmeticWord(resolveWord(side), `[[ ${operator} ]]`, scope);
        }
      }
      for (const child of current.namedChildren) pending.push(child);
    }
  }
}

/** `exec` with redirects only: it changes the shell's own descriptors. */
function isBareExec(command: SyntaxNode): boolean {
  const name = command.namedChildren.find((child) => child.type === "command_name");
  if (name?.text !== "exec") return false;
  return !command.namedChildren.some(
    (child) => child !== name && !redirectTypes.has(child.type) && child.type !== "variable_assignment",
  );
}

/** Adds the names a statement surely assigns (a plain assignment, `declare x=…`, `local x`, `unset x`). */
function addAssigned(statement: SyntaxNode, definite: Definite): void {
  const names: string[] = [];
  if (statement.type === "variable_assignment" || statement.type === "variable_assignments") {
    const list = statement.type === "variable_assignments" ? statement.namedChildren : [statement];
    for (const assignment of list) {
      const target = assignment.childForField("name");
      if (target?.type === "variable_name") names.push(target.text);
    }
  } else if (statement.type === "declaration_command" || statement.type === "unset_command") {
    const keyword = statement.children[0]?.text;
    for (const part of statement.namedChildren) {
      if (part.type === "variable_assignment") {
        const target = part.childForField("name");
        if (target?.type === "variable_name") names.push(target.text);
      } else if ((keyword === "local" || keyword === "unset") && part.type === "variable_name") {
        names.push(part.text);
      } else if (
        (keyword === "local" || keyword === "unset") &&
        part.type === "word" &&
        /^[A-Za-z_]\w*$/.test(part.text)
      ) {
        names.push(part.text);
      }
    }
  }
  for (const name of names) definite.add(name);
}

/** The words of `[ … ]` in order, as bash passes them to the `[` builtin. */
function flatWords(node: SyntaxNode): SyntaxNode[] {
  const words: SyntaxNode[] = [];
  const visit = (current: SyntaxNode) => {
    if (
      current.type === "unary_expression" ||
      current.type === "binary_expression" ||
      current.type === "parenthesized_expression" ||
      current.type === "test_command"
    ) {
      for (const child of current.children) {
        if (child.isNamed) visit(child);
        else if (child.text !== "[" && child.text !== "]") words.push(child);
      }
      return;
    }
    words.push(current);
  };
  visit(node);
  return words;
}
