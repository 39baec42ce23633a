// Arguments every command accepts.
import type { ArgsDef } from "citty";

export const cwdArg = {
  cwd: { type: "string", description: "Project folder (default: the current directory)", valueHint: "DIR" },
} as const satisfies ArgsDef;

export const jsonArg = {
  json: { type: "boolean", description: "Print one JSON document instead of text", default: false },
} as const satisfies ArgsDef;
