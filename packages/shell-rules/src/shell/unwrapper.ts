// Unwrapper: follows one simple command through the wrappers it is spelled with (`sudo env xargs rm`), recording each program.
import { posix } from "node:path";
import { RUNTIME, type Scope, type ShellAnalysis, shorten, unknown } from "./analysis.js";
import { changeDirectory } from "./cd.js";
import { type CodeReader, codeWord, interpreterCode, shellCode } from "./interpreters.js";
import { skipOptions } from "./options.js";
import { type OptionSpec, type ProgramSpec, programSpec } from "./programs.js";
import { literalWord, runtimeWord, type ShellWord } from "./words.js";

/** Follows one simple command through the wrappers it is spelled with, recording each program that runs. */
export class Unwrapper implements CodeReader {
  constructor(
    readonly analysis: ShellAnalysis,
    /** Reads code as a command line of its own (the walker's `analyseCode`, passed in to keep the modules acyclic). */
    private readonly analyseCode: (code: string, scope: Scope, analysis: ShellAnalysis) => void,
  ) {}

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

  code(text: string, label: string, scope: Scope): void {
    this.analyseCode(
      text,
      { cwd: scope.cwd, via: [...scope.via, label], depth: scope.depth + 1 },
      this.analysis,
    );
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
        shellCode(this, program, args, scope);
        return {};
      case "interpreter":
        interpreterCode(this, spec, program, args, scope);
        return {};
      case "eval": {
        const dynamic = args.find((arg) => !arg.literal);
        if (args.length > 0)
          codeWord(this, dynamic ?? literalWord(args.map((arg) => arg.value).join(" ")), "eval", scope);
        return {};
      }
      case "trap": {
        const first = args[0];
        if (!first || first.value.startsWith("-") || args.length < 2) return {};
        codeWord(this, first, "trap", scope);
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
      if (value !== undefined) codeWord(this, value, `${program} ${option}`, scope);
    }
    const chdir = start.values.get("-C") ?? start.values.get("--chdir") ?? start.values.get("-D");
    const cwd = chdir === undefined ? undefined : changeDirectory("cd", [chdir], scope.cwd);
    let rest = args.slice(start.index);
    // `flock FILE -c 'cmd'`: the string option may follow the operand.
    const late = rest[0] && options.shellString?.includes(rest[0].value) ? rest[1] : undefined;
    if (late) {
      codeWord(this, late, `${program} ${rest[0]!.value}`, scope);
      return {};
    }
    if (program === "coproc" && rest.length > 1 && rest[1]?.value === "{") rest = rest.slice(2);
    else if (program === "coproc" && rest[0]?.value === "{") rest = rest.slice(1);
    const [word, ...tail] = rest;
    return word ? { next: { word, args: tail }, cwd } : { cwd };
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
    // Words supplied at run time (`{}`) become a variable, so the code stays analysable and they stay unknown.
    const code = words.map((word) => (word.literal ? word.value : '"$HOOKWIRE_RUNTIME"')).join(" ");
    codeWord(this, dynamic ?? literalWord(code), label, scope);
  }
}
