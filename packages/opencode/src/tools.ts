// opencode's tool arguments as hookwire's native tool inputs and back (the loader's opencode table, mirrored:
// the loader keeps its export list short, and this package is the other direction of the same mapping).

/** Native tool → opencode argument names; tools not listed keep their arguments. */
const ARGUMENTS: Record<string, Record<string, string>> = {
  read: { path: "filePath" },
  write: { path: "filePath" },
  edit: { path: "filePath", oldText: "oldString", newText: "newString" },
};

function rename(args: Record<string, unknown>, map: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) out[map[key] ?? key] = value;
  return out;
}

/** opencode's `args` → the native input hooks see (a fresh object). */
export function nativeInput(tool: string, args: Record<string, unknown>): Record<string, unknown> {
  const map = ARGUMENTS[tool];
  if (!map) return { ...args };
  return rename(args, Object.fromEntries(Object.entries(map).map(([native, oc]) => [oc, native])));
}

/** A native input → opencode's `args`. */
export function opencodeArgs(tool: string, input: Record<string, unknown>): Record<string, unknown> {
  const map = ARGUMENTS[tool];
  return map ? rename(input, map) : { ...input };
}
