// What the analyser knows about programs that run code: one row per program (wrappers, shells, interpreters,
// programs with options whose value is a command) and one per variable bash or a program runs; bash's own builtins
// are builtins.ts'. Adding a program is adding its row.
import { builtinRow } from "./builtins.js";
import type { CodeOption, OptionSpec, ProgramSpec } from "./spec.js";

export type { CodeOption, OptionSpec, ProgramSpec, Reads, Role } from "./spec.js";

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

/**
 * The dynamic loader runs the program it is given (`/lib64/ld-linux-x86-64.so.2 /bin/rm x`): every name glibc, musl
 * and uClibc give it (`ld-linux-x86-64.so.2`, `ld-linux-aarch64.so.1`, `ld64.so.2`, `ld-musl-x86_64.so.1`,
 * `ld-2.31.so`, `ld.so`), wherever it lies (`/lib64`, `/lib`, `/usr/lib/…`, `/usr/bin/ld.so`).
 */
export const DYNAMIC_LOADER = /^ld(?:64)?(?:-[^/]*)?\.so(?:\.[0-9]+)*$/;
const loader = wrapper({
  long: [
    "--argv0",
    "--library-path",
    "--preload",
    "--audit",
    "--inhibit-rpath",
    "--glibc-hwcaps-prepend",
    "--glibc-hwcaps-mask",
  ],
  runsNothing: ["--list", "--verify", "--help", "--version", "--list-tunables", "--list-diagnostics"],
  code: [file("--preload"), file("--audit")],
});

/** The row of a program, bash's builtins first (`printf` is the builtin, not /usr/bin/printf). */
export function programSpec(program: string): ProgramSpec | undefined {
  const builtin = builtinRow(program);
  if (builtin) return builtin.spec;
  if (Object.hasOwn(table, program)) return table[program];
  if (DYNAMIC_LOADER.test(program)) return loader;
  const family = versioned.exec(program)?.[1];
  return family !== undefined ? table[family] : undefined;
}

/** Every program the analyser has a row for, and its row (for the documentation's table); builtins are listed apart. */
export function programRows(): ReadonlyArray<readonly [string, ProgramSpec]> {
  return [...Object.entries(table), ["ld.so, ld-linux*.so*, ld64.so*, ld-musl-*.so*", loader]];
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
  | "redefines"
  /** `set -o` names a new bash turns on at start (`SHELLOPTS=histexpand`). */
  | "options";

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
  SHELLOPTS: "options",
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
