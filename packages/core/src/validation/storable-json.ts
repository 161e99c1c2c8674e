import { badRequest } from '../errors/app-error.ts';

/** How deep a resource body may nest; real clinical documents stay far below it. */
export const MAX_JSON_DEPTH = 64;

// A lone surrogate half: valid in a JavaScript string, refused by PostgreSQL's jsonb.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function badText(value: string): string | undefined {
  if (value.includes('\u0000')) return 'contains the character U+0000';
  if (LONE_SURROGATE.test(value)) return 'contains an unpaired surrogate';
  return undefined;
}

/**
 * Refuses a body PostgreSQL could not store or we could not give back as it came: U+0000 or
 * unpaired surrogates in any string or member name, numbers that are not finite (`1e400` parses
 * to Infinity and would come back as null), `__proto__` members, and nesting beyond 64 levels.
 * The message names the path of the first bad value. Iterative, so depth cannot overflow the stack.
 */
export function assertStorableJson(value: unknown, root = 'body'): void {
  // Each entry knows its parent and key, so a path is spelled out only for the value refused:
  // every write checks its whole body, and almost all pass.
  const stack: Entry[] = [{ value, up: undefined, key: root, depth: 0 }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const v = entry.value;
    if (typeof v === 'string') {
      const problem = badText(v);
      if (problem) throw invalidAt(entry, (path) => `${path} ${problem}.`);
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw invalidAt(entry, (path) => `${path} is a number too large to store.`);
    } else if (typeof v === 'object' && v !== null) {
      const depth = entry.depth;
      if (depth >= MAX_JSON_DEPTH) throw invalidAt(entry, (path) => `${path} nests deeper than ${MAX_JSON_DEPTH} levels.`);
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) stack.push({ value: v[i], up: entry, key: i, depth: depth + 1 });
        continue;
      }
      for (const key of Object.keys(v)) {
        const keyProblem = key === '__proto__' ? 'is a reserved member name' : badText(key);
        if (keyProblem) throw invalidAt(entry, (path) => `A member name in ${path} ${keyProblem}.`);
        stack.push({ value: (v as Record<string, unknown>)[key], up: entry, key, depth: depth + 1 });
      }
    }
  }
}

/** A value still to check, and where it is: its parent's entry and its key or index there. */
interface Entry {
  value: unknown;
  up: Entry | undefined;
  key: string | number;
  depth: number;
}

/** `body.names.0.family`: the root's name, then each key down to the entry. */
function pathOf(entry: Entry): string {
  const keys: (string | number)[] = [];
  for (let e: Entry | undefined = entry; e; e = e.up) keys.push(e.key);
  return keys.reverse().join('.');
}

function invalidAt(entry: Entry, message: (path: string) => string) {
  const path = pathOf(entry);
  return invalid(path, message(path));
}

function invalid(path: string, message: string) {
  return badRequest(message, [{ path, message }]);
}
