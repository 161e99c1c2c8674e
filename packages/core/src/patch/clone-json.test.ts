import jsonpatch from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { cloneJson } from './clone-json.ts';

const { deepClone } = jsonpatch;

class Point {
  constructor(readonly x: number) {}
}

const sparse: unknown[] = [1];
sparse[2] = 3;
const cyclic: Record<string, unknown> = { a: 1 };
cyclic.self = cyclic;
const protoMember = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as unknown;

/** Values where a member-by-member copy and a JSON round trip could part ways. */
const CASES: [string, unknown][] = [
  ['a resource', { id: 'p1', names: [{ given: ['Jane'], family: 'Doe' }], meta: { versionId: 'v' }, n: 1.5, ok: true, none: null }],
  ['undefined members and items', { a: undefined, b: [undefined, 1] }],
  ['non-finite numbers and -0', { a: NaN, b: Infinity, c: -0, d: [-0] }],
  ['a Date and a toJSON', { at: new Date(0), custom: { toJSON: () => 'x' } }],
  ['an instance of a class', { p: new Point(1) }],
  ['a function member', { f: () => 1, g: 2 }],
  ['a sparse array', { s: sparse }],
  ['a __proto__ member', protoMember],
  ['an object without a prototype', Object.assign(Object.create(null) as object, { a: 1 })],
  ['integer-like keys (ordered first)', { b: 1, 2: 'two', a: 3, 1: 'one' }],
  ['a lone surrogate', { s: '\uD800x' }],
  ['primitives', 'text'],
  ['undefined', undefined],
  ['null', null],
  ['deep nesting', Array.from({ length: 300 }).reduce<unknown>((inner) => ({ inner }), 1)],
];

describe('cloneJson', () => {
  it.each(CASES)('%s: what fast-json-patch deepClone gives', (_name, value) => {
    const copy = cloneJson(value);
    expect(copy).toStrictEqual(deepClone(value));
    expect(JSON.stringify(copy)).toBe(JSON.stringify(deepClone(value)));
    if (typeof value === 'object' && value !== null) expect(copy).not.toBe(value);
  });

  it('shares nothing with the original', () => {
    const original = { list: [{ a: 1 }], nested: { b: { c: 2 } } };
    const copy = cloneJson(original) as typeof original;
    copy.list[0]!.a = 9;
    copy.nested.b.c = 9;
    expect(original).toEqual({ list: [{ a: 1 }], nested: { b: { c: 2 } } });
  });

  it('gives 0 for -0, as JSON does', () => {
    expect(Object.is((cloneJson({ c: -0 }) as { c: number }).c, 0)).toBe(true);
    expect(Object.is((cloneJson([-0]) as number[])[0], 0)).toBe(true);
  });

  it('keeps a __proto__ member a member, and throws on a cycle as JSON does', () => {
    const copy = cloneJson(protoMember) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(() => cloneJson(cyclic)).toThrow(TypeError);
  });
});
