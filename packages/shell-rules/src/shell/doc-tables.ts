// The programs and variables table (programs.ts) as Markdown, for docs/security.md (`pnpm docs:rules` writes it
// there, and its test keeps it current).
import type { Builtin } from "./builtins.js";
import type { CodeOption, OptionSpec, ProgramSpec, Role, VariableUse } from "./programs.js";

/** The tables' rows, as `programRows()`, `builtinRows()`, `variableRows()` and `nodeKindRows()` give them. */
export interface TableRows {
  programs: ReadonlyArray<readonly [string, ProgramSpec]>;
  builtins: ReadonlyArray<readonly [string, Builtin]>;
  variables: ReadonlyArray<readonly [string, VariableUse]>;
  kinds: ReadonlyArray<readonly [string, { does: string }]>;
}

const code = (text: string) => `\`${text.replaceAll("|", "\\|")}\``;
const list = (items: readonly string[]) => (items.length > 0 ? items.map(code).join(" ") : "");

function valueOptions(options: OptionSpec): string {
  const short = [...(options.short ?? "")].map((letter) => `-${letter}`);
  const counts = Object.entries(options.counts ?? {}).map(([name, n]) => `${name} ×${n}`);
  return list([...short, ...(options.long ?? []), ...counts]);
}

const READS: Readonly<Record<CodeOption["reads"], string>> = {
  shell: "shell code, read as bash",
  inline: "code in its language: fails closed",
  file: "a file of code: from input fails closed",
  program: "the program it runs",
};

function codeOptions(options: OptionSpec): string {
  return (options.code ?? [])
    .map(
      (option) =>
        `${code(option.value ? `${option.option} ${option.value.source}` : option.option)}: ${READS[option.reads]}`,
    )
    .join("; ");
}

function behaviour(options: OptionSpec): string {
  const notes: string[] = [];
  if (options.operands) {
    notes.push(
      Number.isFinite(options.operands) ? `${options.operands} operand before the command` : "operands",
    );
  }
  if (options.assignments) notes.push("`NAME=value` settings");
  if (options.optionsAfterOperands) notes.push("options after operands");
  if (options.commandAfter) notes.push(`command after ${list(options.commandAfter)}`);
  if (options.joinsCommand === "shell") notes.push("its words are one shell command");
  if (options.joinsCommand === "shell-args") notes.push("its words go to a shell");
  if (options.argvWith) notes.push(`runs its words as they are with ${list(options.argvWith)}`);
  if (options.shellWithout) notes.push("without a command, a shell reads standard input");
  if (options.runsNothing) notes.push(`runs nothing with ${list(options.runsNothing)}`);
  return notes.join("; ");
}

const ROLES: Readonly<Record<Role, string>> = {
  name: "a name (its subscript is evaluated)",
  arithmetic: "arithmetic",
  code: "code",
  alias: "`NAME=code`",
  redefines: "makes a name run another program: fails closed",
  expands: "expanded",
  command: "the command it runs",
  binding: "code after the key sequence",
};

function roles(spec: Extract<ProgramSpec, { kind: "builtin" }>): string {
  const parts = [
    ...Object.entries(spec.values ?? {}).map(([option, role]) => `${code(option)}: ${ROLES[role]}`),
    ...Object.entries(spec.after ?? {}).map(([word, role]) => `after ${code(word)}: ${ROLES[role]}`),
  ];
  const operands = spec.operands;
  if (typeof operands === "string") parts.push(`operands: ${ROLES[operands]}`);
  else
    operands?.forEach((role, i) => {
      if (role !== "data") parts.push(`operand ${i + 1}: ${ROLES[role]}`);
    });
  return parts.join("; ");
}

const OTHER: Partial<Record<ProgramSpec["kind"], string>> = {
  eval: "its words, joined, are code of this shell",
  trap: "its first word (after `--`) is code run later",
  source: "runs a file's commands in this shell: fails closed (`/dev/stdin` with a here-string is read)",
  find: "`-exec` / `-execdir` / `-ok` / `-okdir` run the clause up to `;` or `+`",
  xargs: "runs its command with words from input; `-I R` / `-i` / `--replace` put them where `R` is written",
  watch: "joins its words into a shell command (`-x`: runs them as they are)",
  parallel: "joins its words into a shell command, input appended or in `{}`",
  cd: "changes the directory of later commands",
  history: "runs commands of the history: fails closed (`-l` only lists; `-e CODE` is code)",
  options: "shell options: history expansion, `keyword` and options it does not know fail closed",
  declaration:
    "names (a subscript is evaluated) and values (`-i`: arithmetic; `-n`: a name); run by a wrapper, read again as a declaration",
};

/** What a builtin does to the analysis, in a few words. */
function builtinEffect(spec: ProgramSpec): string {
  if (spec.kind === "data") return "data";
  if (spec.kind === "wrapper") return "runs the command after its options";
  if (spec.kind === "builtin") return roles(spec);
  return OTHER[spec.kind] ?? spec.kind;
}

/** Bash's builtins and the grammar's node kinds: the two lists the analysis is compared with. */
function bashTables(table: TableRows, out: string[]): void {
  out.push(
    "",
    "**Bash's builtins** (bash 5.2, `enable -a`). An option letter not listed is not modelled: the command fails " +
      "closed (`UNMODELLED`). Without letters, its words are not read as options.",
    "",
  );
  out.push("| builtin | what it does to the analysis | option letters |", "| --- | --- | --- |");
  for (const [name, row] of table.builtins) {
    out.push(`| ${code(name)} | ${builtinEffect(row.spec)} | ${row.letters ? code(row.letters) : ""} |`);
  }
  out.push(
    "",
    "**Syntax** (tree-sitter-bash's node kinds). A kind not listed is not modelled: it fails closed (`UNMODELLED`).",
    "",
  );
  out.push("| node | what bash does with it |", "| --- | --- |");
  for (const [name, kind] of table.kinds) out.push(`| ${code(name)} | ${kind.does} |`);
}

/** The Markdown the docs hold between their markers: every row of the table, by kind. */
export function programTables(table: TableRows): string {
  const rows = [...table.programs, ...table.builtins.map(([name, row]) => [name, row.spec] as const)];
  const of = <K extends ProgramSpec["kind"]>(kind: K) =>
    rows.filter((row): row is readonly [string, Extract<ProgramSpec, { kind: K }>] => row[1].kind === kind);
  const out: string[] = [];
  out.push("**Wrappers**: programs that run the command after their options.", "");
  out.push("| program | options that take a value | options whose value is code | reading the command |");
  out.push("| --- | --- | --- | --- |");
  for (const [name, spec] of of("wrapper")) {
    out.push(
      `| ${code(name)} | ${valueOptions(spec.options)} | ${codeOptions(spec.options)} | ${behaviour(spec.options)} |`,
    );
  }
  out.push("", "**Programs with options, operands or input that are code.**", "");
  out.push(
    "| program | options whose value is code | operands that are code | reads commands from standard input |",
  );
  out.push("| --- | --- | --- | --- |");
  for (const [name, spec] of of("program")) {
    const operands = [
      spec.inlineOperands ? `matching ${code(spec.inlineOperands.source)}` : "",
      spec.script ? `its program, when it matches ${code(spec.script.source)}` : "",
      spec.options.commandAfter ? `the command after ${list(spec.options.commandAfter)}` : "",
    ].filter(Boolean);
    const stdin = spec.readsStdin ? "yes" : spec.options.shellWithout ? "a shell, without `-c`" : "";
    out.push(`| ${code(name)} | ${codeOptions(spec.options)} | ${operands.join("; ")} | ${stdin} |`);
  }
  out.push("", "**Builtins that evaluate words they are given.**", "");
  out.push("| builtin | what it evaluates |", "| --- | --- |");
  for (const [name, spec] of of("builtin")) out.push(`| ${code(name)} | ${roles(spec)} |`);
  out.push("", "**Shells** (`-c` code, a script operand, or standard input, read as bash): ");
  out[out.length - 1] += list(of("shell").map(([name]) => name));
  out.push(
    "",
    "**Interpreters** (inline code fails closed; standard input, a here-doc or `/dev/stdin` is code in their language): ",
  );
  out[out.length - 1] += list(of("interpreter").map(([name]) => name));
  out.push("", "**Other rows.**", "", "| program | what it runs |", "| --- | --- |");
  for (const [name, spec] of rows) {
    const note = OTHER[spec.kind];
    if (note) out.push(`| ${code(name)} | ${note} |`);
  }
  out.push(
    "",
    "**Variables** bash or a program runs (also `BASH_FUNC_name%%`, a function a new bash imports):",
    "",
  );
  out.push("| variable | what its value is |", "| --- | --- |");
  const uses: Readonly<Record<string, string>> = {
    prompt: "a prompt bash expands",
    code: "code this shell runs",
    source: "a file a new shell sources: fails closed",
    command: "a command line a program runs with `sh -c`",
    alias: "an alias body",
    redefines: "a path a name then runs: fails closed",
    options: "`set -o` names a new bash turns on (`histexpand`, `keyword`: fail closed)",
  };
  for (const [name, use] of table.variables) out.push(`| ${code(name)} | ${uses[use]} |`);
  bashTables(table, out);
  return `${out.join("\n")}\n`;
}

const START =
  "<!-- programs table: generated by `pnpm docs:rules` from packages/shell-rules/src/shell/programs.ts -->";
const END = "<!-- end of the programs table -->";

/** `doc` with the text between its markers replaced by the current tables. */
export function withProgramTables(doc: string, table: TableRows): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end < start) throw new Error(`docs/security.md has no "${START}" … "${END}" markers`);
  return `${doc.slice(0, start + START.length)}\n\n${programTables(table)}\n${doc.slice(end)}`;
}
