// Unwrapper: follows one simple command through the wrappers it is spelled with (`sudo env xargs rm`), recording each program.
import { posix } from "node:path";
import { type ShellAnalysis, shorten, unknown } from "./analysis.js";
import { builtinRow } from "./builtins.js";
import { changeDirectory } from "./cd.js";
import type { CodeReader, Evaluator } from "./evaluate.js";
import { codeFromStdin, interpreterCode, scriptSource, shellCode, sourced } from "./interpreters.js";
import { type Options, optionValue, readOptions } from "./options.js";
import {
  type CodeOption,
  type OptionSpec,
  type ProgramSpec,
  programSpec,
  type Role,
  variableUse,
} from "./programs.js";
import type { Scope } from "./scope.js";
import { historyCommand, setCommand, setOption, shoptCommand, unmodelledOption } from "./shell-options.js";
import { isSupplied, literalWord, quotedCommand, runtimeWord, type ShellWord, wordValues } from "./words.js";

type Next = { word: ShellWord; args: readonly ShellWord[] };
type Step = { next?: Next; label?: string; cwd?: string | null };

/** Follows one simple command through the wrappers it is spelled with, recording each program that runs. */
export class Unwrapper implements CodeReader {
  constructor(
    readonly analysis: ShellAnalysis,
    readonly evaluator: Evaluator,
  ) {}

  /**
   * Returns the directory the shell is in after the command. `declared`: the command is a declaration the walk
   * has read already (a `declaration_command` node), recorded here as the program it also is.
   */
  run(word: ShellWord, args: readonly ShellWord[], scope: Scope, declared = false): string | null {
    let current: Next | undefined = { word, args };
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
      if (!path.includes("/") && this.unmodelled(program, spec, current.args, { ...scope, via }))
        return scope.cwd;
      const step: Step =
        spec.kind === "declaration"
          ? this.declaration(program, current.args, { ...scope, via, cwd }, declared && hops === 0)
          : this.step(spec, program, current.args, { ...scope, via, cwd });
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

  private step(spec: ProgramSpec, program: string, args: readonly ShellWord[], scope: Scope): Step {
    switch (spec.kind) {
      case "wrapper":
        return this.wrapper(spec.options, program, args, scope);
      case "program":
        return this.program(spec, program, args, scope);
      case "builtin":
        return this.builtin(spec, program, args, scope);
      case "data":
      case "declaration":
        return {};
      case "history":
        historyCommand(this, args, scope);
        return {};
      case "options":
        if (program === "set") setCommand(this, args, scope);
        else shoptCommand(this, args, scope);
        return {};
      case "shell":
        shellCode(this, program, args, scope);
        return {};
      case "interpreter":
        interpreterCode(this, spec, program, args, scope);
        return {};
      case "eval": {
        const code = args[0]?.value === "--" ? args.slice(1) : args;
        if (code.length > 0) this.joined(code, "eval", scope, "same");
        return {};
      }
      case "trap":
        this.trap(args, scope);
        return {};
      case "source":
        this.source(program, args, scope);
        return {};
      case "find":
        this.find(args, scope);
        return {};
      case "xargs":
        return this.xargs(spec.options, program, args, scope);
      case "watch": {
        const start = readOptions(args, spec.options);
        if (start === undefined) return this.unknownOptions(program, args, scope);
        const command = args.slice(start.index);
        if (start.flags.has("-x") || start.flags.has("--exec")) {
          const [word, ...rest] = command;
          return word ? { next: { word, args: rest } } : {};
        }
        this.joined(command, "watch", scope, "new");
        return {};
      }
      case "parallel":
        this.parallel(spec.options, args, scope);
        return {};
      case "cd":
        return { cwd: changeDirectory(program, args, scope.cwd) };
    }
  }

  /**
   * A declaration the grammar did not read as one (`builtin declare -n r`, `command typeset -i x=…`, `"local" …`):
   * read again as the statement bash runs, so its names and values are evaluated as a typed one's are.
   */
  private declaration(program: string, args: readonly ShellWord[], scope: Scope, declared: boolean): Step {
    if (declared) return {};
    const text = quotedCommand(program, args);
    if (text !== undefined) this.evaluator.code(text, program, scope, "same");
    else {
      const dynamic = args.find((arg) => !arg.literal)!;
      unknown(
        this.analysis,
        scope,
        "DYNAMIC_CODE",
        `${program} ${dynamic.value}`,
        `\`${program}\` is given \`${shorten(dynamic.value)}\`, known only at run time, where it declares names`,
      );
    }
    return {};
  }

  /** A builtin given an option its row does not list: what it does is not modelled, so it is an unknown. */
  private unmodelled(program: string, spec: ProgramSpec, args: readonly ShellWord[], scope: Scope): boolean {
    const row = builtinRow(program);
    const options = "options" in spec ? spec.options : undefined;
    const option = row && unmodelledOption(row, options, args);
    if (option === undefined) return false;
    unknown(
      this.analysis,
      scope,
      "UNMODELLED",
      `${program} ${option}`,
      `\`${shorten(option)}\` is an option of the builtin \`${program}\` that the analysis does not model`,
    );
    return true;
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

  private wrapper(options: OptionSpec, program: string, args: readonly ShellWord[], scope: Scope): Step {
    let start = readOptions(args, options);
    if (start === undefined) return this.unknownOptions(program, args, scope);
    // `runuser -u USER cmd` runs its command words; `runuser USER args` hands them to a shell like `su`.
    const argv = options.argvWith?.some((option) => optionValue(start!, option) || start!.flags.has(option));
    if (argv) {
      start = readOptions(args, { ...options, operands: 0, optionsAfterOperands: false });
      if (start === undefined) return this.unknownOptions(program, args, scope);
    }
    if (options.runsNothing?.some((option) => start!.flags.has(option) || optionValue(start!, option)))
      return {};
    this.assignments(start.assignments, scope);
    const ran = this.codeOptions(options.code, start, program, scope);
    const chdir = optionValue(start, "-C", "--chdir", "-D", "--wd", "-d");
    const cwd = chdir === undefined ? undefined : changeDirectory("cd", [chdir], scope.cwd);
    let rest = args.slice(start.index);
    const after = options.commandAfter;
    if (after) {
      const at = args.findIndex((arg, i) => i >= start!.index - 1 && after.includes(arg.value));
      rest = at === -1 ? [] : args.slice(at + 1);
    }
    if (ran.program) return { next: { word: ran.program, args: rest }, cwd };
    // `flock FILE -c 'cmd'`: the string option may follow the operand.
    const late = options.code?.find((option) => option.option === rest[0]?.value && option.reads === "shell");
    if (late && rest[1]) {
      this.evaluator.codeWord(rest[1], `${program} ${late.option}`, scope, "new");
      return {};
    }
    if (program === "coproc" && rest.length > 1 && rest[1]?.value === "{") rest = rest.slice(2);
    else if (program === "coproc" && rest[0]?.value === "{") rest = rest.slice(1);
    if (options.joinsCommand && !argv && rest.length > 0) {
      if (options.joinsCommand === "shell") this.joined(rest, program, scope, "new");
      else shellCode(this, "sh", rest, scope);
      return {};
    }
    const [word, ...tail] = rest;
    if (word) return { next: { word, args: tail }, cwd };
    // Without a command it starts a shell, which runs what its standard input holds.
    if (options.shellWithout && !ran.code) codeFromStdin(this, program, scope, "shell");
    return { cwd };
  }

  /** Programs that run no command of their words, but code through options, operands or standard input. */
  private program(
    spec: Extract<ProgramSpec, { kind: "program" }>,
    program: string,
    args: readonly ShellWord[],
    scope: Scope,
  ): Step {
    const after = spec.options.commandAfter;
    const at = after ? args.findIndex((arg) => after.includes(arg.value)) : -1;
    const own = at === -1 ? args : args.slice(0, at);
    const options = readOptions(own, spec.options, true)!;
    const ran = this.codeOptions(spec.options.code, options, program, scope);
    const operands = options.operands;
    const inline = spec.inlineOperands
      ? operands.find((word) => !word.literal || spec.inlineOperands!.test(word.value))
      : undefined;
    const scriptText =
      spec.script && !options.values.some(([option]) => option === "-f" || option === "--file")
        ? operands[0]
        : undefined;
    if (inline || (scriptText && (!scriptText.literal || spec.script!.test(scriptText.value)))) {
      const word = inline ?? scriptText!;
      unknown(
        this.analysis,
        scope,
        "INLINE_CODE",
        `${program} ${word.value}`,
        `\`${program}\` runs \`${shorten(word.value)}\`, code in its own language, which a shell check cannot read`,
      );
    }
    if (spec.readsStdin && !ran.code) codeFromStdin(this, program, scope, "other");
    if (spec.options.shellWithout && !ran.code) codeFromStdin(this, program, scope, "shell");
    if (ran.program) return { next: { word: ran.program, args: [] } };
    if (at !== -1 && args[at + 1]) {
      // `fd -x cmd args`, `gdb --args cmd args`: each found path or value is an argument known only at run time.
      const [word, ...rest] = args.slice(at + 1);
      return {
        next: { word: word!, args: program === "gdb" ? rest : [...rest, runtimeWord("{}")] },
        label: `${program} ${args[at]!.value}`,
      };
    }
    return {};
  }

  /** The code an option's value holds: read as bash, failed closed, or a program to run next. */
  private codeOptions(
    code: readonly CodeOption[] | undefined,
    options: Options,
    program: string,
    scope: Scope,
  ): { code: boolean; program?: ShellWord } {
    let ran = false;
    let next: ShellWord | undefined;
    for (const [name, value] of options.values) {
      for (const option of code ?? []) {
        if (option.option !== name) continue;
        let word = value;
        if (option.value) {
          const match = value.literal ? option.value.exec(value.value) : null;
          if (!match && value.literal) continue;
          if (match) word = literalWord(value.value.slice(match[0].length));
        }
        ran = true;
        const label = `${program} ${name}`;
        if (option.reads === "shell") this.evaluator.codeWord(word, label, scope, "new");
        else if (option.reads === "program") next = word;
        else if (option.reads === "inline") {
          unknown(
            this.analysis,
            scope,
            "INLINE_CODE",
            `${label} ${word.value}`,
            `\`${label}\` runs code in ${program}'s own language, which a shell check cannot read`,
          );
        } else this.codeFile(label, word, scope);
      }
    }
    return { code: ran, program: next };
  }

  /** `make -f FILE`, `awk -f FILE`: a file is run (not an unknown); standard input or a substitution is. */
  private codeFile(label: string, word: ShellWord, scope: Scope): void {
    const from = scriptSource(word);
    if (from === "file") return;
    if (from === "stdin") codeFromStdin(this, label, scope, "other");
    else {
      unknown(
        this.analysis,
        scope,
        "CODE_FROM_INPUT",
        `${label} ${word.value}`,
        `\`${label}\` runs \`${shorten(word.value)}\`, input known only at run time`,
      );
    }
  }

  /** `env VAR=…`, `sudo VAR=…`: a variable bash or a program runs is code. */
  private assignments(words: readonly ShellWord[], scope: Scope): void {
    for (const word of words) {
      const eq = word.value.indexOf("=");
      const name = word.value.slice(0, eq);
      const use = variableUse(name);
      if (!use) continue;
      const value = word.literal ? literalWord(word.value.slice(eq + 1)) : runtimeWord(word.value);
      this.variable(name, use, value, scope);
    }
  }

  /** The value of a variable bash or a program runs, checked as what it is to them. */
  variable(
    name: string,
    use: NonNullable<ReturnType<typeof variableUse>>,
    value: ShellWord,
    scope: Scope,
  ): void {
    switch (use) {
      case "prompt":
        this.evaluator.promptWord(value, name, scope);
        break;
      case "code":
        this.evaluator.codeWord(value, name, scope, "same");
        break;
      case "alias":
        this.evaluator.codeWord(value, `alias ${name}`, scope, "same");
        break;
      case "command": {
        // `LESSOPEN='|cmd %s'`: the bar says the output is piped.
        const text = value.literal ? literalWord(value.value.replace(/^\|\|?/, "")) : value;
        this.evaluator.codeWord(text, name, scope, "new");
        break;
      }
      case "function": {
        const body = value.literal
          ? literalWord(`${name.slice("BASH_FUNC_".length, -2)} ${value.value}`)
          : value;
        this.evaluator.codeWord(body, name, scope, "new");
        break;
      }
      case "source":
        sourced(this, name, value, scope);
        break;
      case "redefines":
        this.redefines(name, value, scope);
        break;
      case "options":
        // Known only at run time, the names are checked as one unknown name (it fails closed).
        for (const option of value.literal ? value.value.split(":") : [value.value])
          if (option !== "") setOption(this, name, option, scope);
        break;
    }
  }

  private throughNameref(label: string, name: string, scope: Scope): void {
    unknown(
      this.analysis,
      scope,
      "DYNAMIC_CODE",
      `${label} ${name}`,
      `\`${label}\` assigns through the nameref \`${name}\`: the name it refers to is known only at run time`,
    );
  }

  private redefines(label: string, value: ShellWord, scope: Scope): void {
    unknown(
      this.analysis,
      scope,
      "REDEFINES",
      `${label} ${value.value}`,
      `\`${label}\` makes a name run \`${shorten(value.value)}\` instead of its own program`,
    );
  }

  /** A builtin that evaluates words: `let`, `printf -v`, `read`, `mapfile -C`, `test -v`, `hash -p`, `alias`… */
  private builtin(
    spec: Extract<ProgramSpec, { kind: "builtin" }>,
    program: string,
    args: readonly ShellWord[],
    scope: Scope,
  ): Step {
    if (spec.after) {
      args.forEach((arg, i) => {
        const role = arg.literal ? spec.after![arg.value] : undefined;
        if (role && args[i + 1]) this.role(role, args[i + 1]!, `${program} ${arg.value}`, scope);
      });
    }
    if (!spec.values && spec.operands === undefined) return {};
    // A word known only at run time among the options: every word is read as an option or an operand alike.
    const leading = readOptions(args, spec.options);
    const options = leading ?? readOptions(args, spec.options, true)!;
    for (const [name, value] of options.values) {
      const role = spec.values?.[name];
      // `jobs -x cmd args`: the command runs with the words after it.
      if (role === "command") return { next: { word: value, args: args.slice(args.indexOf(value) + 1) } };
      if (role) this.role(role, value, `${program} ${name}`, scope);
    }
    const operands = leading ? args.slice(leading.index) : options.operands;
    operands.forEach((word, i) => {
      const roles = spec.operands;
      const role = typeof roles === "string" ? roles : roles?.[Math.min(i, roles.length - 1)];
      if (role && role !== "data") this.role(role, word, program, scope);
    });
    return {};
  }

  private role(role: Role, word: ShellWord, label: string, scope: Scope): void {
    switch (role) {
      case "name":
        this.evaluator.nameWord(word, label, scope);
        // `declare -n r; read r`: what is read becomes the name `r` refers to, and bash evaluates its subscript.
        if (word.literal && scope.variables.isNameref(word.value.replace(/\[.*$/s, ""))) {
          this.throughNameref(label, word.value, scope);
        }
        // `declare -i n; read n`: what is read into an integer variable is evaluated as arithmetic.
        if (word.literal && scope.variables.integers.has(word.value.replace(/\[.*$/s, ""))) {
          this.evaluator.arithmeticWord(runtimeWord(`(${label} input)`), `${word.value}=`, scope);
        }
        break;
      case "arithmetic":
        this.evaluator.arithmeticWord(word, label, scope);
        break;
      case "code":
        this.evaluator.codeWord(word, label, scope, "same");
        break;
      case "alias": {
        const texts = wordValues(word, (name) => scope.variables.valuesOf(name, scope.definite));
        if (!texts) {
          this.evaluator.codeWord(word, "alias", scope, "same");
          break;
        }
        for (const text of texts) {
          const eq = text.indexOf("=");
          if (eq !== -1) this.evaluator.code(text.slice(eq + 1), `alias ${text.slice(0, eq)}`, scope, "same");
        }
        break;
      }
      case "redefines":
        this.redefines(label, word, scope);
        break;
      case "expands":
        this.evaluator.promptWord(word, label, scope);
        break;
      case "command":
        // Only as an option's value (`jobs -x`), read in `builtin`.
        break;
      case "binding": {
        // `bind -x '"\C-x": cmd'`: the command follows the key sequence and its colon.
        const colon = word.value.indexOf(":");
        this.evaluator.codeWord(
          word.literal ? literalWord(word.value.slice(colon + 1)) : word,
          label,
          scope,
          "same",
        );
        break;
      }
    }
  }

  /** `trap [--] CODE SIGNAL…`: CODE runs later; `trap -p`, `trap -l`, `trap - SIG` and `trap '' SIG` run nothing. */
  private trap(args: readonly ShellWord[], scope: Scope): void {
    let i = 0;
    while (i < args.length && args[i]!.literal && /^-[lp]+$/.test(args[i]!.value)) i++;
    if (args[i]?.value === "--") i++;
    const code = args[i];
    if (!code || args.length <= i + 1 || (code.literal && (code.value === "-" || code.value === ""))) return;
    this.evaluator.codeWord(code, "trap", scope, "same");
  }

  /** `source FILE`, `. FILE`: the file's commands run here; `/dev/stdin` is what standard input holds. */
  private source(program: string, args: readonly ShellWord[], scope: Scope): void {
    const file = args[0]?.value === "--" ? args[1] : args[0];
    if (file && scriptSource(file) === "stdin" && scope.stdin?.kind === "code") {
      this.evaluator.code(scope.stdin.text, `${program} ${scope.stdin.via}`, scope, "same");
      return;
    }
    unknown(
      this.analysis,
      scope,
      "SOURCE",
      [program, ...args.map((arg) => arg.value)].join(" "),
      `\`${program}\` runs the commands of a file, which a check of the command line cannot see`,
    );
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

  /**
   * `xargs [options] cmd args`: cmd runs with words from standard input appended, or, with `-I R` / `-i` /
   * `--replace`, put where `R` (`{}`) is written: a word holding it is known only at run time.
   */
  private xargs(options: OptionSpec, program: string, args: readonly ShellWord[], scope: Scope): Step {
    const start = readOptions(args, options);
    if (start === undefined) return this.unknownOptions(program, args, scope);
    let replace = optionValue(start, "-I", "--replace")?.value;
    for (const arg of args.slice(0, start.index)) {
      if (arg.value === "-i" || arg.value === "--replace") replace ??= "{}";
      else if (/^-i./.test(arg.value)) replace ??= arg.value.slice(2);
    }
    const command = args.slice(start.index);
    const [word, ...rest] = command.length > 0 ? command : [literalWord("echo")];
    const supplied =
      replace !== undefined
        ? rest.map((arg) => (arg.value.includes(replace!) ? runtimeWord(arg.value) : arg))
        : [...rest, runtimeWord("(arguments from standard input)")];
    return { next: { word: word!, args: supplied } };
  }

  private parallel(options: OptionSpec, args: readonly ShellWord[], scope: Scope): void {
    const start = readOptions(args, options);
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
    this.joined(words, "parallel", scope, "new");
  }

  /** `eval`, `watch`, `parallel`, `sg` join their words into one shell command. */
  private joined(words: readonly ShellWord[], label: string, scope: Scope, shell: "same" | "new"): void {
    if (words.length === 0) return;
    // Words supplied at run time (`{}`) become a variable, so the code stays analysable and they stay unknown.
    const parts = words.map((word) =>
      isSupplied(word)
        ? ['"$HOOKWIRE_RUNTIME"']
        : wordValues(word, (name) => scope.variables.valuesOf(name, scope.definite)),
    );
    if (parts.some((part) => part === undefined)) {
      const dynamic = words.find((_word, i) => parts[i] === undefined)!;
      this.evaluator.codeWord(dynamic, label, scope, shell);
      return;
    }
    let texts: string[] = [""];
    for (const part of parts)
      texts = texts.flatMap((before) => part!.map((value) => (before ? `${before} ${value}` : value)));
    for (const text of texts.slice(0, 32)) this.evaluator.code(text, label, scope, shell);
  }
}
