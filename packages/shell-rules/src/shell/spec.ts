// How the tables (programs.ts, builtins.ts) describe a program: its options, and what it does with its words.

/** How an option's value (or an operand) is run. */
export type Reads =
  /** Shell code another shell runs (`su -c`, `tar --to-command`, `git -c alias.x=!…`): read as bash. */
  | "shell"
  /** Code in another language (`gdb -ex`, `vim -c`, `make --eval`): it fails closed. */
  | "inline"
  /** A file of code (`make -f`, `awk -f`): from standard input or a substitution it fails closed; a named file is run. */
  | "file"
  /** The program to run (`start-stop-daemon --exec`, `rg --pre`), its arguments after `--`. */
  | "program";

export interface CodeOption {
  option: string;
  reads: Reads;
  /** Only a value this matches is code, and the code is what follows the match (`exec=` of `--checkpoint-action`). */
  value?: RegExp;
}

/** How a program's own options are read. */
export interface OptionSpec {
  /** Short options that take a value, written `-u root` or `-uroot`. */
  short?: string;
  /** Long options that take a value when written without `=` (`--user root`); also whole words such as `-TT`. */
  long?: readonly string[];
  /** Options that take more than one value (`bwrap --bind SRC DEST`). */
  counts?: Readonly<Record<string, number>>;
  /** `-10` (nice) is an option, not the command. */
  numericOptions?: boolean;
  /** `NAME=value` words after the options are environment settings (env, sudo). */
  assignments?: boolean;
  /** Operands the wrapper takes before the command (`timeout DURATION`, `chroot NEWROOT`). */
  operands?: number;
  /** Options may follow the operands too (`setarch ARCH -R cmd`, `su USER -c cmd`). */
  optionsAfterOperands?: boolean;
  /** Options after which it runs nothing (`command -v rm` only prints). */
  runsNothing?: readonly string[];
  /** Options whose value is code or a program. */
  code?: readonly CodeOption[];
  /** The command follows one of these words, not the options (`gdb … --args cmd`, `fd … -x cmd`). */
  commandAfter?: readonly string[];
  /** Without a command it runs a shell, which reads standard input (`chroot`, `unshare`, `su`, `script`). */
  shellWithout?: boolean;
  /** Its command words are one shell command (`sg GROUP cmd…`; `su USER args…` hands them to the shell). */
  joinsCommand?: "shell" | "shell-args";
  /** With one of these options it runs its command words as they are instead (`runuser -u USER cmd`). */
  argvWith?: readonly string[];
}

/** What a builtin does with a word it is given. */
export type Role =
  /** A variable name, whose subscript bash expands and evaluates. */
  | "name"
  /** An arithmetic expression. */
  | "arithmetic"
  /** Code this shell runs. */
  | "code"
  /** `NAME=VALUE`: the value is code run where the name is typed. */
  | "alias"
  /** A path or library that makes a name run something else than its own program. */
  | "redefines"
  /** The command to run, with the words after it as its arguments (`jobs -x cmd args`). */
  | "command"
  /** A word list bash expands (`compgen -W '$(…)'`). */
  | "expands"
  /** `"KEYSEQ": command` (`bind -x`). */
  | "binding";

export type ProgramSpec =
  /** Runs the command that follows its options: `sudo -u x rm`, `env -i rm`, `timeout 5 rm`. */
  | { kind: "wrapper"; options: OptionSpec }
  /** Runs no command of its argv, but may run code through options, operands or its standard input. */
  | {
      kind: "program";
      options: OptionSpec;
      /** Operands matching this are code in its language (`vim +'!…'`, `sqlite3 db '.shell …'`). */
      inlineOperands?: RegExp;
      /** Its first operand is a program in its language, which runs commands when it matches (`awk 'BEGIN{system(…)}'`). */
      script?: RegExp;
      /** It reads commands from standard input (`ed`, `ex`, `sqlite3`, `gdb`). */
      readsStdin?: boolean;
    }
  /** A shell: `-c STRING` runs the string, otherwise a script file, or standard input when there is none. */
  | { kind: "shell" }
  /** Runs code given inline by one of these options; reads a program from standard input without a script. */
  | { kind: "interpreter"; inline: RegExp; valueOptions?: RegExp }
  /** A builtin that evaluates some of its words: option values and operands by role (`read NAME`, `let EXPR`). */
  | {
      kind: "builtin";
      options: OptionSpec;
      values?: Readonly<Record<string, Role>>;
      /** The role of every operand, or of each in turn (the last repeats). */
      operands?: Role | readonly (Role | "data")[];
      /** The word after one of these is of that role (`test -v NAME`). */
      after?: Readonly<Record<string, Role>>;
    }
  /** Its arguments, joined by spaces, are shell code: `eval`. */
  | { kind: "eval" }
  /** Its first argument is shell code run later: `trap 'cmd' EXIT`. */
  | { kind: "trap" }
  /** Runs a file in the current shell: `source`, `.`. */
  | { kind: "source" }
  /** `find … -exec CMD {} ;` and its `-execdir`, `-ok`, `-okdir`. */
  | { kind: "find" }
  /** Runs its command with arguments read from standard input. */
  | { kind: "xargs"; options: OptionSpec }
  /** Joins its arguments into a shell command (`watch` without `-x`, `parallel`). */
  | { kind: "watch"; options: OptionSpec }
  | { kind: "parallel"; options: OptionSpec }
  /** Changes the directory later commands of the same shell run in. */
  | { kind: "cd" }
  /** A builtin that runs nothing and evaluates none of its words (`echo`, `pwd`, `true`): builtins.ts. */
  | { kind: "data" }
  /** `declare`, `typeset`, `local`, `export`, `readonly`, `unset`: names and values bash assigns or evaluates. */
  | { kind: "declaration" }
  /** Runs commands of the shell's history (`fc`): known only at run time. */
  | { kind: "history" }
  /** Sets the shell's options (`set`, `shopt`), some of which change what the rest of the line means. */
  | { kind: "options" };
