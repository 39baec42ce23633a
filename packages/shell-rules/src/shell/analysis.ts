// What a shell analysis finds (the programs that run, what cannot be known) and the bounds it reads within.

/** One shell word as bash passes it to the program: quotes and escapes resolved, run-time parts marked. */
export interface ShellWord {
  /** The word after quote removal; parts expanded at run time are kept as written (`$HOME`, `$(date)`, `*.ts`). */
  value: string;
  /** Nothing in it is expanded at run time: `value` is exactly what the program receives. */
  literal: boolean;
  /** Holds an unquoted glob (`*`, `?`, `[…]`) or brace expansion (`{a,b}`): it may become other or several words. */
  glob: boolean;
  /** `value` with every run-time part (expansion, substitution, glob) replaced by U+0000. */
  shape: string;
}

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
  /**
   * Code known only at run time: `eval`, `bash -c`, `trap` or a wrapper's option given a non-literal string, or a
   * string bash evaluates (`$((x))`, `${x@P}`, `printf -v "$name"`, `PS4=$p`) whose value is not in the command line.
   */
  | "DYNAMIC_CODE"
  /** A shell or interpreter reads its program from a pipe, a non-literal here-doc, or a substituted file. */
  | "CODE_FROM_INPUT"
  /** `source` / `.` runs a file's commands in this shell; so do `BASH_ENV`, `ENV` and `--rcfile` for a new one. */
  | "SOURCE"
  /** `hash -p`, `BASH_CMDS` or `enable -f` make a name run another program than its own. */
  | "REDEFINES"
  /**
   * Code in another language, which a shell check cannot read: given on an interpreter's command line (`python -c`,
   * `perl -e`, `awk 'BEGIN{system(…)}'`, `vim -c '!…'`, `make --eval`) or fed to it as a here-doc or here-string.
   */
  | "INLINE_CODE"
  /**
   * Bash syntax, a builtin's option or a shell option the analysis does not model (builtins.ts, syntax.ts): what it
   * does is not read, so it fails closed rather than pass as data.
   */
  | "UNMODELLED"
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

/**
 * A string bash evaluates as code that is not plain data: arithmetic naming a variable, a subscript, `${x@P}` of
 * text with expansions, an `eval` / `trap` / `-c` body. What it runs is in `commands` (and what cannot be known in
 * `unknowns`); an allow rule approves no command line that holds one.
 */
export interface ShellEvaluated {
  /** Where bash evaluates it: `$((…))`, `let`, `printf -v`, `${…@P}`, `PS4`, `trap`, `bash -c`… */
  context: string;
  /** The string, as written or as it was resolved (shortened past 200 characters). */
  text: string;
  via: readonly string[];
}

export interface ShellAnalysis {
  commands: ShellCommand[];
  unknowns: ShellUnknown[];
  evaluated: ShellEvaluated[];
}

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
export const MAX_PARSE_STEPS = 4_000;
export const MAX_SYNTAX_NODES = 100_000;

/** Stands, in `ShellWord.shape`, for a part only known at run time; bash never passes U+0000 in an argument. */
export const RUNTIME = "\u0000";

// Levels of substitutions, subshells and code-in-strings followed; real commands stay far below.
export const MAX_DEPTH = 200;
const SHOWN_CHARS = 200;

export function shorten(text: string): string {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text;
}

/** Where in the walk something was found: what started the code it is in. */
interface Where {
  via: readonly string[];
}

/** Records a string bash evaluates as code that is not plain data. */
export function evaluated(analysis: ShellAnalysis, scope: Where, context: string, text: string): void {
  analysis.evaluated.push({ context, text: shorten(text), via: scope.via });
}

/** Records something that may run a program the analysis cannot name. */
export function unknown(
  analysis: ShellAnalysis,
  scope: Where,
  code: ShellUnknownCode,
  text: string,
  reason: string,
): void {
  analysis.unknowns.push({ code, text: shorten(text), reason, via: scope.via });
}
