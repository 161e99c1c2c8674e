import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { READ_ONLY_ROOT_FIELDS } from '../resources/resource.ts';
import { applyJsonPatch } from './apply-patch.ts';
import { generatePatch, normalizePatch, type Operation } from './generate-patch.ts';

const note = () => ({
  id: 'n1',
  resourceType: 'Note',
  partition: 'p1',
  meta: { versionId: 'v1', lastModified: '2024-01-01T00:00:00Z' },
  title: 'Intake',
  tags: ['a', 'b'],
  sections: [{ text: 'one' }],
});

describe('generatePatch', () => {
  it('produces the RFC 6902 operations between two versions', () => {
    const modified = { ...note(), title: 'Follow-up', tags: ['a'], summary: 'ok' };
    const patch = generatePatch(note(), modified);
    expect(patch).toEqual(
      expect.arrayContaining([
        { op: 'replace', path: '/title', value: 'Follow-up' },
        { op: 'remove', path: '/tags/1' },
        { op: 'add', path: '/summary', value: 'ok' },
      ]),
    );
    expect(patch).toHaveLength(3);
    expect(applyJsonPatch(note(), patch)).toEqual(modified);
  });

  it('drops changes to the read-only root fields', () => {
    const modified = {
      ...note(),
      id: 'n2',
      resourceType: 'Other',
      partition: 'p2',
      meta: { versionId: 'v9', lastModified: 'later' },
      title: 'New',
    };
    expect(generatePatch(note(), modified)).toEqual([{ op: 'replace', path: '/title', value: 'New' }]);
    const { partition: _dropped, ...withoutPartition } = note();
    expect(generatePatch(note(), withoutPartition)).toEqual([]);
  });

  it('keeps changes to nested fields that share a read-only name', () => {
    const original = { ...note(), author: { id: 'a1', meta: 1 } };
    const modified = { ...note(), author: { id: 'a2', meta: 2 } };
    expect(generatePatch(original, modified)).toHaveLength(2);
  });

  it('drops adding an empty array and removing a member that holds one', () => {
    expect(generatePatch(note(), { ...note(), codes: [] })).toEqual([]);
    expect(generatePatch({ ...note(), codes: [] }, note())).toEqual([]);
  });

  it('keeps an empty array added as an array element', () => {
    const patch = generatePatch({ grid: [[1]] }, { grid: [[1], []] });
    expect(patch).toEqual([{ op: 'add', path: '/grid/1', value: [] }]);
  });

  it('compares JSON forms: a Date and its ISO string, or undefined and absent, are no change', () => {
    const when = new Date('2024-05-01T10:00:00Z');
    expect(generatePatch({ signed: when.toISOString() }, { signed: when })).toEqual([]);
    expect(generatePatch({ a: 1, gone: undefined }, { a: 1 })).toEqual([]);
  });

  it('does not let a later operation rewrite the value of an earlier one', () => {
    const patch = normalizePatch({}, [
      { op: 'add', path: '/list', value: [1] },
      { op: 'add', path: '/list/-', value: 2 },
    ]);
    expect(patch[0]).toEqual({ op: 'add', path: '/list', value: [1] });
    expect(applyJsonPatch({}, patch)).toEqual({ list: [1, 2] });
  });
});

describe('normalizePatch rules', () => {
  const doc = { a: 1, list: [1, 2], empty: [], nested: { b: { c: 1 } } };
  const normalize = (ops: Operation[]) => normalizePatch(doc, ops);

  it('drops operations on read-only root fields and on the root', () => {
    expect(
      normalize([
        { op: 'replace', path: '/meta/versionId', value: 'v2' },
        { op: 'add', path: '/id', value: 'x' },
        { op: 'move', from: '/partition', path: '/p' },
        { op: 'replace', path: '', value: {} },
        { op: 'replace', path: '/a', value: 2 },
      ]),
    ).toEqual([{ op: 'replace', path: '/a', value: 2 }]);
  });

  it('drops empty-array adds and removes of empty arrays', () => {
    expect(normalize([{ op: 'add', path: '/more', value: [] }])).toEqual([]);
    expect(normalize([{ op: 'remove', path: '/empty' }])).toEqual([]);
    expect(normalize([{ op: 'remove', path: '/list' }])).toEqual([{ op: 'remove', path: '/list' }]);
  });

  it('drops replaces that change nothing, deep-equal included', () => {
    expect(
      normalize([
        { op: 'replace', path: '/a', value: 1 },
        { op: 'replace', path: '/nested', value: { b: { c: 1 } } },
        { op: 'replace', path: '/list/0', value: 1 },
      ]),
    ).toEqual([]);
    expect(normalize([{ op: 'replace', path: '/list/0', value: 9 }])).toEqual([{ op: 'replace', path: '/list/0', value: 9 }]);
  });

  it('drops removes of paths that do not exist', () => {
    expect(
      normalize([
        { op: 'remove', path: '/missing' },
        { op: 'remove', path: '/list/5' },
        { op: 'remove', path: '/nested/x/y' },
      ]),
    ).toEqual([]);
  });

  it('judges existence after the earlier operations: a second remove of the same path is dropped', () => {
    expect(
      normalize([
        { op: 'remove', path: '/a' },
        { op: 'remove', path: '/a' },
      ]),
    ).toEqual([{ op: 'remove', path: '/a' }]);
  });

  it('turns an add at an existing member into a replace, and drops it when nothing changes', () => {
    expect(normalize([{ op: 'add', path: '/a', value: 2 }])).toEqual([{ op: 'replace', path: '/a', value: 2 }]);
    expect(normalize([{ op: 'add', path: '/a', value: 1 }])).toEqual([]);
  });

  it('keeps an add at an existing array index as an insertion', () => {
    expect(normalize([{ op: 'add', path: '/list/0', value: 0 }])).toEqual([{ op: 'add', path: '/list/0', value: 0 }]);
  });

  it('turns a replace of a missing member into an add', () => {
    expect(normalize([{ op: 'replace', path: '/fresh', value: 1 }])).toEqual([{ op: 'add', path: '/fresh', value: 1 }]);
  });
});

describe('generatePatch properties', () => {
  const reserved = new Set<string>(['__proto__', 'constructor', 'prototype', ...READ_ONLY_ROOT_FIELDS]);
  // Any string key, escapes included ('/', '~'), except names the engine refuses by design.
  const key = fc.string({ maxLength: 4 }).filter((k) => !reserved.has(k));
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.string({ maxLength: 5 }),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 4 }),
    ),
  }));
  const document = fc.dictionary(key, value, { maxKeys: 5 });

  /** `[]` and an absent member are the same to the writable contract, so compare without them. */
  function withoutEmptyArrayMembers(v: unknown): unknown {
    if (Array.isArray(v)) return v.map(withoutEmptyArrayMembers);
    if (typeof v !== 'object' || v === null) return v;
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, m]) => !(Array.isArray(m) && m.length === 0))
        .map(([k, m]) => [k, withoutEmptyArrayMembers(m)]),
    );
  }

  it('applying generatePatch(a, b) to a gives b, up to empty-array members', () => {
    fc.assert(
      fc.property(document, document, (a, b) => {
        const result = applyJsonPatch(a, generatePatch(a, b));
        expect(withoutEmptyArrayMembers(result)).toEqual(withoutEmptyArrayMembers(b));
      }),
      { numRuns: 500 },
    );
  });

  it('applying generatePatch(a, b) to a gives exactly b when neither holds an empty array', () => {
    const noEmptyArrays = (d: object) => JSON.stringify(withoutEmptyArrayMembers(d)) === JSON.stringify(d);
    fc.assert(
      fc.property(document.filter(noEmptyArrays), document.filter(noEmptyArrays), (a, b) => {
        expect(applyJsonPatch(a, generatePatch(a, b))).toEqual(b);
      }),
      { numRuns: 500 },
    );
  });

  it('never touches read-only fields, whatever the two resources hold', () => {
    const resource = fc.record({ id: fc.string(), meta: value, partition: fc.string(), body: document });
    fc.assert(
      fc.property(resource, resource, (a, b) => {
        for (const op of generatePatch(a, b)) expect(op.path).toMatch(/^\/body(\/|$)/);
      }),
      { numRuns: 200 },
    );
  });
});
