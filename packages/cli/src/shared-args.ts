// Arguments every command accepts.
import type { ArgsDef } from "citty";

export const cwdArg = {
  cwd: { type: "string", description: "Project folder (default: the current directory)", valueHint: "DIR" },
} as const satisfies ArgsDef;

export const cwdArgWithHooks = {
  ...cwdArg,
  hook: {
    type: "string",
    description: "Also load this hook module (repeatable; relative to --cwd; trusted like a configured path)",
    valueHint: "PATH",
  },
} as const satisfies ArgsDef;

/** Every value of a repeatable flag (`--hook a --hook=b`); citty itself keeps only the last one. */
export function listArg(rawArgs: readonly string[], flag: string): string[] {
  const values: string[] = [];
  rawArgs.forEach((arg, i) => {
    if (arg === `--${flag}` && rawArgs[i + 1] !== undefined) values.push(rawArgs[i + 1] as string);
    else if (arg.startsWith(`--${flag}=`)) values.push(arg.slice(flag.length + 3));
  });
  return values;
}

export const jsonArg = {
  json: { type: "boolean", description: "Print one JSON document instead of text", default: false },
} as const satisfies ArgsDef;
