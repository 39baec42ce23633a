// Every kind of syntax node tree-sitter-bash makes (its node-types.json), each with what bash does with it and so
// how the walk reads it. A kind not listed here is not modelled: the walk records it as an unknown (fails closed).

interface NodeKind {
  /** What bash does with it, in words (the documentation's table). */
  does: string;
  /** Its statements run in order in one shell: what one surely assigns is set for the next. */
  sequence?: true;
  /** Its body may run zero or several times (or later): a `cd` inside leaves the directory unknown after it. */
  conditional?: true;
  /** An alternative of an `if`: it starts from what the condition assigned. */
  branch?: true;
  /** A word or a part of one: walked for what it expands (substitutions, arithmetic, `${…}`), not as statements. */
  word?: true;
  /** A redirection of the command it belongs to. */
  redirect?: true;
}

const KINDS: Readonly<Record<string, NodeKind>> = {
  // ─── statements ────────────────────────────────────────────────────────────────────────────────────────
  program: { does: "the command line: its statements run in order", sequence: true },
  command: {
    does: "a simple command: assignments, the program (through the tables), its words and redirections",
  },
  command_name: { does: "the word naming the program (read with its command)" },
  redirected_statement: {
    does: "a statement with redirections: here-docs and `< file` feed its standard input",
  },
  pipeline: { does: "commands joined by `|`: every one after the first reads a pipe" },
  list: { does: "`a && b`, `a || b`, `a; b`: each runs, in order" },
  negated_command: { does: "`! cmd`: runs cmd" },
  subshell: { does: "`( … )`: statements in order in a copy of the shell", sequence: true },
  compound_statement: { does: "`{ …; }`, or `(( … ))` arithmetic", sequence: true },
  do_group: { does: "the body of a loop", sequence: true },
  if_statement: { does: "`if`: the condition runs, then a branch", sequence: true, conditional: true },
  elif_clause: { does: "an `elif` branch", sequence: true, branch: true },
  else_clause: { does: "an `else` branch", sequence: true, branch: true },
  case_statement: { does: "`case`: its word is expanded, then one item may run", conditional: true },
  case_item: { does: "a `case` pattern and its statements", sequence: true },
  for_statement: { does: "`for`/`select`: its words expand, the body may run", conditional: true },
  c_style_for_statement: { does: "`for ((…))`: the header is arithmetic", conditional: true },
  while_statement: { does: "`while`/`until`: condition and body may run", conditional: true },
  function_definition: { does: "a function: its body counts where it is defined", conditional: true },
  declaration_command: { does: "`declare`/`typeset`/`local`/`export`/`readonly`: names, values, attributes" },
  unset_command: { does: "`unset`: the names are read (a subscript is evaluated)" },
  variable_assignment: { does: "`name=value`: the value expands; special names are code" },
  variable_assignments: { does: "several assignments as one statement" },
  test_command: { does: "`[[ … ]]` (operands expand; `-v`, `-eq` evaluate) or `[ … ]`, the builtin" },
  // ─── words and their parts ─────────────────────────────────────────────────────────────────────────────
  word: { does: "an unquoted word: backslashes removed, globs and braces expand", word: true },
  string: { does: '`"…"`: expansions inside run', word: true },
  raw_string: { does: "`'…'`: data", word: true },
  ansi_c_string: { does: "`$'…'`: data after its escapes", word: true },
  translated_string: { does: '`$"…"`: a `"…"` string', word: true },
  string_content: { does: "the text of a string: data", word: true },
  concatenation: { does: "parts written together: one word", word: true },
  simple_expansion: { does: "`$name`: a value known at run time (or from the line)", word: true },
  expansion: {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
    does: "`${…}`: operators read (`@P` expands a prompt, `!x` a name, `:off:len` arithmetic)",
    word: true,
  },
  arithmetic_expansion: { does: "`$((…))`, `$[…]`: arithmetic, names' values evaluated", word: true },
  command_substitution: { does: "`$(…)`, backquotes: commands that run, in order", sequence: true },
  process_substitution: { does: "`<(…)`, `>(…)`: commands that run" },
  subscript: { does: "`a[i]`: an indexed array's subscript is arithmetic", word: true },
  array: { does: "`(a b c)`: words of an array value", word: true },
  brace_expression: { does: "`{1..3}`: several words, known at run time", word: true },
  number: { does: "a number: data", word: true },
  variable_name: { does: "a name: data", word: true },
  special_variable_name: { does: "`$@`, `$?`, …: known at run time", word: true },
  extglob_pattern: { does: "an extended glob: known at run time", word: true },
  regex: { does: "the right side of `=~`: a pattern", word: true },
  test_operator: { does: "an operator of `[[ … ]]` (`-f`, `-v`, `-eq`)", word: true },
  comment: { does: "`# …`: nothing runs", word: true },
  // ─── expressions, inside `[[ … ]]` and arithmetic ──────────────────────────────────────────────────────
  binary_expression: { does: "`a -eq b`, `a == b`, `x + y`: operands expand (arithmetic ones evaluate)" },
  unary_expression: { does: "`-v name`, `-f file`, `!x`: the operand expands" },
  ternary_expression: { does: "`a ? b : c` in arithmetic" },
  postfix_expression: { does: "`x++` in arithmetic" },
  parenthesized_expression: { does: "`( … )` inside `[[ … ]]` or arithmetic" },
  // ─── redirections ──────────────────────────────────────────────────────────────────────────────────────
  file_redirect: {
    does: "`> f`, `< f`, `2>&1`, `{fd}> f`: the target expands; `< f` is the standard input",
    redirect: true,
  },
  heredoc_redirect: {
    does: "`<<EOF`: an unquoted body expands; the body is the standard input",
    redirect: true,
  },
  herestring_redirect: { does: "`<<< word`: the word expands and is the standard input", redirect: true },
  file_descriptor: {
    does: "`2>`: a number; `{name}>` assigns a descriptor to name (a subscript is evaluated)",
    word: true,
  },
  heredoc_start: { does: "the here-doc's end marker as written (quoted: the body is data)", word: true },
  heredoc_body: { does: "a here-doc's body", word: true },
  heredoc_content: { does: "the text of a here-doc body", word: true },
  heredoc_end: { does: "the here-doc's end marker", word: true },
};

/** What bash does with a node kind, or `undefined` for one the walk does not model. */
export function nodeKind(type: string): NodeKind | undefined {
  return Object.hasOwn(KINDS, type) ? KINDS[type] : undefined;
}

/** The kinds with a property (`sequence`, `word`, …): the sets the walk reads the tree with. */
export function kindsWith(property: Exclude<keyof NodeKind, "does">): ReadonlySet<string> {
  return new Set(Object.keys(KINDS).filter((type) => KINDS[type]![property]));
}

/** Every kind, for the documentation and the test that compares the table with the grammar's node-types.json. */
export function nodeKindRows(): ReadonlyArray<readonly [string, NodeKind]> {
  return Object.entries(KINDS);
}

/**
 * `${x@OP}` transformations: `P` expands the value as a prompt (code: `$(…)` in it runs); the others quote, case or
 * describe the value, data. Another letter is not modelled.
 */
export const TRANSFORMATIONS: Readonly<Record<string, "prompt" | "data">> = {
  P: "prompt",
  Q: "data",
  E: "data",
  A: "data",
  K: "data",
  k: "data",
  a: "data",
  u: "data",
  U: "data",
  L: "data",
};

/** Bash's reserved words: where the grammar reads one as a command name (`2>/dev/null if …`), bash rejects the line. */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
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
