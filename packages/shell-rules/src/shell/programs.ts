// What the analyser knows about programs that run code: one row per program (wrappers, shells, interpreters,
// builtins that evaluate their arguments, programs with options whose value is a command) and one per variable
// bash or a program runs. Adding a program is adding its row.

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
  | { kind: "cd" };

const shells = [
  "sh",
  "bash",
  "dash",
  "zsh",
  "ksh",
  "ksh93",
  "mksh",
  "pdksh",
  "oksh",
  "loksh",
  "ash",
  "yash",
  "posh",
  "fish",
  "rbash",
  "csh",
  "tcsh",
  "es",
  "rc",
  "elvish",
  "nu",
  "ion",
  "xonsh",
];

const wrapper = (options: OptionSpec = {}): ProgramSpec => ({ kind: "wrapper", options });
const builtin = (
  spec: Omit<Extract<ProgramSpec, { kind: "builtin" }>, "kind" | "options"> & { options?: OptionSpec },
) => ({ kind: "builtin", options: spec.options ?? {}, ...spec }) as ProgramSpec;
const shellOption = (option: string, value?: RegExp): CodeOption => ({ option, reads: "shell", value });
const inline = (option: string): CodeOption => ({ option, reads: "inline" });
const file = (option: string): CodeOption => ({ option, reads: "file" });
const setarch = wrapper({ shellWithout: true });
// `-o ProxyCommand=…` and its kin: commands ssh, scp and sftp run on this machine.
const sshCommands = shellOption("-o", /^(?:ProxyCommand|LocalCommand|KnownHostsCommand)\s*[=\s]\s*/i);
/** An awk program runs commands with `system(…)`, a pipe or `getline` from one. */
const AWK_RUNS = /\bsystem\s*\(|(?:^|[^|])\|(?!\|)|\bgetline\b/;
const awk = (short: string, code: readonly CodeOption[]): ProgramSpec => ({
  kind: "program",
  options: { short, code },
  script: AWK_RUNS,
});

const table: Record<string, ProgramSpec> = {
  // ─── wrappers of the shell and coreutils ───────────────────────────────────────────────────────────────
  command: wrapper({ runsNothing: ["-v", "-V"] }),
  builtin: wrapper(),
  exec: wrapper({ short: "a" }),
  coproc: wrapper(),
  time: wrapper({ short: "fo", long: ["--format", "--output"] }),
  nohup: wrapper(),
  setsid: wrapper(),
  busybox: wrapper(),
  env: wrapper({
    short: "uCS",
    long: ["--unset", "--chdir", "--split-string"],
    assignments: true,
    code: [shellOption("-S"), shellOption("--split-string")],
  }),
  nice: wrapper({ short: "n", long: ["--adjustment"], numericOptions: true }),
  ionice: wrapper({ short: "cnpPu", long: ["--class", "--classdata", "--pid", "--pgid", "--uid"] }),
  timeout: wrapper({ short: "sk", long: ["--signal", "--kill-after"], operands: 1 }),
  stdbuf: wrapper({ short: "ioe", long: ["--input", "--output", "--error"] }),
  chroot: wrapper({ long: ["--groups", "--userspec"], operands: 1, shellWithout: true }),
  chronic: wrapper(),
  unbuffer: wrapper(),
  // ─── privileges, namespaces, scheduling, limits ────────────────────────────────────────────────────────
  sudo: wrapper({
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
    shellWithout: true,
  }),
  doas: wrapper({ short: "uC", shellWithout: true }),
  pkexec: wrapper({ long: ["--user"] }),
  run0: wrapper({ short: "u", long: ["--user", "--chdir", "--setenv", "--property", "--unit", "--nice"] }),
  su: wrapper({
    operands: 1,
    short: "cgGsw",
    long: ["--command", "--session-command", "--group", "--supp-group", "--shell", "--whitelist-environment"],
    code: [shellOption("-c"), shellOption("--command"), shellOption("--session-command")],
    shellWithout: true,
    joinsCommand: "shell-args",
    optionsAfterOperands: true,
  }),
  runuser: wrapper({
    operands: 1,
    short: "cgGsuw",
    long: [
      "--command",
      "--session-command",
      "--group",
      "--supp-group",
      "--shell",
      "--user",
      "--whitelist-environment",
    ],
    code: [shellOption("-c"), shellOption("--command"), shellOption("--session-command")],
    shellWithout: true,
    joinsCommand: "shell-args",
    argvWith: ["-u", "--user"],
    optionsAfterOperands: true,
  }),
  sg: wrapper({
    code: [shellOption("-c")],
    operands: 1,
    optionsAfterOperands: true,
    joinsCommand: "shell",
    shellWithout: true,
  }),
  newgrp: wrapper({ operands: 1, shellWithout: true }),
  setpriv: wrapper({
    long: [
      "--ambient-caps",
      "--inh-caps",
      "--bounding-set",
      "--ruid",
      "--euid",
      "--rgid",
      "--egid",
      "--reuid",
      "--regid",
      "--groups",
      "--securebits",
      "--pdeathsig",
      "--selinux-label",
      "--apparmor-profile",
      "--landlock-access",
      "--landlock-rule",
      "--seccomp-filter",
    ],
  }),
  capsh: wrapper({ commandAfter: ["--"], joinsCommand: "shell-args", shellWithout: true }),
  unshare: wrapper({
    short: "SGRw",
    long: [
      "--setuid",
      "--setgid",
      "--root",
      "--wd",
      "--map-user",
      "--map-group",
      "--map-users",
      "--map-groups",
      "--propagation",
      "--setgroups",
      "--monotonic",
      "--boottime",
    ],
    shellWithout: true,
  }),
  nsenter: wrapper({
    short: "tSGW",
    long: ["--target", "--setuid", "--setgid", "--wdns", "--env"],
    shellWithout: true,
  }),
  taskset: wrapper({ operands: 1, runsNothing: ["-p", "--pid"] }),
  chrt: wrapper({
    short: "TPD",
    long: ["--sched-runtime", "--sched-period", "--sched-deadline"],
    operands: 1,
    runsNothing: ["-p", "--pid", "-m", "--max"],
  }),
  prlimit: wrapper({ short: "po", long: ["--pid", "--output"], runsNothing: ["-p", "--pid"] }),
  setarch: wrapper({ operands: 1, optionsAfterOperands: true, shellWithout: true }),
  linux32: setarch,
  linux64: setarch,
  i386: setarch,
  x86_64: setarch,
  uname26: setarch,
  flock: wrapper({
    short: "wEc",
    long: ["--timeout", "--wait", "--conflict-exit-code", "--command"],
    operands: 1,
    code: [shellOption("-c"), shellOption("--command")],
  }),
  "systemd-run": wrapper({
    short: "pEMH",
    long: [
      "--unit",
      "--property",
      "--description",
      "--slice",
      "--uid",
      "--gid",
      "--nice",
      "--working-directory",
      "--setenv",
      "--machine",
      "--host",
      "--on-active",
      "--on-boot",
      "--on-startup",
      "--on-unit-active",
      "--on-unit-inactive",
      "--on-calendar",
      "--timer-property",
      "--path-property",
      "--socket-property",
      "--service-type",
    ],
  }),
  firejail: wrapper(),
  bwrap: wrapper({
    long: [
      "--args",
      "--uid",
      "--gid",
      "--hostname",
      "--chdir",
      "--unsetenv",
      "--lock-file",
      "--sync-fd",
      "--remount-ro",
      "--exec-label",
      "--file-label",
      "--proc",
      "--dev",
      "--tmpfs",
      "--mqueue",
      "--dir",
      "--seccomp",
      "--add-seccomp-fd",
      "--block-fd",
      "--userns-block-fd",
      "--info-fd",
      "--json-status-fd",
      "--cap-add",
      "--cap-drop",
      "--perms",
      "--size",
      "--argv0",
      "--userns",
      "--userns2",
      "--pidns",
    ],
    counts: {
      "--setenv": 2,
      "--bind": 2,
      "--bind-try": 2,
      "--dev-bind": 2,
      "--dev-bind-try": 2,
      "--ro-bind": 2,
      "--ro-bind-try": 2,
      "--file": 2,
      "--bind-data": 2,
      "--ro-bind-data": 2,
      "--symlink": 2,
      "--chmod": 2,
    },
  }),
  proot: wrapper({
    short: "rbmwvkq",
    long: ["--rootfs", "--bind", "--mount", "--cwd", "--verbose", "--kernel-release", "--qemu"],
  }),
  fakeroot: wrapper({
    short: "lsib",
    long: ["--lib", "--faked", "--fd-base"],
    shellWithout: true,
  }),
  eatmydata: wrapper(),
  faketime: wrapper({ short: "m", operands: 1 }),
  numactl: wrapper({
    short: "CNmipP",
    long: ["--physcpubind", "--cpunodebind", "--membind", "--interleave", "--preferred", "--preferred-many"],
  }),
  cgexec: wrapper({ short: "g" }),
  torsocks: wrapper({ short: "uaPp", long: ["--user", "--pass", "--address", "--port"] }),
  proxychains: wrapper({ short: "f" }),
  proxychains4: wrapper({ short: "f" }),
  tini: wrapper({ short: "pe" }),
  "dumb-init": wrapper({ short: "r", long: ["--rewrite"] }),
  gosu: wrapper({ operands: 1 }),
  "su-exec": wrapper({ operands: 1 }),
  setuidgid: wrapper({ operands: 1 }),
  "xvfb-run": wrapper({
    short: "nsfepw",
    long: ["--server-num", "--server-args", "--auth-file", "--error-file", "--xauth-protocol", "--wait"],
  }),
  catchsegv: wrapper(),
  // ─── programs that trace, debug, log or host a session around a command ───────────────────────────────
  strace: wrapper({
    short: "eEpubIPaoOsSX",
    long: ["--output", "--attach", "--user", "--env", "--trace-path"],
  }),
  ltrace: wrapper({ short: "eEpuaAoslLnxXDF", long: ["--output", "--library"] }),
  valgrind: wrapper(),
  gdb: {
    kind: "program",
    options: {
      short: "xpcdsebD",
      long: [
        "--command",
        "--eval-command",
        "--init-command",
        "--init-eval-command",
        "--pid",
        "--core",
        "--directory",
        "--cd",
        "-ex",
        "-iex",
        "-ix",
      ],
      code: [
        inline("-ex"),
        inline("--eval-command"),
        inline("-iex"),
        inline("--init-eval-command"),
        file("-x"),
        file("--command"),
        file("-ix"),
        file("--init-command"),
      ],
      commandAfter: ["--args"],
    },
    readsStdin: true,
  },
  "start-stop-daemon": wrapper({
    short: "pxnugcsarNPIkdOR",
    long: [
      "--pid",
      "--ppid",
      "--pidfile",
      "--exec",
      "--name",
      "--user",
      "--group",
      "--chuid",
      "--signal",
      "--startas",
      "--chroot",
      "--chdir",
      "--nicelevel",
      "--procsched",
      "--iosched",
      "--umask",
      "--notify-timeout",
      "--output",
      "--retry",
    ],
    code: [
      { option: "-a", reads: "program" },
      { option: "--startas", reads: "program" },
      { option: "-x", reads: "program" },
      { option: "--exec", reads: "program" },
    ],
  }),
  "dbus-run-session": wrapper({ long: ["--config-file", "--dbus-daemon"] }),
  "ssh-agent": wrapper({ short: "aEOPt" }),
  logsave: wrapper({ operands: 1 }),
  // `script [FILE]` runs `-c CMD` or, without it, an interactive shell; its operand is the log file.
  script: {
    kind: "program",
    options: {
      short: "IOBTmcEo",
      long: [
        "--log-in",
        "--log-out",
        "--log-io",
        "--log-timing",
        "--logging-format",
        "--command",
        "--echo",
        "--output-limit",
      ],
      code: [shellOption("-c"), shellOption("--command")],
      shellWithout: true,
    },
  },
  // ─── running a command once per input, file or change ──────────────────────────────────────────────────
  watch: {
    kind: "watch",
    options: { short: "ndq", long: ["--interval", "--differences", "--equexit"] },
  },
  xargs: {
    kind: "xargs",
    options: {
      // `-i`, `-e` and `-l` take a value only when it is attached (`-i{}`), so they are not listed.
      short: "adEILnPs",
      // `--replace`, `--eof` and `--max-lines` take a value only after `=`.
      long: ["--arg-file", "--delimiter", "--max-args", "--max-procs", "--max-chars", "--process-slot-var"],
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
  fd: {
    kind: "program",
    options: {
      short: "tedEScjx",
      long: ["--type", "--extension", "--max-depth", "--exclude", "--size"],
      commandAfter: ["-x", "--exec", "-X", "--exec-batch"],
    },
  },
  rg: { kind: "program", options: { code: [{ option: "--pre", reads: "program" }] } },
  // ─── options whose value is a command ──────────────────────────────────────────────────────────────────
  tar: {
    kind: "program",
    options: {
      short: "fCTXbgKLNVHI",
      long: [
        "--file",
        "--directory",
        "--files-from",
        "--exclude-from",
        "--to-command",
        "--use-compress-program",
        "--info-script",
        "--new-volume-script",
        "--rsh-command",
        "--checkpoint-action",
      ],
      code: [
        shellOption("--to-command"),
        shellOption("--checkpoint-action", /^exec=/),
        shellOption("-I"),
        shellOption("--use-compress-program"),
        shellOption("-F"),
        shellOption("--info-script"),
        shellOption("--new-volume-script"),
        shellOption("--rsh-command"),
      ],
    },
  },
  zip: {
    kind: "program",
    options: {
      long: ["-TT", "--unzip-command", "-b", "-n", "-t", "-tt"],
      code: [shellOption("-TT"), shellOption("--unzip-command")],
    },
  },
  make: {
    kind: "program",
    options: {
      short: "CEfIjlLoOW",
      long: [
        "--directory",
        "--eval",
        "--file",
        "--makefile",
        "--include-dir",
        "--jobs",
        "--load-average",
        "--old-file",
        "--assume-old",
        "--new-file",
        "--what-if",
        "--assume-new",
        "--output-sync",
      ],
      code: [inline("--eval"), inline("-E"), file("-f"), file("--file"), file("--makefile")],
    },
    // `make 'X:=$(shell …)'`: an assignment on make's command line is make code.
    inlineOperands: /\$[({]|`/,
  },
  ssh: {
    kind: "program",
    options: {
      short: "BbcDEeFIiJLlmOoPpQRSWw",
      code: [sshCommands, file("-F")],
    },
  },
  scp: {
    kind: "program",
    options: {
      short: "cDFiJloPSX",
      code: [sshCommands, { option: "-S", reads: "program" }, file("-F")],
    },
  },
  rsync: {
    kind: "program",
    options: {
      short: "eBfMT",
      long: ["--rsh", "--rsync-path"],
      code: [shellOption("-e"), shellOption("--rsh")],
    },
  },
  git: {
    kind: "program",
    options: {
      short: "cC",
      long: ["--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env"],
      code: [
        shellOption("-c", /^alias\.[^=]*=!/i),
        shellOption("-c", /^credential\.(?:[^=]*\.)?helper=!/i),
        shellOption(
          "-c",
          /^(?:core\.(?:pager|editor|sshcommand|fsmonitor|askpass)|sequence\.editor|diff\.external|gpg\.program|pager\.[^=]*|uploadpack\.packobjectshook)=/i,
        ),
      ],
    },
  },
  man: {
    kind: "program",
    options: {
      short: "PCMSpesLmr",
      long: ["--pager", "--config-file", "--manpath"],
      code: [shellOption("-P"), shellOption("--pager")],
    },
  },
  awk: awk("fvF", [file("-f"), file("--file")]),
  gawk: awk("fvFeiEl", [file("-f"), file("--file"), file("-i"), file("--include")]),
  mawk: awk("fvFW", [file("-f")]),
  nawk: awk("fvF", [file("-f")]),
  sed: {
    kind: "program",
    options: {
      short: "efl",
      long: ["--expression", "--file", "--line-length"],
      code: [file("-f"), file("--file")],
    },
  },
  vim: {
    kind: "program",
    options: {
      short: "cSTuUwWirqt",
      long: ["--cmd"],
      code: [inline("-c"), inline("--cmd"), file("-S"), file("-s")],
    },
    inlineOperands: /^\+(?!\d*$)/,
    readsStdin: true,
  },
  ed: { kind: "program", options: { short: "p" }, readsStdin: true },
  sqlite3: {
    kind: "program",
    options: {
      long: ["-cmd", "-init", "-separator", "-newline", "-nullvalue"],
      code: [inline("-cmd"), file("-init")],
    },
    inlineOperands: /^\s*\./,
    readsStdin: true,
  },
  psql: {
    kind: "program",
    options: { short: "cdfhpUvL", code: [inline("-c"), inline("--command"), file("-f"), file("--file")] },
    readsStdin: true,
  },
  mysql: {
    kind: "program",
    options: { short: "eDhPuS", code: [inline("-e"), inline("--execute")] },
    readsStdin: true,
  },
  dc: {
    kind: "program",
    options: { short: "ef", code: [inline("-e"), inline("--expression"), file("-f"), file("--file")] },
    readsStdin: true,
  },
  expect: { kind: "interpreter", inline: /^-[A-Za-z]*c/ },
  // ─── shell builtins that run or evaluate what they are given ───────────────────────────────────────────
  eval: { kind: "eval" },
  trap: { kind: "trap" },
  source: { kind: "source" },
  ".": { kind: "source" },
  let: builtin({ operands: "arithmetic" }),
  printf: builtin({ options: { short: "v" }, values: { "-v": "name" }, operands: [] }),
  read: builtin({ options: { short: "adinNptu" }, values: { "-a": "name" }, operands: "name" }),
  mapfile: builtin({ options: { short: "CcdnOsu" }, values: { "-C": "code" }, operands: "name" }),
  readarray: builtin({ options: { short: "CcdnOsu" }, values: { "-C": "code" }, operands: "name" }),
  getopts: builtin({ operands: ["data", "name"] }),
  wait: builtin({ options: { short: "p" }, values: { "-p": "name" }, operands: [] }),
  test: builtin({ after: { "-v": "name", "-R": "name" } }),
  "[": builtin({ after: { "-v": "name", "-R": "name" } }),
  hash: builtin({ options: { short: "p" }, values: { "-p": "redefines" }, operands: [] }),
  alias: builtin({ operands: "alias" }),
  compgen: builtin({
    options: { short: "ACFGWXoPS" },
    values: { "-C": "code", "-W": "expands" },
    operands: [],
  }),
  complete: builtin({
    options: { short: "ACFGWXoPS" },
    values: { "-C": "code", "-W": "expands" },
    operands: [],
  }),
  bind: builtin({ options: { short: "mqurfx" }, values: { "-x": "binding" }, operands: [] }),
  enable: builtin({ options: { short: "f" }, values: { "-f": "redefines" }, operands: [] }),
  cd: { kind: "cd" },
  pushd: { kind: "cd" },
  popd: { kind: "cd" },
  // ─── interpreters ──────────────────────────────────────────────────────────────────────────────────────
  python: { kind: "interpreter", inline: /^-[A-Za-z]*c/, valueOptions: /^-[A-Za-z]*[mWX]$/ },
  pypy: { kind: "interpreter", inline: /^-[A-Za-z]*c/, valueOptions: /^-[A-Za-z]*[mWX]$/ },
  perl: { kind: "interpreter", inline: /^-[A-Za-z0-9.:]*[eE]/, valueOptions: /^-[A-Za-z]*[IMm]$/ },
  node: {
    kind: "interpreter",
    inline: /^(?:(?:-[A-Za-z]*[ep]|--eval|--print)(?:=|$)|--(?:import|require)=data:)/,
    valueOptions: /^(?:-r|--require|--import|--loader)$/,
  },
  nodejs: { kind: "interpreter", inline: /^(?:-[A-Za-z]*[ep]|--eval|--print)(?:=|$)/ },
  deno: { kind: "interpreter", inline: /^eval$/ },
  bun: { kind: "interpreter", inline: /^(?:-e|--eval|-p|--print)(?:=|$)/ },
  ruby: { kind: "interpreter", inline: /^-[A-Za-z]*e/, valueOptions: /^-[A-Za-z]*[rI]$/ },
  irb: { kind: "interpreter", inline: /^$/ },
  php: { kind: "interpreter", inline: /^-[A-Za-z]*[rRBE]/ },
  lua: { kind: "interpreter", inline: /^-[A-Za-z]*e/ },
  luajit: { kind: "interpreter", inline: /^-[A-Za-z]*e/ },
  Rscript: { kind: "interpreter", inline: /^-e$/ },
  R: { kind: "interpreter", inline: /^-e$/ },
  julia: { kind: "interpreter", inline: /^(?:-e|-E|--eval|--print)$/ },
  guile: { kind: "interpreter", inline: /^-c$/ },
  osascript: { kind: "interpreter", inline: /^-e$/ },
  pwsh: { kind: "interpreter", inline: /^-(?:c|command|encodedcommand|e|ec)$/i },
  powershell: { kind: "interpreter", inline: /^-(?:c|command|encodedcommand|e|ec)$/i },
  tclsh: { kind: "interpreter", inline: /^$/ },
  wish: { kind: "interpreter", inline: /^$/ },
};
for (const shell of shells) table[shell] = { kind: "shell" };
// Other names of the same programs, read the same way.
for (const [name, same] of [
  ["gmake", "make"],
  ["sftp", "scp"],
  ["vi", "vim"],
  ["nvim", "vim"],
  ["view", "vim"],
  ["ex", "vim"],
  ["rvim", "vim"],
  ["fdfind", "fd"],
] as const) {
  table[name] = table[same]!;
}

// `python3.12`, `perl5.36`, `ruby3.2`, `php8.3`, `lua5.4`, `node20`: the version is not part of the name.
const versioned = /^(python|pypy|perl|ruby|php|lua|node|tclsh|wish)[0-9][0-9.]*$/;

export function programSpec(program: string): ProgramSpec | undefined {
  if (Object.hasOwn(table, program)) return table[program];
  const family = versioned.exec(program)?.[1];
  return family !== undefined ? table[family] : undefined;
}

/** Every program the analyser has a row for, and its row (for the documentation's table). */
export function programRows(): ReadonlyArray<readonly [string, ProgramSpec]> {
  return Object.entries(table);
}

/** Shell names whose `-c STRING` is analysed as bash (their grammars agree on what a simple command is). */
export function isShell(program: string): boolean {
  return programSpec(program)?.kind === "shell";
}

/** How bash, or a program, uses a variable's value. */
export type VariableUse =
  /** A prompt bash expands (`PS4` under `set -x`, `PS1` in an interactive shell). */
  | "prompt"
  /** Code this shell runs (`PROMPT_COMMAND`). */
  | "code"
  /** A file a new shell sources at start (`BASH_ENV`, `ENV`). */
  | "source"
  /** A command line a program runs with `sh -c` (`EDITOR`, `PAGER`, `GIT_SSH_COMMAND`). */
  | "command"
  /** An alias definition (`BASH_ALIASES[name]`). */
  | "alias"
  /** A path a name now runs (`BASH_CMDS[name]`). */
  | "redefines";

const variables: Record<string, VariableUse> = {
  PS0: "prompt",
  PS1: "prompt",
  PS2: "prompt",
  PS4: "prompt",
  PROMPT_COMMAND: "code",
  BASH_ENV: "source",
  ENV: "source",
  BASH_ALIASES: "alias",
  BASH_CMDS: "redefines",
  EDITOR: "command",
  VISUAL: "command",
  FCEDIT: "command",
  PAGER: "command",
  MANPAGER: "command",
  SYSTEMD_PAGER: "command",
  GIT_PAGER: "command",
  GIT_EDITOR: "command",
  GIT_SEQUENCE_EDITOR: "command",
  GIT_SSH_COMMAND: "command",
  GIT_SSH: "command",
  GIT_EXTERNAL_DIFF: "command",
  GIT_ASKPASS: "command",
  SSH_ASKPASS: "command",
  SUDO_ASKPASS: "command",
  LESSOPEN: "command",
  LESSCLOSE: "command",
  BROWSER: "command",
};

/** What a variable's value is to bash or the programs it runs; `BASH_FUNC_name%%` holds a function. */
export function variableUse(name: string): VariableUse | "function" | undefined {
  if (name.startsWith("BASH_FUNC_") && name.endsWith("%%")) return "function";
  return Object.hasOwn(variables, name) ? variables[name] : undefined;
}

/** Every variable with a row, for the documentation's table. */
export function variableRows(): ReadonlyArray<readonly [string, VariableUse]> {
  return Object.entries(variables);
}
