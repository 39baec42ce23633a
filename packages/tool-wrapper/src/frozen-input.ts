// Tool inputs by value: a working copy for the tool_call hooks, and the frozen snapshot the rules check and the tool runs.

type Input = Record<string, unknown>;

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Plain objects and arrays are copied (each getter read once, so a value cannot change between
 * the check and the run); anything else (a Buffer, a class instance) is kept as it is: tool inputs
 * are JSON values, and such objects are the host's own. `seen` (for cycles and shared parts) is
 * made only when there is nesting: a flat input costs one object and its keys.
 */
function copy(value: unknown, freeze: boolean, seen: Map<object, unknown> | undefined): unknown {
  if (typeof value !== "object" || value === null) return value;
  const known = seen?.get(value);
  if (known !== undefined) return known;
  const array = Array.isArray(value);
  if (!array && !isPlainObject(value)) return value;
  const out: Input | unknown[] = array ? [] : {};
  let nested = seen;
  const child = (item: unknown) => {
    if (typeof item !== "object" || item === null) return item;
    if (!nested) {
      nested = new Map();
      nested.set(value, out);
    }
    return copy(item, freeze, nested);
  };
  seen?.set(value, out);
  if (array) {
    for (let i = 0; i < value.length; i++) (out as unknown[]).push(child(value[i]));
  } else {
    for (const key of Object.keys(value)) {
      const item = child((value as Input)[key]);
      // A key named "__proto__" must stay data: assigning it would set the prototype.
      if (key === "__proto__") {
        Object.defineProperty(out, key, {
          value: item,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else (out as Input)[key] = item;
    }
  }
  return freeze ? Object.freeze(out) : out;
}

/** What the tool_call hooks get: a copy they may change in place (pi's semantics), never the caller's object. */
export function workingCopy(input: Input): Input {
  return copy(input, false, undefined) as Input;
}

/**
 * The final input, deep-copied and frozen: the permission rules check this object and the tool
 * receives this same object, so nothing a hook kept a reference to can change it in between.
 */
export function frozenInput(input: Input): Readonly<Input> {
  return copy(input, true, undefined) as Input;
}
