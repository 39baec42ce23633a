// What the shell's own options do to the analysis: `set` / `shopt` / `bash -o` names, `fc`, and builtin options the
// table (builtins.ts) does not list, each read as bash reads it or failed closed.
import { shorten, unknown } from "./analysis.js";
import { type Builtin, SET_LETTERS, SET_OPTIONS, SHOPT_OPTIONS } from "./builtins.js";
import type { CodeReader } from "./evaluate.js";
import type { Scope } from "./scope.js";
import type { OptionSpec } from "./spec.js";
import type { ShellWord } from "./words.js";

const HISTORY_REASON =
  "history expansion is turned on: from the next line, `!` is replaced by earlier commands";

/** A `set -o` name turned on (`set -o histexpand`, `bash -H`): unknown when it changes what the line means. */
export function setOption(reader: CodeReader, label: string, name: string, scope: Scope): void {
  const effect = SET_OPTIONS[name];
  if (effect === "data") return;
  const reason =
    effect === undefined
      ? `\`${label}\` sets \`${shorten(name)}\`, a shell option the analysis does not model`
      : name === "histexpand"
        ? `${HISTORY_REASON}, known only at run time`
        : "`keyword` makes assignments anywhere in a command's words part of its environment";
  unknown(reader.analysis, scope, effect === undefined ? "UNMODELLED" : "DYNAMIC_CODE", label, reason);
}

/** `set [-+]abc… [-+]o NAME … [--] args`: the options turned on; positional parameters are data. */
export function setCommand(reader: CodeReader, args: readonly ShellWord[], scope: Scope): void {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.literal) {
      dynamicOption(reader, "set", arg, scope);
      return;
    }
    const value = arg.value;
    if (value === "--" || value === "-" || !/^[-+]./.test(value)) return;
    const on = value.startsWith("-");
    for (const letter of value.slice(1)) {
      if (letter === "o") {
        const name = args[++i];
        if (!name) break;
        if (!name.literal) dynamicOption(reader, "set -o", name, scope);
        else if (on) setOption(reader, `set -o ${name.value}`, name.value, scope);
        continue;
      }
      const named = SET_LETTERS[letter];
      if (named && on) setOption(reader, `set -${letter}`, named, scope);
    }
  }
}

/** `shopt [-pqsuo] NAME…`: a name bash 5.2 does not have, or a `compat*` level, is not modelled. */
export function shoptCommand(reader: CodeReader, args: readonly ShellWord[], scope: Scope): void {
  let on = false;
  let setNames = false;
  for (const arg of args) {
    if (!arg.literal) {
      dynamicOption(reader, "shopt", arg, scope);
      return;
    }
    if (/^-[pqsuo]+$/.test(arg.value)) {
      if (arg.value.includes("s")) on = true;
      if (arg.value.includes("o")) setNames = true;
      continue;
    }
    if (setNames) {
      if (on) setOption(reader, `shopt -so ${arg.value}`, arg.value, scope);
    } else shoptOption(reader, `shopt ${arg.value}`, arg.value, scope);
  }
}

/** A `shopt` name (`shopt -s NAME`, `bash -O NAME`): one bash 5.2 does not have, or a `compat*` level, is unknown. */
export function shoptOption(reader: CodeReader, label: string, name: string, scope: Scope): void {
  if (SHOPT_OPTIONS.has(name)) return;
  unknown(
    reader.analysis,
    scope,
    "UNMODELLED",
    label,
    `\`${shorten(name)}\` is a shell option the analysis does not model`,
  );
}

function dynamicOption(reader: CodeReader, label: string, word: ShellWord, scope: Scope): void {
  unknown(
    reader.analysis,
    scope,
    "DYNAMIC_CODE",
    `${label} ${word.value}`,
    `\`${label}\` is given \`${shorten(word.value)}\`, known only at run time, where a shell option is expected`,
  );
}

/**
 * `fc`: `-l` lists the history; anything else runs history lines again (`-s`, or after an editor, which `-e CODE`
 * names and which runs as code): what they are is known only at run time.
 */
export function historyCommand(reader: CodeReader, args: readonly ShellWord[], scope: Scope): void {
  let list = false;
  let editor: ShellWord | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.literal || !/^-[elnrs]+$/.test(arg.value)) break;
    if (arg.value.includes("l")) list = true;
    if (arg.value.includes("e")) editor = args[++i];
  }
  if (editor && !(editor.literal && editor.value === "-")) {
    reader.evaluator.codeWord(editor, "fc -e", scope, "same");
  }
  if (list && !editor) return;
  unknown(
    reader.analysis,
    scope,
    "DYNAMIC_CODE",
    ["fc", ...args.map((arg) => arg.value)].join(" "),
    "`fc` runs commands of the shell's history, known only at run time",
  );
}

/**
 * The first option word of a builtin that its row does not list (`read -Z`), or `undefined`. Options are read as
 * bash's builtins read them: clustered letters, a letter that takes a value (`options.short`) ending the cluster,
 * up to `--` or the first word that is not an option.
 */
export function unmodelledOption(
  row: Builtin,
  options: OptionSpec | undefined,
  args: readonly ShellWord[],
): string | undefined {
  const letters = row.letters;
  if (letters === undefined) return undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = arg.value;
    if (!arg.literal || value === "--" || !/^[-+]./.test(value)) return undefined;
    if (value.startsWith("+") && !row.plus) return undefined;
    if (value === "--help") continue;
    for (let j = 1; j < value.length; j++) {
      const letter = value[j]!;
      if (!letters.includes(letter)) return value;
      if (options?.short?.includes(letter) || row.takes?.includes(letter) || (letter === "o" && row.plus)) {
        // `jobs -x cmd -f`: what follows the command is the command's.
        if (row.spec.kind === "builtin" && row.spec.values?.[`-${letter}`] === "command") return undefined;
        if (j === value.length - 1) i++;
        break;
      }
    }
  }
  return undefined;
}
