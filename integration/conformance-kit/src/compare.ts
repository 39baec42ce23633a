// The terms a hookwire run and the agent's recorded run are compared in: hook inputs as shape + key values.

/**
 * Keys with their value types, recursively; arrays by the shape of their elements. Keys in `shallow` are
 * shaped one level deep only (a model payload whose insides are the SDK's own).
 */
export function shapeOf(value: unknown, shallow: ReadonlySet<string> = new Set(), depth = Infinity): unknown {
  if (value === null) return "null";
  if (Array.isArray(value)) {
    return value.length === 0 ? "array" : ["array of", shapeOf(value[0], shallow, depth - 1)];
  }
  if (typeof value === "object") {
    if (depth <= 0) return "object";
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return Object.fromEntries(
      entries.map(([k, v]) => [k, shapeOf(v, shallow, shallow.has(k) ? 1 : depth - 1)]),
    );
  }
  return typeof value;
}

export function pick(input: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (key in input) out[key] = input[key];
  return out;
}

/** How a suite compares one hook input: which fields must agree in value; the rest must agree in shape. */
export interface InputTerms {
  values: readonly string[];
  /** Fields shaped one level deep only. */
  shallow?: readonly string[];
  /** More of the input to compare (`tool_response.stdout`, `toolResult.resultType`). */
  extra?: (input: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * What is compared of an observation: all of it but the fields in `omit`, each hook input seen through
 * `terms`.
 */
export function comparableBy<O extends { hooks: Record<string, unknown[]> }>(
  terms: InputTerms,
  omit: readonly (keyof O)[] = [],
): (observation: O) => unknown {
  const shallow = new Set(terms.shallow ?? []);
  const view = (input: unknown): unknown => {
    if (typeof input !== "object" || input === null) return input;
    const record = input as Record<string, unknown>;
    return { shape: shapeOf(record, shallow), values: pick(record, terms.values), ...terms.extra?.(record) };
  };
  return (observation) => {
    const rest: Record<string, unknown> = { ...observation };
    for (const key of omit) delete rest[key as string];
    return {
      ...rest,
      hooks: Object.fromEntries(
        Object.entries(observation.hooks).map(([name, runs]) => [name, runs.map(view)]),
      ),
    };
  };
}
