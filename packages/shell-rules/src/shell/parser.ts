// The bash analysis as the package calls it: loaded on first use, with the grammar, and synchronous after.
// Its code (the grammar's wrapper, the walker, the wrappers' tables) is a chunk of its own: a host whose
// hooks have no `if` rule and whose permission rules name no Bash pattern never compiles it.
import { parserNotLoaded, ShellRulesError } from "../errors.js";
import type { ShellAnalysis } from "./analysis.js";

type Analyser = typeof import("./analyse.js");

let analyser: Analyser | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the grammar; call (and await) once before analysing commands. Idempotent and cheap after the first call,
 * so hot paths may await it every time. Rejects with `ShellRulesError` `SHELL_PARSER_UNAVAILABLE` when the WASM files
 * cannot be loaded (a later call tries again).
 */
export function loadShellParser(): Promise<void> {
  loading ??= load().catch((cause: unknown) => {
    loading = undefined;
    throw new ShellRulesError(
      "SHELL_PARSER_UNAVAILABLE",
      `The bash grammar could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}. ` +
        `Check that "web-tree-sitter" is installed next to @hookwire/shell-rules, and reinstall it.`,
      { cause },
    );
  });
  return loading;
}

async function load(): Promise<void> {
  const loaded = await import("./analyse.js");
  await loaded.initGrammar();
  analyser = loaded;
}

export function isShellParserLoaded(): boolean {
  return analyser !== undefined;
}

/**
 * Parses `command` with the bash grammar (synchronously; `await loadShellParser()` once before) and lists every
 * program it would run, including those in lists, pipelines, subshells, groups, functions, `if`/`for`/`while`/
 * `case`, command and process substitutions, here-strings, `coproc`, `exec`, `time` and `!`; wrappers (`sudo`,
 * `env`, `xargs`, `find -exec`, …) are seen through and `sh -c` / `eval` strings and here-docs to shells are read as
 * code. What cannot be known statically is listed in `unknowns` instead of guessed. Throws `ShellRulesError`
 * `SHELL_PARSER_NOT_LOADED` before the grammar is loaded.
 */
export function shellCommands(command: string): ShellAnalysis {
  if (!analyser) throw parserNotLoaded();
  return analyser.shellCommands(command);
}
