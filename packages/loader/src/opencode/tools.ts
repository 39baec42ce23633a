// The one tool table between hookwire's native tools and opencode's: names and argument names, both ways.

/** Native tool → opencode argument names (`native: opencode`); tools not listed keep their arguments. */
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

/** Native input → the `args` an opencode plugin sees (a fresh object it may mutate). */
export function toOpencodeArgs(tool: string, input: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(input);
  const map = ARGUMENTS[tool];
  return map ? rename(copy, map) : copy;
}

/** The plugin's `args` → native input. */
export function fromOpencodeArgs(tool: string, args: Record<string, unknown>): Record<string, unknown> {
  const map = ARGUMENTS[tool];
  if (!map) return args;
  return rename(args, Object.fromEntries(Object.entries(map).map(([native, oc]) => [oc, native])));
}
