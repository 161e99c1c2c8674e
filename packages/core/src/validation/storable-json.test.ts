import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors/app-error.ts';
import { MAX_JSON_DEPTH, assertStorableJson } from './storable-json.ts';

function problem(value: unknown): string | undefined {
  try {
    assertStorableJson(value);
    return undefined;
  } catch (error) {
    if (!isAppError(error)) throw error;
    return error.message;
  }
}

const nested = (depth: number) => {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

describe('assertStorableJson', () => {
  it('accepts ordinary clinical JSON, including emoji (paired surrogates)', () => {
    expect(problem({ display: 'Zoë 😀', names: [{ family: 'Núñez' }], score: 27, ok: true, none: null })).toBeUndefined();
  });

  it('refuses U+0000 and lone surrogates in values and member names, naming the path', () => {
    expect(problem({ display: 'a\u0000b' })).toBe('body.display contains the character U+0000.');
    expect(problem({ names: [{ family: 'x\uD800' }] })).toBe('body.names.0.family contains an unpaired surrogate.');
    expect(problem({ ['k\uDC00']: 1 })).toBe('A member name in body contains an unpaired surrogate.');
  });

  it('refuses non-finite numbers and __proto__ members', () => {
    expect(problem({ n: Number.POSITIVE_INFINITY })).toBe('body.n is a number too large to store.');
    expect(problem(JSON.parse('{"a":{"__proto__":{"x":1}}}'))).toBe('A member name in body.a is a reserved member name.');
  });

  it('refuses nesting deeper than the limit without overflowing the stack', () => {
    expect(problem(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(problem(nested(MAX_JSON_DEPTH + 1))).toMatch(/nests deeper than 64 levels/);
    expect(problem(nested(100_000))).toMatch(/nests deeper/);
  });
});
