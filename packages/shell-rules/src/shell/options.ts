// Reading a wrapper's options (`sudo -u x`, `env -C dir`, `xargs -I {}`) to find the command it runs.
import type { OptionSpec } from "./programs.js";
import { literalWord, type ShellWord } from "./words.js";

export interface Options {
  /** Index of the first word after the options (the command, or the wrapper's operands' end). */
  index: number;
  flags: Set<string>;
  values: Map<string, ShellWord>;
}

/** Reads a wrapper's options; `undefined` when a word that may be an option is only known at run time. */
export function skipOptions(args: readonly ShellWord[], spec: OptionSpec): Options | undefined {
  const flags = new Set<string>();
  const values = new Map<string, ShellWord>();
  const short = spec.short ?? "";
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.literal) return undefined;
    const value = arg.value;
    if (value === "--") {
      i++;
      break;
    }
    if (!value.startsWith("-") || value === "-") break;
    if (value.startsWith("--")) {
      const eq = value.indexOf("=");
      const name = eq === -1 ? value : value.slice(0, eq);
      if (eq !== -1) values.set(name, literalWord(value.slice(eq + 1)));
      else if (spec.long?.includes(name)) {
        const next = args[++i];
        if (next) values.set(name, next);
      } else flags.add(name);
      continue;
    }
    if (spec.numericOptions && /^-\d+$/.test(value)) continue;
    for (let j = 1; j < value.length; j++) {
      const letter = value[j]!;
      if (short.includes(letter)) {
        const attached = value.slice(j + 1);
        const next = attached !== "" ? literalWord(attached) : args[++i];
        if (next) values.set(`-${letter}`, next);
        break;
      }
      flags.add(`-${letter}`);
    }
  }
  for (; spec.assignments && i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.literal && /^[A-Za-z_][A-Za-z0-9_]*=/.test(arg.value)) continue;
    if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(arg.value)) break;
  }
  for (let operand = 0; operand < (spec.operands ?? 0) && i < args.length; operand++) i++;
  if (i < args.length && !args[i]!.literal) return undefined;
  return { index: i, flags, values };
}
