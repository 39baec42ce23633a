// shellCommands: every simple command a bash command line would execute, normalised to the program that runs.
import type { ShellAnalysis } from "./analysis.js";
import { analyseCode } from "./walker.js";

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
