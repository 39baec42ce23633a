// Reading a program's options (`sudo -u x`, `env -C dir`, `xargs -I {}`, `tar --to-command=…`) from its words.
import type { OptionSpec } from "./programs.js";
import { literalWord, type ShellWord } from "./words.js";

export interface Options {
  /** Index of the first word after the options (the command, or the wrapper's operands' end). */
  index: number;
  flags: Set<string>;
  /** Options given a value, in order (an option given twice is there twice). */
  values: Array<readonly [option: string, value: ShellWord]>;
  /** `NAME=value` words read as environment settings (env, sudo). */
  assignments: ShellWord[];
  /** Operands met among the options (when `everywhere`) or skipped as the wrapper's own. */
  operands: ShellWord[];
}

// `env` takes any `NAME=` before the command as a setting (`BASH_FUNC_f%%=…` too).
const ASSIGNMENT = /^[^=-][^=]*=/;

/** The value of an option read, or `undefined`. */
export function optionValue(options: Options, ...names: string[]): ShellWord | undefined {
  return options.values.findLast(([option]) => names.includes(option))?.[1];
}

/**
 * Reads a program's options. A wrapper's stop at its command (`everywhere: false`): the result is `undefined` when
 * a word that may be an option or the command is known only at run time. With `everywhere`, options are read
 * among the operands too (GNU programs take them anywhere before `--`), and operands are collected.
 */
export function readOptions(
  args: readonly ShellWord[],
  spec: OptionSpec,
  everywhere = false,
): Options | undefined {
  const options: Options = { index: 0, flags: new Set(), values: [], assignments: [], operands: [] };
  let i = readSome(args, 0, spec, options, everywhere);
  if (i === undefined) return undefined;
  if (everywhere) return { ...options, index: args.length };
  for (; spec.assignments && i < args.length; i++) {
    const arg = args[i]!;
    if (!ASSIGNMENT.test(arg.value)) break;
    options.assignments.push(arg);
  }
  const operands = Math.min(spec.operands ?? 0, args.length - i);
  options.operands.push(...args.slice(i, i + operands));
  i += operands;
  if (spec.optionsAfterOperands && operands > 0) {
    const after = readSome(args, i, spec, options, false);
    if (after === undefined) return undefined;
    i = after;
  }
  if (i < args.length && !args[i]!.literal) return undefined;
  options.index = i;
  return options;
}

/** Reads options from `start`; returns where they end (the first operand, or past `--`). */
function readSome(
  args: readonly ShellWord[],
  start: number,
  spec: OptionSpec,
  options: Options,
  everywhere: boolean,
): number | undefined {
  const short = spec.short ?? "";
  const takes = (name: string) => spec.counts?.[name] ?? (spec.long?.includes(name) ? 1 : 0);
  let i = start;
  for (; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.literal) {
      // `--arg-file=<(…)`: an option whose value is known only at run time.
      const option = /^(--[A-Za-z0-9-]+)=/.exec(arg.shape);
      if (option) {
        options.values.push([option[1]!, arg]);
        continue;
      }
      if (!everywhere) return undefined;
      options.operands.push(arg);
      continue;
    }
    const value = arg.value;
    if (value === "--") return i + 1;
    if (!value.startsWith("-") || value === "-" || (spec.numericOptions && /^-\d+$/.test(value))) {
      if (spec.numericOptions && /^-\d+$/.test(value)) continue;
      if (!everywhere) return i;
      options.operands.push(arg);
      continue;
    }
    // A word the table lists whole (`--user`, `-TT`, gdb's `-ex`) before it is read as clustered letters.
    const eq = value.startsWith("--") ? value.indexOf("=") : -1;
    const name = eq === -1 ? value : value.slice(0, eq);
    const count = takes(name);
    if (eq !== -1) {
      options.values.push([name, literalWord(value.slice(eq + 1))]);
      continue;
    }
    if (count > 0 || value.startsWith("--")) {
      if (count === 0) {
        options.flags.add(name);
        continue;
      }
      for (let n = 0; n < count && i + 1 < args.length; n++) options.values.push([name, args[++i]!]);
      continue;
    }
    for (let j = 1; j < value.length; j++) {
      const letter = value[j]!;
      if (short.includes(letter)) {
        const attached = value.slice(j + 1);
        const next = attached !== "" ? literalWord(attached) : args[++i];
        if (next) options.values.push([`-${letter}`, next]);
        break;
      }
      options.flags.add(`-${letter}`);
    }
  }
  return i;
}
