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
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const problem = badText(v);
      if (problem) throw invalid(path, `${path} ${problem}.`);
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw invalid(path, `${path} is a number too large to store.`);
    } else if (typeof v === 'object' && v !== null) {
      if (depth >= MAX_JSON_DEPTH) throw invalid(path, `${path} nests deeper than ${MAX_JSON_DEPTH} levels.`);
      if (Array.isArray(v)) {
        v.forEach((item, i) => stack.push({ value: item, path: `${path}.${i}`, depth: depth + 1 }));
        continue;
      }
      for (const [key, item] of Object.entries(v)) {
        const keyProblem = key === '__proto__' ? 'is a reserved member name' : badText(key);
        if (keyProblem) throw invalid(path, `A member name in ${path} ${keyProblem}.`);
        stack.push({ value: item, path: `${path}.${key}`, depth: depth + 1 });
      }
    }
  }
}

function invalid(path: string, message: string) {
  return badRequest(message, [{ path, message }]);
}
