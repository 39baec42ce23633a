// shellCommands: every simple command a bash command line would execute, normalised to the program that runs.
import { posix } from "node:path";
import { MAX_PARSED_CHARS, parseScript, type SyntaxNode } from "./grammar.js";
import { type OptionSpec, type ProgramSpec, programSpec } from "./programs.js";
import { literalWord, RUNTIME, resolveWord, runtimeWord, type ShellWord } from "./words.js";

/** One program that would run. A wrapper and what it runs are two commands: `sudo rm x` is `sudo` and `rm`. */
export interface ShellCommand {
  /** The program's name, its directory stripped: `/usr/bin/rm` → `rm`, `./x.sh` → `x.sh`. */
  program: string;
  /** The command word as written, quotes resolved: `/usr/bin/rm`, `./x.sh`. */
  path: string;
  /** The words after the command word, quotes resolved. */
  args: readonly ShellWord[];
  /** `program` and the argument values joined by single spaces: what rule patterns are matched against. */
  text: string;
  /** `path` and the argument values joined by single spaces. */
  written: string;
  /**
   * What started it, outermost first: `[]` for a command as typed; `["sudo", "env"]` for `sudo env rm`;
   * `["bash -c"]`, `["eval"]`, `["xargs"]`, `["find -exec"]`, `["sh <<EOF"]` for code the analyser read inside another.
   */
  via: readonly string[];
  /**
   * The directory it runs in, relative to where the command line starts (`.`), after `cd`/`pushd` (assumed to
   * succeed) and `env -C`; absolute when changed to an absolute or `~` path; `null` when it cannot be known.
   */
  cwd: string | null;
  /** Some argument is only known at run time (a variable, substitution, glob, or words supplied by `xargs`). */
  dynamic: boolean;
}

export type ShellUnknownCode =
  /** Not valid bash (as far as the grammar knows), or longer than `MAX_PARSED_CHARS`. */
  | "SYNTAX"
  | "TOO_LARGE"
  /** Nesting (of substitutions, `bash -c` in `bash -c`…) deeper than the analyser follows. */
  | "TOO_DEEP"
  /** The command word is a variable, substitution, glob or brace expansion. */
  | "DYNAMIC_PROGRAM"
  /** `eval`, `bash -c`, `trap` or a wrapper's option given code that is not a literal string. */
  | "DYNAMIC_CODE"
  /** A shell or interpreter reads its program from a pipe, a non-literal here-doc, or a substituted file. */
  | "CODE_FROM_INPUT"
  /** `source` / `.` runs a file's commands in this shell. */
  | "SOURCE"
  /** An interpreter runs code given on its command line (`python -c`, `perl -e`, `node -e`, `ruby -e`, `php -r`). */
  | "INLINE_CODE"
  /** The bash grammar is not loaded (`loadShellParser()` was not awaited, or its WASM files failed to load). */
  | "UNAVAILABLE";

/** Something that may run a program the analysis cannot name. */
export interface ShellUnknown {
  code: ShellUnknownCode;
  /** The text concerned, as written (shortened past 200 characters). */
  text: string;
  /** Why it cannot be known, in words a user can read. */
  reason: string;
  via: readonly string[];
}

export interface ShellAnalysis {
  commands: ShellCommand[];
  unknowns: ShellUnknown[];
}

interface Scope {
  cwd: string | null;
  via: readonly string[];
  depth: number;
  /** What the command's standard input is, when that decides what a shell runs. */
  stdin?:
    | { kind: "pipe" }
    | { kind: "file"; text: string }
    | { kind: "code"; text: string; via: string }
    | { kind: "runtime"; text: string };
}

// Levels of substitutions, subshells and code-in-strings followed; real commands stay far below.
const MAX_DEPTH = 200;
const SHOWN_CHARS = 200;

/**
 * Parses `command` with the bash grammar (synchronously; `await loadShellParser()` once before) and lists every
 * program it would run, including those in lists, pipelines, subshells, groups, functions, `if`/`for`/`while`/
 * `case`, command and process substitutions, here-strings, `coproc`, `exec`, `time` and `!`; wrappers (`sudo`,
 * `env`, `xargs`, `find -exec`, …) are seen through and `sh -c` / `eval` strings and here-docs to shells are read as
 * code. What cannot be known statically is listed in `unknowns` instead of guessed.
 */
export function shellCommands(command: string): ShellAnalysis {
  const analysis: ShellAnalysis = { commands: [], unknowns: [] };
  analyseCode(command, { cwd: ".", via: [], depth: 0 }, analysis);
  return analysis;
}

function shorten(text: string): string {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text;
}

function unknown(
  analysis: ShellAnalysis,
  scope: Scope,
  code: ShellUnknownCode,
  text: string,
  reason: string,
): void {
  analysis.unknowns.push({ code, text: shorten(text), reason, via: scope.via });
}

function analyseCode(code: string, scope: Scope, analysis: ShellAnalysis): void {
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
    new Unwrapper(this.analysis).run(literalWord(keyword.text), args, { ...scope, stdin: undefined });
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
    return new Unwrapper(this.analysis).run(resolveWord(word), args, { ...scope, stdin });
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

/** What a redirect feeds to standard input: a here-doc, a here-string, or `< file`. */
function redirectedInput(redirect: SyntaxNode): Scope["stdin"] {
  if (redirect.type === "heredoc_redirect") return hereDoc(redirect);
  if (redirect.type === "herestring_redirect") return hereString(redirect);
  if (redirect.type !== "file_redirect") return undefined;
  const descriptor = redirect.children.find((child) => child.type === "file_descriptor");
  const operator = redirect.children.find((child) => !child.isNamed);
  if (operator?.text !== "<" || (descriptor && descriptor.text !== "0")) return undefined;
  const target = redirect.childForField("destination") ?? redirect.namedChildren.at(-1);
  if (!target) return undefined;
  const word = resolveWord(target);
  // A named file is a script like `bash file`; a substitution (`< <(curl …)`) is code known only at run time.
  return word.literal ? { kind: "file", text: word.value } : { kind: "runtime", text: target.text };
}

function hereDoc(redirect: SyntaxNode): Scope["stdin"] {
  const start = redirect.namedChildren.find((child) => child.type === "heredoc_start");
  const end = redirect.namedChildren.find((child) => child.type === "heredoc_end");
  if (!start) return undefined;
  // The body is everything between the start line and the end marker. It is cut from the text rather than taken
  // from the body node: the grammar reads a body that starts with a backslash as a word of its own.
  const first = redirect.namedChildren.find((child) => child !== start && child.startIndex >= start.endIndex);
  let text = redirect.slice(first?.startIndex ?? start.endIndex, end?.startIndex ?? redirect.endIndex);
  if (text.startsWith("\n")) text = text.slice(1);
  const quoted = /['"\\]/.test(start.text);
  if (!quoted && /[$`]/.test(text)) return { kind: "runtime", text };
  return { kind: "code", text, via: `<<${start.text}` };
}

function hereString(redirect: SyntaxNode): Scope["stdin"] {
  const word = redirect.namedChildren[0];
  if (!word) return undefined;
  const resolved = resolveWord(word);
  return resolved.literal
    ? { kind: "code", text: resolved.value, via: "<<<" }
    : { kind: "runtime", text: word.text };
}

/** Follows one simple command through the wrappers it is spelled with, recording each program that runs. */
class Unwrapper {
  constructor(private readonly analysis: ShellAnalysis) {}

  /** Returns the directory the shell is in after the command. */
  run(word: ShellWord, args: readonly ShellWord[], scope: Scope): string | null {
    let current: { word: ShellWord; args: readonly ShellWord[] } | undefined = { word, args };
    let via = scope.via;
    let cwd = scope.cwd;
    for (let hops = 0; current && hops < 64; hops++) {
      if (!current.word.literal) {
        unknown(
          this.analysis,
          { ...scope, via },
          "DYNAMIC_PROGRAM",
          current.word.value,
          `the program is \`${shorten(current.word.value)}\`, known only at run time`,
        );
        return scope.cwd;
      }
      const path = current.word.value;
      const program = path.includes("/") ? posix.basename(path) : path;
      this.record(program, path, current.args, via, cwd);
      const spec = programSpec(program);
      if (!spec) return scope.cwd;
      const step = this.step(spec, program, current.args, { ...scope, via, cwd });
      if (step.cwd !== undefined) {
        // Only a `cd` typed in this shell moves it; `sudo cd` or `env -C` change the directory of the child.
        if (spec.kind === "cd" && via === scope.via) return step.cwd;
        cwd = step.cwd;
      }
      current = step.next;
      via = [...via, step.label ?? program];
    }
    return scope.cwd;
  }

  private record(
    program: string,
    path: string,
    args: readonly ShellWord[],
    via: readonly string[],
    cwd: string | null,
  ): void {
    const values = args.map((arg) => arg.value);
    this.analysis.commands.push({
      program,
      path,
      args,
      text: [program, ...values].join(" "),
      written: [path, ...values].join(" "),
      via,
      cwd,
      dynamic: args.some((arg) => !arg.literal),
    });
  }

  private code(text: string, label: string, scope: Scope): void {
    analyseCode(text, { cwd: scope.cwd, via: [...scope.via, label], depth: scope.depth + 1 }, this.analysis);
  }

  private step(
    spec: ProgramSpec,
    program: string,
    args: readonly ShellWord[],
    scope: Scope,
  ): { next?: { word: ShellWord; args: readonly ShellWord[] }; label?: string; cwd?: string | null } {
    switch (spec.kind) {
      case "wrapper":
        return this.wrapper(spec.options, program, args, scope);
      case "shell":
        this.shell(program, args, scope);
        return {};
      case "interpreter":
        this.interpreter(spec, program, args, scope);
        return {};
      case "eval": {
        const dynamic = args.find((arg) => !arg.literal);
        if (dynamic) {
          unknown(
            this.analysis,
            scope,
            "DYNAMIC_CODE",
            dynamic.value,
            "`eval` runs code known only at run time",
          );
        } else if (args.length > 0) {
          this.code(args.map((arg) => arg.value).join(" "), "eval", scope);
        }
        return {};
      }
      case "trap": {
        const first = args[0];
        if (!first || first.value.startsWith("-") || args.length < 2) return {};
        if (!first.literal) {
          unknown(
            this.analysis,
            scope,
            "DYNAMIC_CODE",
            first.value,
            "`trap` runs code known only at run time",
          );
        } else {
          this.code(first.value, "trap", scope);
        }
        return {};
      }
      case "source":
        unknown(
          this.analysis,
          scope,
          "SOURCE",
          [program, ...args.map((arg) => arg.value)].join(" "),
          `\`${program}\` runs the commands of a file, which a check of the command line cannot see`,
        );
        return {};
      case "find":
        this.find(args, scope);
        return {};
      case "xargs": {
        const start = skipOptions(args, spec.options);
        if (start === undefined) return this.unknownOptions(program, args, scope);
        const command = args.slice(start.index);
        const [word, ...rest] = command.length > 0 ? command : [literalWord("echo")];
        return { next: { word: word!, args: [...rest, runtimeWord("(arguments from standard input)")] } };
      }
      case "watch": {
        const start = skipOptions(args, spec.options);
        if (start === undefined) return this.unknownOptions(program, args, scope);
        const command = args.slice(start.index);
        if (start.flags.has("-x") || start.flags.has("--exec")) {
          const [word, ...rest] = command;
          return word ? { next: { word, args: rest } } : {};
        }
        this.joined(command, "watch", scope);
        return {};
      }
      case "parallel":
        this.parallel(spec.options, args, scope);
        return {};
      case "cd":
        return { cwd: changeDirectory(program, args, scope.cwd) };
    }
  }

  private unknownOptions(program: string, args: readonly ShellWord[], scope: Scope): Record<string, never> {
    const dynamic = args.find((arg) => !arg.literal);
    unknown(
      this.analysis,
      scope,
      "DYNAMIC_PROGRAM",
      dynamic?.value ?? program,
      `\`${program}\` is given \`${shorten(dynamic?.value ?? "")}\`, known only at run time, where an option or the program it runs is expected`,
    );
    return {};
  }

  private wrapper(
    options: OptionSpec,
    program: string,
    args: readonly ShellWord[],
    scope: Scope,
  ): { next?: { word: ShellWord; args: readonly ShellWord[] }; cwd?: string | null } {
    const start = skipOptions(args, options);
    if (start === undefined) return this.unknownOptions(program, args, scope);
    if (options.runsNothing?.some((option) => start.flags.has(option))) return {};
    for (const option of options.shellString ?? []) {
      const value = start.values.get(option);
      if (value === undefined) continue;
      if (!value.literal) {
        unknown(
          this.analysis,
          scope,
          "DYNAMIC_CODE",
          value.value,
          `\`${program} ${option}\` runs code known only at run time`,
        );
      } else {
        this.code(value.value, `${program} ${option}`, scope);
      }
    }
    const chdir = start.values.get("-C") ?? start.values.get("--chdir") ?? start.values.get("-D");
    const cwd = chdir === undefined ? undefined : changeDirectory("cd", [chdir], scope.cwd);
    let rest = args.slice(start.index);
    // `flock FILE -c 'cmd'`: the string option may follow the operand.
    const late = rest[0] && options.shellString?.includes(rest[0].value) ? rest[1] : undefined;
    if (late) {
      if (!late.literal) {
        unknown(
          this.analysis,
          scope,
          "DYNAMIC_CODE",
          late.value,
          `\`${program} ${rest[0]!.value}\` runs code known only at run time`,
        );
      } else {
        this.code(late.value, `${program} ${rest[0]!.value}`, scope);
      }
      return {};
    }
    if (program === "coproc" && rest.length > 1 && rest[1]?.value === "{") rest = rest.slice(2);
    else if (program === "coproc" && rest[0]?.value === "{") rest = rest.slice(1);
    const [word, ...tail] = rest;
    return word ? { next: { word, args: tail }, cwd } : { cwd };
  }

  private shell(program: string, args: readonly ShellWord[], scope: Scope): void {
    let i = 0;
    let inline = false;
    let readsStdin = false;
    for (; i < args.length; i++) {
      const arg = args[i]!;
      if (!arg.literal) break;
      const value = arg.value;
      if (value === "--" || value === "-") {
        i++;
        break;
      }
      if (!/^[-+]/.test(value) || value.length < 2) break;
      if (value.startsWith("--")) {
        if (value === "--rcfile" || value === "--init-file") i++;
        continue;
      }
      const letters = value.slice(1);
      if (letters.includes("c")) inline = true;
      if (letters.includes("s")) readsStdin = true;
      // `-o name` / `-O name` take the next word.
      for (const letter of letters) if (letter === "o" || letter === "O") i++;
    }
    const operand = args[i];
    const label = `${program} -c`;
    if (inline) {
      if (!operand) return;
      if (!operand.literal) {
        unknown(
          this.analysis,
          scope,
          "DYNAMIC_CODE",
          operand.value,
          `\`${label}\` runs code known only at run time`,
        );
      } else {
        this.code(operand.value, label, scope);
      }
      return;
    }
    if (operand && !readsStdin) {
      if (!operand.literal) {
        unknown(
          this.analysis,
          scope,
          "CODE_FROM_INPUT",
          operand.value,
          `\`${program}\` runs the script \`${shorten(operand.value)}\`, known only at run time`,
        );
      }
      return;
    }
    this.fromStdin(program, scope);
  }

  private fromStdin(program: string, scope: Scope): void {
    const stdin = scope.stdin;
    if (stdin?.kind === "code") {
      this.code(stdin.text, `${program} ${stdin.via}`, scope);
    } else if (stdin && stdin.kind !== "file") {
      unknown(
        this.analysis,
        scope,
        "CODE_FROM_INPUT",
        stdin.kind === "pipe" ? `… | ${program}` : stdin.text,
        stdin.kind === "pipe"
          ? `\`${program}\` runs whatever is piped into it`
          : `\`${program}\` runs input known only at run time`,
      );
    }
  }

  private interpreter(
    spec: Extract<ProgramSpec, { kind: "interpreter" }>,
    program: string,
    args: readonly ShellWord[],
    scope: Scope,
  ): void {
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (!arg.literal) break;
      if (spec.inline.test(arg.value)) {
        unknown(
          this.analysis,
          scope,
          "INLINE_CODE",
          [program, ...args.map((a) => a.value)].join(" "),
          `\`${program} ${arg.value}\` runs code given on the command line, which a shell check cannot read`,
        );
        return;
      }
      if (!arg.value.startsWith("-") || arg.value === "-") {
        if (arg.value === "-") this.fromStdin(program, scope);
        return;
      }
      if (spec.valueOptions?.test(arg.value)) i++;
    }
    this.fromStdin(program, scope);
  }

  private find(args: readonly ShellWord[], scope: Scope): void {
    for (let i = 0; i < args.length; i++) {
      const action = args[i]!.value;
      if (action !== "-exec" && action !== "-execdir" && action !== "-ok" && action !== "-okdir") continue;
      let end = i + 1;
      while (end < args.length && args[end]!.value !== ";" && args[end]!.value !== "+") end++;
      const clause = args
        .slice(i + 1, end)
        .map((arg) => (arg.value.includes("{}") ? runtimeWord(arg.value) : arg));
      const [word, ...rest] = clause;
      if (word) this.run(word, rest, { ...scope, via: [...scope.via, `find ${action}`], stdin: undefined });
      i = end;
    }
  }

  private parallel(options: OptionSpec, args: readonly ShellWord[], scope: Scope): void {
    const start = skipOptions(args, options);
    if (start === undefined) {
      this.unknownOptions("parallel", args, scope);
      return;
    }
    const separator = args.findIndex((arg, index) => index >= start.index && /^:::+\+?$/.test(arg.value));
    const command = args.slice(start.index, separator === -1 ? undefined : separator);
    if (command.length === 0) {
      unknown(
        this.analysis,
        scope,
        "CODE_FROM_INPUT",
        "parallel",
        "`parallel` runs the commands it reads from standard input",
      );
      return;
    }
    const words = command.map((arg) => (arg.value.includes("{") ? runtimeWord(arg.value) : arg));
    // Without a `{}` placeholder, parallel appends each input as the last argument.
    if (words.every((word) => word.literal)) words.push(runtimeWord("{}"));
    this.joined(words, "parallel", scope);
  }

  /** `watch` and `parallel` join their words into one shell command. */
  private joined(words: readonly ShellWord[], label: string, scope: Scope): void {
    if (words.length === 0) return;
    const dynamic = words.find((word) => !word.literal && word.shape !== RUNTIME);
    if (dynamic) {
      unknown(
        this.analysis,
        scope,
        "DYNAMIC_CODE",
        dynamic.value,
        `\`${label}\` runs code known only at run time`,
      );
      return;
    }
    // Words supplied at run time (`{}`) become a variable, so the code stays analysable and they stay unknown.
    this.code(
      words.map((word) => (word.literal ? word.value : '"$HOOKWIRE_RUNTIME"')).join(" "),
      label,
      scope,
    );
  }
}

interface Options {
  /** Index of the first word after the options (the command, or the wrapper's operands' end). */
  index: number;
  flags: Set<string>;
  values: Map<string, ShellWord>;
}

/** Reads a wrapper's options; `undefined` when a word that may be an option is only known at run time. */
function skipOptions(args: readonly ShellWord[], spec: OptionSpec): Options | undefined {
  const flags = new Set<string>();
  const values = new Map<string, ShellWord>();
  const short = spec.short ?? "";
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.literal) return undefined;
    const value = arg.value;
    if (value === "--") {
      i++;
      break;
    }
    if (!value.startsWith("-") || value === "-") break;
    if (value.startsWith("--")) {
      const eq = value.indexOf("=");
      const name = eq === -1 ? value : value.slice(0, eq);
      if (eq !== -1) values.set(name, literalWord(value.slice(eq + 1)));
      else if (spec.long?.includes(name)) {
        const next = args[++i];
        if (next) values.set(name, next);
      } else flags.add(name);
      continue;
    }
    if (spec.numericOptions && /^-\d+$/.test(value)) continue;
    for (let j = 1; j < value.length; j++) {
      const letter = value[j]!;
      if (short.includes(letter)) {
        const attached = value.slice(j + 1);
        const next = attached !== "" ? literalWord(attached) : args[++i];
        if (next) values.set(`-${letter}`, next);
        break;
      }
      flags.add(`-${letter}`);
    }
  }
  for (; spec.assignments && i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.literal && /^[A-Za-z_][A-Za-z0-9_]*=/.test(arg.value)) continue;
    if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(arg.value)) break;
  }
  for (let operand = 0; operand < (spec.operands ?? 0) && i < args.length; operand++) i++;
  if (i < args.length && !args[i]!.literal) return undefined;
  return { index: i, flags, values };
}

function changeDirectory(program: string, args: readonly ShellWord[], cwd: string | null): string | null {
  if (program === "popd") return null;
  const target = args.find((arg) => !(arg.literal && /^-[LPe@]+$/.test(arg.value)));
  if (!target) return program === "cd" ? "~" : null;
  if (!target.literal || target.value === "-" || target.value.startsWith("+")) return null;
  if (target.value.startsWith("/") || target.value === "~" || target.value.startsWith("~/")) {
    return posix.normalize(target.value);
  }
  return cwd === null ? null : posix.join(cwd, target.value);
}
