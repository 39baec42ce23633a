// The one tool table between hookwire's native tools and opencode's: names and argument names, both ways.
// Also `@hookwire/opencode-plugins/tools`, for @hookwire/opencode (hookwire inside opencode: the other direction).

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

/** Native input → the `args` an opencode plugin sees: a deep copy, which it may mutate without reaching `input`. */
export function toOpencodeArgs(tool: string, input: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(input);
  const map = ARGUMENTS[tool];
  return map ? rename(copy, map) : copy;
}

/**
 * The plugin's `args` → native input, sharing the values of `args` (`args` itself when the tool has no renames):
 * copy first when `args` is not yours to hand on.
 */
export function fromOpencodeArgs(tool: string, args: Record<string, unknown>): Record<string, unknown> {
  const map = ARGUMENTS[tool];
  if (!map) return args;
  return rename(args, Object.fromEntries(Object.entries(map).map(([native, oc]) => [oc, native])));
}
