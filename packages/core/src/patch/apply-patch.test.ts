import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import type { Resource } from '../resources/resource.ts';
import { PATCH_MESSAGES, applyJsonPatch, applyResourcePatch, parsePointer, readOnlyFieldAt } from './apply-patch.ts';

interface SuiteCase {
  comment?: string;
  doc?: unknown;
  patch?: unknown;
  expected?: unknown;
  error?: string;
  disabled?: boolean;
}

const require = createRequire(import.meta.url);
const suites: Record<string, SuiteCase[]> = {
  'tests.json': require('json-patch-test-suite/tests.json'),
  'spec_tests.json': require('json-patch-test-suite/spec_tests.json'),
};

/** Runs `fn` and returns the AppError it throws; fails the test if it throws nothing else. */
function appErrorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected an AppError, nothing was thrown');
}

describe('json-patch-test-suite', () => {
  const enabled = Object.entries(suites).flatMap(([file, cases]) =>
    cases
      .map((c, i) => ({ ...c, name: `${file} #${i}: ${c.comment ?? JSON.stringify(c.patch)}` }))
      .filter((c) => !c.disabled && 'doc' in c),
  );

  it('runs every enabled case of both files (4 of 95 are disabled upstream)', () => {
    expect(Object.values(suites).flat()).toHaveLength(95);
    expect(enabled).toHaveLength(91);
  });

  it.each(enabled)('$name', (c) => {
    const before = structuredClone(c.doc);
    if (c.error !== undefined) {
      const error = appErrorOf(() => applyJsonPatch(c.doc, c.patch));
      expect(error.code).toBe('BadRequest');
      expect(error.issues).toHaveLength(1);
    } else if ('expected' in c) {
      expect(applyJsonPatch(c.doc, c.patch)).toEqual(c.expected);
    } else {
      // Cases with neither `expected` nor `error` (passing tests) must simply apply.
      expect(() => applyJsonPatch(c.doc, c.patch)).not.toThrow();
    }
    expect(c.doc).toEqual(before);
  });
});

describe('parsePointer and readOnlyFieldAt', () => {
  it('unescapes ~1 before ~0', () => {
    expect(parsePointer('/a~1b/c~0d/~01')).toEqual(['a/b', 'c~d', '~1']);
    expect(parsePointer('')).toEqual([]);
    expect(parsePointer('/')).toEqual(['']);
  });

  it('finds the read-only root field a pointer is at or under', () => {
    expect(readOnlyFieldAt('/meta/versionId')).toBe('meta');
    expect(readOnlyFieldAt('/id')).toBe('id');
    expect(readOnlyFieldAt('/identifiers/0')).toBeUndefined();
    expect(readOnlyFieldAt('/meta~1x')).toBeUndefined();
    expect(readOnlyFieldAt('/note/meta')).toBeUndefined();
  });
});

const patient = (): Resource => ({
  id: 'p1',
  resourceType: 'Patient',
  partition: 'p1',
  meta: { versionId: 'v1', lastModified: '2024-01-01T00:00:00Z' },
  display: 'Ada',
  names: [{ given: 'Ada' }, { given: 'Grace' }],
});

describe('applyResourcePatch', () => {
  it('applies a valid patch and returns a new resource', () => {
    const input = patient();
    const result = applyResourcePatch(input, [
      { op: 'replace', path: '/display', value: 'Ada L.' },
      { op: 'add', path: '/names/1', value: { given: 'Augusta' } },
      { op: 'test', path: '/names/2/given', value: 'Grace' },
    ]);
    expect(result.display).toBe('Ada L.');
    expect(result.names).toEqual([{ given: 'Ada' }, { given: 'Augusta' }, { given: 'Grace' }]);
    expect(input).toEqual(patient());
  });

  it.each([
    ['replace', '/id', 'id'],
    ['remove', '/meta', 'meta'],
    ['replace', '/meta/versionId', 'meta'],
    ['add', '/resourceType', 'resourceType'],
    ['replace', '/partition', 'partition'],
    ['test', '/meta/versionId', 'meta'],
  ])('refuses %s at %s', (op, path, field) => {
    const error = appErrorOf(() =>
      applyResourcePatch(patient(), [
        { op: 'replace', path: '/display', value: 'x' },
        { op, path, value: 'v1' },
      ]),
    );
    expect(error.message).toBe(`Patch operation 1 cannot change the read-only field ${field}.`);
    expect(error.issues).toEqual([{ path: '1', message: error.message }]);
  });

  it('refuses moving or copying from a read-only field', () => {
    for (const op of ['move', 'copy']) {
      const error = appErrorOf(() => applyResourcePatch(patient(), [{ op, from: '/meta', path: '/x' }]));
      expect(error.message).toBe(PATCH_MESSAGES.readOnlyField(0, 'meta'));
    }
  });

  it('refuses operations on the whole resource', () => {
    const error = appErrorOf(() => applyResourcePatch(patient(), [{ op: 'replace', path: '', value: {} }]));
    expect(error.message).toBe('Patch operation 0 cannot target the whole resource.');
  });

  it('lets the generic engine touch any field, since it knows nothing of resources', () => {
    expect(applyJsonPatch({ id: 'a' }, [{ op: 'replace', path: '/id', value: 'b' }])).toEqual({ id: 'b' });
  });

  it.each([
    { op: 'add', path: '/__proto__/polluted', value: true },
    { op: 'replace', path: '/constructor/prototype/polluted', value: true },
    { op: 'add', path: '/names/constructor', value: true },
    { op: 'add', path: '/prototype', value: true },
    { op: 'copy', from: '/__proto__', path: '/x' },
    { op: 'move', from: '/constructor', path: '/x' },
  ])('refuses prototype changes: $op $path', (operation) => {
    const error = appErrorOf(() => applyJsonPatch(patient(), [operation]));
    expect(error.message).toBe('Patch operation 0 cannot change prototype properties.');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('keeps a parsed "__proto__" member in a value as plain data', () => {
    const operations = JSON.parse('[{"op":"add","path":"/a","value":{"__proto__":{"polluted":true}}}]');
    const result = applyJsonPatch({}, operations) as { a: object };
    expect(Object.getPrototypeOf(result.a)).toBe(Object.prototype);
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('is atomic: a failing later operation leaves the input unchanged', () => {
    const input = patient();
    const error = appErrorOf(() =>
      applyResourcePatch(input, [
        { op: 'replace', path: '/display', value: 'changed' },
        { op: 'remove', path: '/names/0' },
        { op: 'test', path: '/display', value: 'not it' },
      ]),
    );
    expect(error.issues).toEqual([{ path: '2', message: 'Patch operation 2 failed its test.' }]);
    expect(input).toEqual(patient());
  });

  it('does not mutate the caller’s operations when later ones write into an added value', () => {
    const value = { given: 'Mary' };
    const operations = [
      { op: 'add', path: '/names/-', value },
      { op: 'add', path: '/names/2/family', value: 'Shelley' },
    ];
    const result = applyResourcePatch(patient(), operations);
    expect(result.names).toContainEqual({ given: 'Mary', family: 'Shelley' });
    expect(value).toEqual({ given: 'Mary' });
  });

  it('refuses the internal _get op of fast-json-patch', () => {
    const error = appErrorOf(() => applyResourcePatch(patient(), [{ op: '_get', path: '/display' }]));
    expect(error.message).toBe(PATCH_MESSAGES.OPERATION_OP_INVALID(0));
  });
});

describe('patch error mapping', () => {
  const doc = { a: 1, list: [1, 2] };
  const cases: [string, unknown, string][] = [
    ['SEQUENCE_NOT_AN_ARRAY', { op: 'add' }, 'A patch must be an array of operations.'],
    ['OPERATION_NOT_AN_OBJECT', [{ op: 'test', path: '/a', value: 1 }, 'add'], 'Patch operation 1 is not an object.'],
    [
      'OPERATION_OP_INVALID',
      [{ op: 'spam', path: '/a' }],
      'Patch operation 0 has an invalid op; expected add, remove, replace, move, copy or test.',
    ],
    ['OPERATION_PATH_INVALID', [{ op: 'add', path: 'a', value: 1 }], 'Patch operation 0 has an invalid path.'],
    ['OPERATION_FROM_REQUIRED', [{ op: 'move', path: '/b' }], 'Patch operation 0 requires a from path.'],
    ['OPERATION_VALUE_REQUIRED', [{ op: 'add', path: '/b' }], 'Patch operation 0 requires a value.'],
    [
      'OPERATION_VALUE_CANNOT_CONTAIN_UNDEFINED',
      [{ op: 'add', path: '/b', value: { c: undefined } }],
      'Patch operation 0 has a value that contains undefined.',
    ],
    [
      'OPERATION_PATH_CANNOT_ADD',
      [{ op: 'add', path: '/x/y/z', value: 1 }],
      'Patch operation 0 cannot add at its path because the parent does not exist.',
    ],
    ['OPERATION_PATH_UNRESOLVABLE', [{ op: 'remove', path: '/missing' }], 'Patch operation 0 has a path that does not exist.'],
    [
      'OPERATION_FROM_UNRESOLVABLE',
      [{ op: 'copy', from: '/missing', path: '/b' }],
      'Patch operation 0 has a from path that does not exist.',
    ],
    ['OPERATION_PATH_ILLEGAL_ARRAY_INDEX', [{ op: 'add', path: '/list/01x', value: 1 }], 'Patch operation 0 has an illegal array index.'],
    ['OPERATION_VALUE_OUT_OF_BOUNDS', [{ op: 'add', path: '/list/5', value: 1 }], 'Patch operation 0 has an array index out of bounds.'],
    ['TEST_OPERATION_FAILED', [{ op: 'test', path: '/a', value: 2 }], 'Patch operation 0 failed its test.'],
  ];

  it('covers every fast-json-patch failure name', () => {
    const names = Object.keys(PATCH_MESSAGES).filter((k) => /^[A-Z_]+$/.test(k));
    expect(cases.map(([name]) => name).sort()).toEqual(names.sort());
  });

  it.each(cases)('%s', (_name, operations, message) => {
    const error = appErrorOf(() => applyJsonPatch(doc, operations));
    expect(error.code).toBe('BadRequest');
    expect(error.message).toBe(message);
    const index = /operation (\d+)/.exec(message)?.[1] ?? '';
    expect(error.issues).toEqual([{ path: index, message }]);
  });

  it('reports a write below a scalar document as an unresolvable path, not a TypeError', () => {
    expect(appErrorOf(() => applyJsonPatch('text', [{ op: 'add', path: '/a', value: 1 }])).message).toBe(
      PATCH_MESSAGES.OPERATION_PATH_UNRESOLVABLE(0),
    );
  });
});

describe('operations whose op is not a string', () => {
  it('refuses an object op with the invalid-op message instead of crashing', () => {
    const doc = { id: 'x', resourceType: 'Patient', meta: { versionId: '1', lastModified: 'now' }, display: 'a' };
    expect(() => applyResourcePatch(doc, [{ op: { toString: null }, path: '/display' }])).toThrow(
      'Patch operation 0 has an invalid op; expected add, remove, replace, move, copy or test.',
    );
  });
});
