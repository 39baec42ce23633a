// Where `actual` differs from what `expected` asks for, read as a subset (vitest's toMatchObject): the first path.

export interface SubsetDifference {
  /** The JSON path of the first difference: `outcome.reason`, `trace[0].decision`. */
  path: string;
  expected: unknown;
  actual: unknown;
  /** Set when the key is not in `actual` at all: the keys that are there, for a did-you-mean. */
  keys?: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const child = (path: string, key: string | number) =>
  typeof key === "number"
    ? `${path}[${key}]`
    : /^[A-Za-z_$][\w$]*$/.test(key)
      ? path
        ? `${path}.${key}`
        : key
      : `${path}[${JSON.stringify(key)}]`;

/**
 * Objects: every key `expected` names must match (others in `actual` are ignored). Arrays: the same length,
 * each element matched as a subset. Anything else: equal as JSON values.
 */
export function subsetDifference(
  expected: unknown,
  actual: unknown,
  path = "",
): SubsetDifference | undefined {
  if (isObject(expected)) {
    if (!isObject(actual)) return { path, expected, actual };
    for (const [key, value] of Object.entries(expected)) {
      if (!Object.hasOwn(actual, key))
        return { path: child(path, key), expected: value, actual: undefined, keys: Object.keys(actual) };
      const found = subsetDifference(value, actual[key], child(path, key));
      if (found) return found;
    }
    return undefined;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return { path, expected, actual };
    for (const [i, value] of expected.entries()) {
      const found = subsetDifference(value, actual[i], child(path, i));
      if (found) return found;
    }
    return undefined;
  }
  return Object.is(expected, actual) ? undefined : { path, expected, actual };
}
