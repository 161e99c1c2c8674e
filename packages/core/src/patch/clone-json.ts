/**
 * fast-json-patch's deepClone (`JSON.parse(JSON.stringify(value))` for an object, null for
 * undefined, anything else as it is), without the text round trip for a resource: it copies plain
 * objects, arrays, strings, booleans, null and finite numbers member by member. Anything a JSON
 * round trip would change or drop (undefined, functions, non-finite numbers, holes, `toJSON`,
 * objects that are not plain, a `__proto__` member, a cycle) makes it fall back to that round
 * trip, so the result is always the round trip's.
 */
export function cloneJson(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value !== 'object' || value === null) return value;
  try {
    return copy(value, 0);
  } catch (error) {
    if (error !== NOT_PLAIN && !(error instanceof RangeError)) throw error;
    return roundTrip(value);
  }
}

/** Thrown (never escapes) where the fast copy would differ from the round trip. */
const NOT_PLAIN = new Error('not plain JSON');
/** Deeper than this the round trip copies, without risking the stack here. */
const MAX_DEPTH = 200;

function copy(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw NOT_PLAIN;
      // -0 comes back from JSON as 0.
      return value === 0 ? 0 : value;
    case 'object':
      break;
    default:
      throw NOT_PLAIN;
  }
  if (value === null) return null;
  if (depth >= MAX_DEPTH) throw NOT_PLAIN;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') throw NOT_PLAIN;
  if (Array.isArray(value)) {
    const items = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) throw NOT_PLAIN;
      items[i] = copy(value[i], depth + 1);
    }
    return items;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key === '__proto__') throw NOT_PLAIN;
    result[key] = copy((value as Record<string, unknown>)[key], depth + 1);
  }
  return result;
}

function roundTrip(value: object): unknown {
  return JSON.parse(JSON.stringify(value));
}
