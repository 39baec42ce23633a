// Tool inputs by value: a working copy for the tool_call hooks, and the frozen snapshot the rules check and the tool runs.

type Input = Record<string, unknown>;

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Plain objects and arrays are copied (each getter read once, so a value cannot change between
 * the check and the run); anything else (a Buffer, a class instance) is kept as it is: tool inputs
 * are JSON values, and such objects are the host's own.
 */
function copy(value: unknown, freeze: boolean, seen: Map<object, unknown>): unknown {
  if (typeof value !== "object" || value === null) return value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    seen.set(value, out);
    for (let i = 0; i < value.length; i++) out.push(copy(value[i], freeze, seen));
    return freeze ? Object.freeze(out) : out;
  }
  if (!isPlainObject(value)) return value;
  const out: Input = {};
  seen.set(value, out);
  for (const key of Object.keys(value)) {
    // defineProperty, not assignment: a key named "__proto__" stays data.
    Object.defineProperty(out, key, {
      value: copy((value as Input)[key], freeze, seen),
      enumerable: true,
      writable: !freeze,
      configurable: !freeze,
    });
  }
  return freeze ? Object.freeze(out) : out;
}

/** What the tool_call hooks get: a copy they may change in place (pi's semantics), never the caller's object. */
export function workingCopy(input: Input): Input {
  return copy(input, false, new Map()) as Input;
}

/**
 * The final input, deep-copied and frozen: the permission rules check this object and the tool
 * receives this same object, so nothing a hook kept a reference to can change it in between.
 */
export function frozenInput(input: Input): Readonly<Input> {
  return copy(input, true, new Map()) as Input;
}
