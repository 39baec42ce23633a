// Every builtin of bash 5.2 (`enable -a`), each with what it does to the analysis: the one place that knows them.
// A test compares it with the running bash's list; a builtin option not listed here is unmodelled and fails closed.
import type { OptionSpec, ProgramSpec } from "./spec.js";

/** One builtin: how the walk reads it, and the option letters it is known to take. */
export interface Builtin {
  spec: ProgramSpec;
  /**
   * Every option letter bash 5.2 accepts (`help NAME`); an option word with another letter is not modelled, and the
   * command fails closed. Absent: its words are not options (`echo -x` prints `-x`, `kill -9` is a signal).
   */
  letters?: string;
  /** `+x` turns an option off (`set +e`, `declare +x`): read like `-x`. */
  plus?: boolean;
  /** Letters whose option takes the next word (`history -d -1`), for a row whose spec does not list them. */
  takes?: string;
}

/** Runs nothing and evaluates none of its words: prints, tests, or changes state the walk does not depend on. */
const DATA: ProgramSpec = { kind: "data" };
const data = (letters?: string, plus = false): Builtin => ({ spec: DATA, letters, plus });
const declaration = (letters: string): Builtin => ({ spec: { kind: "declaration" }, letters, plus: true });
const wrapper = (options: OptionSpec = {}): ProgramSpec => ({ kind: "wrapper", options });
const builtin = (
  spec: Omit<Extract<ProgramSpec, { kind: "builtin" }>, "kind" | "options"> & { options?: OptionSpec },
): ProgramSpec => ({ kind: "builtin", options: spec.options ?? {}, ...spec });
/** `declare`, `typeset`, `local`: their names and values are read by the walk (a declaration node). */
const DECLARE = "aAfFgiIlnprtux";

const table: Record<string, Builtin> = {
  // ─── run what they are given ───────────────────────────────────────────────────────────────────────────
  eval: { spec: { kind: "eval" } },
  trap: { spec: { kind: "trap" }, letters: "lp" },
  source: { spec: { kind: "source" } },
  ".": { spec: { kind: "source" } },
  command: { spec: wrapper({ runsNothing: ["-v", "-V"] }), letters: "pVv" },
  builtin: { spec: wrapper() },
  exec: { spec: wrapper({ short: "a" }), letters: "cla" },
  // `jobs -x cmd args` runs cmd with job specs replaced by process ids.
  jobs: { spec: builtin({ options: { short: "x" }, values: { "-x": "command" } }), letters: "lnprsx" },
  // `fc` runs commands of the history (`-s`, or an editor: `-e CODE` is code, and so are the lines it runs).
  fc: { spec: { kind: "history" } },
  // ─── evaluate some of their words ──────────────────────────────────────────────────────────────────────
  let: { spec: builtin({ operands: "arithmetic" }) },
  printf: {
    spec: builtin({ options: { short: "v" }, values: { "-v": "name" }, operands: [] }),
    letters: "v",
  },
  read: {
    spec: builtin({ options: { short: "adinNptu" }, values: { "-a": "name" }, operands: "name" }),
    letters: "ersadinNptu",
  },
  mapfile: {
    spec: builtin({ options: { short: "CcdnOsu" }, values: { "-C": "code" }, operands: "name" }),
    letters: "CcdnOstu",
  },
  readarray: {
    spec: builtin({ options: { short: "CcdnOsu" }, values: { "-C": "code" }, operands: "name" }),
    letters: "CcdnOstu",
  },
  getopts: { spec: builtin({ operands: ["data", "name"] }) },
  wait: {
    spec: builtin({ options: { short: "p" }, values: { "-p": "name" }, operands: [] }),
    letters: "fnp",
  },
  test: { spec: builtin({ after: { "-v": "name", "-R": "name" } }) },
  "[": { spec: builtin({ after: { "-v": "name", "-R": "name" } }) },
  hash: {
    spec: builtin({ options: { short: "p" }, values: { "-p": "redefines" }, operands: [] }),
    letters: "lrpdt",
  },
  alias: { spec: builtin({ operands: "alias" }), letters: "p" },
  compgen: {
    spec: builtin({
      options: { short: "ACFGWXoPS" },
      values: { "-C": "code", "-W": "expands" },
      operands: [],
    }),
    letters: "abcdefgjksuvoAGWFCXPS",
  },
  complete: {
    spec: builtin({
      options: { short: "ACFGWXoPS" },
      values: { "-C": "code", "-W": "expands" },
      operands: [],
    }),
    letters: "abcdefgjksuvprDEIoAGWFCXPS",
  },
  bind: {
    spec: builtin({ options: { short: "mfqurx" }, values: { "-x": "binding" }, operands: [] }),
    letters: "lpsvPSVXmfqurx",
  },
  // `enable -f FILE` loads code; `-n NAME` turns a builtin off, so the name runs a program found on PATH.
  enable: {
    spec: builtin({ options: { short: "f" }, values: { "-f": "redefines" }, after: { "-n": "redefines" } }),
    letters: "adnpsf",
  },
  // ─── change the shell's options: `set -H` turns on history expansion, `set -k` moves assignments ───────
  set: { spec: { kind: "options" }, letters: "abefhkmnptuvxBCEHPTo", plus: true },
  shopt: { spec: { kind: "options" }, letters: "pqsuo" },
  // ─── declarations (the walk reads their names and values; run by a wrapper, read again as one) ─────────
  declare: declaration(DECLARE),
  typeset: declaration(DECLARE),
  local: declaration(DECLARE),
  export: declaration("fnp"),
  readonly: declaration("aAfp"),
  unset: { spec: { kind: "declaration" }, letters: "fvn" },
  // ─── the directory stack ───────────────────────────────────────────────────────────────────────────────
  cd: { spec: { kind: "cd" }, letters: "LPe@" },
  pushd: { spec: { kind: "cd" } },
  popd: { spec: { kind: "cd" } },
  dirs: data(),
  // ─── data: they print, test, or change what the walk does not depend on ────────────────────────────────
  ":": data(),
  true: data(),
  false: data(),
  echo: data(),
  pwd: data("LP"),
  type: data("afptP"),
  help: data("dms"),
  history: { spec: DATA, letters: "cdanrwps", takes: "d" },
  times: data(),
  caller: data(),
  compopt: data("oDEI", true),
  unalias: data("a"),
  umask: data("pS"),
  ulimit: data("SHabcdefiklmnpqrstuvxPRT"),
  kill: data(),
  bg: data(),
  fg: data(),
  disown: data("har"),
  suspend: data("f"),
  break: data(),
  continue: data(),
  return: data(),
  exit: data(),
  logout: data(),
  shift: data(),
};

/** The builtin `name`, or `undefined` when bash has no builtin of that name. */
export function builtinRow(name: string): Builtin | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/** Every builtin, for the documentation's table and the test that compares it with bash's own list. */
export function builtinRows(): ReadonlyArray<readonly [string, Builtin]> {
  return Object.entries(table);
}

/** `set -o` names (and `shopt -o`): history expansion and `keyword` change what the rest of the line means. */
export const SET_OPTIONS: Readonly<Record<string, "data" | "unknown">> = {
  allexport: "data",
  braceexpand: "data",
  emacs: "data",
  errexit: "data",
  errtrace: "data",
  functrace: "data",
  hashall: "data",
  // `!` in every later line is replaced by an earlier command: what follows is known only at run time.
  histexpand: "unknown",
  history: "data",
  ignoreeof: "data",
  "interactive-comments": "data",
  // Assignments anywhere in a command's words go to its environment (`ls BASH_ENV=x`).
  keyword: "unknown",
  monitor: "data",
  noclobber: "data",
  noexec: "data",
  noglob: "data",
  nolog: "data",
  notify: "data",
  nounset: "data",
  onecmd: "data",
  physical: "data",
  pipefail: "data",
  posix: "data",
  privileged: "data",
  verbose: "data",
  vi: "data",
  xtrace: "data",
};

/** The `set` letters that stand for those names (`-H` is `histexpand`, `-k` is `keyword`). */
export const SET_LETTERS: Readonly<Record<string, string>> = { H: "histexpand", k: "keyword" };

/**
 * `shopt` names bash 5.2 has. The `compat*` levels change how bash reads quoting, subscripts and arithmetic from
 * the next line on, which the analysis does not model; every other one leaves what it reads as it was.
 */
export const SHOPT_OPTIONS: ReadonlySet<string> = new Set([
  "autocd",
  "assoc_expand_once",
  "cdable_vars",
  "cdspell",
  "checkhash",
  "checkjobs",
  "checkwinsize",
  "cmdhist",
  "complete_fullquote",
  "direxpand",
  "dirspell",
  "dotglob",
  "execfail",
  "expand_aliases",
  "extdebug",
  "extglob",
  "extquote",
  "failglob",
  "force_fignore",
  "globasciiranges",
  "globskipdots",
  "globstar",
  "gnu_errfmt",
  "histappend",
  "histreedit",
  "histverify",
  "hostcomplete",
  "huponexit",
  "inherit_errexit",
  "interactive_comments",
  "lastpipe",
  "lithist",
  "localvar_inherit",
  "localvar_unset",
  "login_shell",
  "mailwarn",
  "no_empty_cmd_completion",
  "nocaseglob",
  "nocasematch",
  "noexpand_translation",
  "nullglob",
  "patsub_replacement",
  "progcomp",
  "progcomp_alias",
  "promptvars",
  "restricted_shell",
  "shift_verbose",
  "sourcepath",
  "varredir_close",
  "xpg_echo",
]);
