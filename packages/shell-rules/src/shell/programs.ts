// What the analyser knows about programs that run other programs: wrappers, shells, interpreters, eval, source.

/** How a wrapper's own options are read before the command it runs. */
export interface OptionSpec {
  /** Short options that take a value, written `-u root` or `-uroot`. */
  short?: string;
  /** Long options that take a value when written without `=` (`--user root`). */
  long?: readonly string[];
  /** `-10` (nice) is an option, not the command. */
  numericOptions?: boolean;
  /** `NAME=value` words after the options are environment settings (env, sudo). */
  assignments?: boolean;
  /** Operands the wrapper takes before the command (`timeout DURATION`, `flock FILE`). */
  operands?: number;
  /** Options after which the wrapper runs nothing (`command -v rm` only prints). */
  runsNothing?: readonly string[];
  /** Options whose value is a shell command string (`flock -c 'cmd'`, `su -c 'cmd'`, `env -S 'cmd'`). */
  shellString?: readonly string[];
}

export type ProgramSpec =
  /** Runs the command that follows its options: `sudo -u x rm`, `env -i rm`, `timeout 5 rm`. */
  | { kind: "wrapper"; options: OptionSpec }
  /** A shell: `-c STRING` runs the string, otherwise a script file, or standard input when there is none. */
  | { kind: "shell" }
  /** Runs code given inline by one of these options; reads a program from standard input without a script. */
  | { kind: "interpreter"; inline: RegExp; valueOptions?: RegExp }
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
  | { kind: "cd" };

const shells = ["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash", "posh", "fish", "rbash"];

const table: Record<string, ProgramSpec> = {
  command: { kind: "wrapper", options: { runsNothing: ["-v", "-V"] } },
  builtin: { kind: "wrapper", options: {} },
  exec: { kind: "wrapper", options: { short: "a" } },
  coproc: { kind: "wrapper", options: {} },
  time: { kind: "wrapper", options: { short: "fo", long: ["--format", "--output"] } },
  nohup: { kind: "wrapper", options: {} },
  setsid: { kind: "wrapper", options: {} },
  busybox: { kind: "wrapper", options: {} },
  env: {
    kind: "wrapper",
    options: {
      short: "uCS",
      long: ["--unset", "--chdir", "--split-string"],
      assignments: true,
      shellString: ["-S", "--split-string"],
    },
  },
  sudo: {
    kind: "wrapper",
    options: {
      short: "CDghprRtTUu",
      long: [
        "--close-from",
        "--chdir",
        "--group",
        "--host",
        "--prompt",
        "--role",
        "--type",
        "--user",
        "--other-user",
      ],
      assignments: true,
      runsNothing: ["-l", "--list", "-v", "--validate", "-k", "-K", "-e", "--edit", "-V", "--version"],
    },
  },
  doas: { kind: "wrapper", options: { short: "uC" } },
  su: {
    kind: "wrapper",
    options: { short: "cgGsw", long: ["--command", "--group", "--shell"], shellString: ["-c", "--command"] },
  },
  nice: { kind: "wrapper", options: { short: "n", long: ["--adjustment"], numericOptions: true } },
  ionice: { kind: "wrapper", options: { short: "cnp", long: ["--class", "--classdata", "--pid"] } },
  timeout: { kind: "wrapper", options: { short: "sk", long: ["--signal", "--kill-after"], operands: 1 } },
  stdbuf: { kind: "wrapper", options: { short: "ioe", long: ["--input", "--output", "--error"] } },
  flock: {
    kind: "wrapper",
    options: {
      short: "wEc",
      long: ["--timeout", "--wait", "--conflict-exit-code", "--command"],
      operands: 1,
      shellString: ["-c", "--command"],
    },
  },
  chronic: { kind: "wrapper", options: {} },
  unbuffer: { kind: "wrapper", options: {} },
  watch: {
    kind: "watch",
    options: { short: "ndq", long: ["--interval", "--differences", "--equexit"] },
  },
  xargs: {
    kind: "xargs",
    options: {
      // `-i`, `-e` and `-l` take a value only when it is attached (`-i{}`), so they are not listed.
      short: "adEILnPs",
      long: [
        "--arg-file",
        "--delimiter",
        "--eof",
        "--replace",
        "--max-lines",
        "--max-args",
        "--max-procs",
        "--max-chars",
        "--process-slot-var",
      ],
    },
  },
  parallel: {
    kind: "parallel",
    options: {
      short: "jSaIdENLlnCX",
      long: [
        "--jobs",
        "--sshlogin",
        "--arg-file",
        "--delimiter",
        "--colsep",
        "--joblog",
        "--results",
        "--tmpdir",
      ],
    },
  },
  find: { kind: "find" },
  eval: { kind: "eval" },
  trap: { kind: "trap" },
  source: { kind: "source" },
  ".": { kind: "source" },
  cd: { kind: "cd" },
  pushd: { kind: "cd" },
  popd: { kind: "cd" },
  python: { kind: "interpreter", inline: /^-[A-Za-z]*c/, valueOptions: /^-[A-Za-z]*[mWX]$/ },
  pypy: { kind: "interpreter", inline: /^-[A-Za-z]*c/, valueOptions: /^-[A-Za-z]*[mWX]$/ },
  perl: { kind: "interpreter", inline: /^-[A-Za-z0-9.:]*[eE]/, valueOptions: /^-[A-Za-z]*[IMm]$/ },
  node: {
    kind: "interpreter",
    inline: /^(?:-[A-Za-z]*[ep]|--eval|--print)(?:=|$)/,
    valueOptions: /^(?:-r|--require|--import|--loader)$/,
  },
  nodejs: { kind: "interpreter", inline: /^(?:-[A-Za-z]*[ep]|--eval|--print)(?:=|$)/ },
  deno: { kind: "interpreter", inline: /^eval$/ },
  bun: { kind: "interpreter", inline: /^(?:-e|--eval|-p|--print)(?:=|$)/ },
  ruby: { kind: "interpreter", inline: /^-[A-Za-z]*e/, valueOptions: /^-[A-Za-z]*[rI]$/ },
  php: { kind: "interpreter", inline: /^-[A-Za-z]*[rR]/ },
  lua: { kind: "interpreter", inline: /^-[A-Za-z]*e/ },
  luajit: { kind: "interpreter", inline: /^-[A-Za-z]*e/ },
  Rscript: { kind: "interpreter", inline: /^-e$/ },
  osascript: { kind: "interpreter", inline: /^-e$/ },
  pwsh: { kind: "interpreter", inline: /^-(?:c|command|encodedcommand|e|ec)$/i },
  powershell: { kind: "interpreter", inline: /^-(?:c|command|encodedcommand|e|ec)$/i },
  tclsh: { kind: "interpreter", inline: /^$/ },
};
for (const shell of shells) table[shell] = { kind: "shell" };

// `python3.12`, `perl5.36`, `ruby3.2`, `php8.3`, `lua5.4`, `node20`: the version is not part of the name.
const versioned = /^(python|pypy|perl|ruby|php|lua|node)[0-9][0-9.]*$/;

export function programSpec(program: string): ProgramSpec | undefined {
  if (Object.hasOwn(table, program)) return table[program];
  const family = versioned.exec(program)?.[1];
  return family !== undefined ? table[family] : undefined;
}

/** Shell names whose `-c STRING` is analysed as bash (their grammars agree on what a simple command is). */
export function isShell(program: string): boolean {
  return programSpec(program)?.kind === "shell";
}
