import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError, ErrorCodes, type Issue } from '../errors/app-error.ts';
import { FILTER_LIMITS, isTimestamp, parseFilters, type Filter } from './filter.ts';

/** The issues parseFilters throws for `body`; fails the test when it does not throw an AppError. */
function issuesOf(body: unknown): Issue[] {
  try {
    parseFilters(body);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCodes.BadRequest);
    expect((error as AppError).message).toBe('The query is invalid.');
    return (error as AppError).issues ?? [];
  }
  throw new Error('parseFilters accepted an invalid body');
}

const paths = (body: unknown) => issuesOf(body).map((i) => i.path);
const leaf = (value: unknown = 'x') => ({ field: 'display', op: 'eq', value });
const nest = (levels: number): unknown => (levels === 0 ? leaf() : { and: [nest(levels - 1)] });

describe('parseFilters accepts', () => {
  it('every operator with the values it takes', () => {
    const body: Filter[] = [
      { field: 'name.family', op: 'eq', value: 'Smith' },
      { field: 'display', op: 'eq', value: null },
      { field: 'score', op: 'ne', value: 3.5 },
      { field: 'active', op: 'lt', value: true },
      { field: 'birthDate', op: 'le', value: '1990-01-01' },
      { field: 'score', op: 'gt', value: -1 },
      { field: 'score', op: 'ge', value: 0 },
      { field: 'identifiers.value', op: 'in', value: ['A1', 2, false] },
      { field: 'display', op: 'contains', value: '.*' },
      { field: 'display', op: 'startsWith', value: "O'" },
      { field: 'a.b.c.d.e.f.g.h', op: 'exists', value: false },
      { or: [{ field: 'id', op: 'in', value: ['p1', 'p2'] }, { and: [{ field: 'partition', op: 'eq', value: null }] }] },
      { field: 'meta.lastModified', op: 'ge', value: '2024-02-29T23:59:59.123456+14:00' },
      { field: 'meta.lastModified', op: 'in', value: ['2024-01-01', '2024-01-02T00:00:00Z'] },
      { field: 'meta.versionId', op: 'startsWith', value: 'v' },
      { field: 'meta.isDeleted', op: 'eq', value: false },
    ];
    expect(parseFilters(JSON.parse(JSON.stringify(body)))).toEqual(body);
  });

  it('an empty body, which matches everything', () => {
    expect(parseFilters([])).toEqual([]);
  });

  it('exactly the limits', () => {
    expect(() => parseFilters([nest(FILTER_LIMITS.depth)])).not.toThrow();
    expect(parseFilters(Array.from({ length: FILTER_LIMITS.filters }, () => leaf()))).toHaveLength(100);
    const values = Array.from({ length: FILTER_LIMITS.inValues }, (_, i) => i);
    expect(() => parseFilters([{ field: 'n', op: 'in', value: values }])).not.toThrow();
    expect(() => parseFilters([leaf('é'.repeat(FILTER_LIMITS.stringLength))])).not.toThrow();
  });

  it('fresh objects, so later changes to the input cannot reach SQL', () => {
    const input = [{ or: [leaf()] }];
    const parsed = parseFilters(input);
    expect(parsed).toEqual(input);
    expect(parsed[0]).not.toBe(input[0]);
  });
});

describe('parseFilters refuses', () => {
  it.each([
    ['a non-array body', { field: 'a', op: 'eq', value: 1 }, ''],
    ['a non-object filter', ['display'], '0'],
    ['an unknown operator', [{ field: 'a', op: 'like', value: 'x' }], '0.op'],
    ['a missing operator', [{ field: 'a', value: 'x' }], '0.op'],
    ['a missing value', [{ field: 'a', op: 'exists' }], '0.value'],
    ['an unknown member', [{ field: 'a', op: 'eq', value: 1, not: true }], '0'],
    ['a field with an empty segment', [{ field: 'a..b', op: 'eq', value: 1 }], '0.field'],
    ['a field starting with a digit', [{ field: '1a', op: 'eq', value: 1 }], '0.field'],
    ['a field with SQL in it', [{ field: "a'; DROP TABLE x; --", op: 'eq', value: 1 }], '0.field'],
    ['a field of 9 segments', [{ field: 'a.b.c.d.e.f.g.h.i', op: 'eq', value: 1 }], '0.field'],
    ['a non-string field', [{ field: ['a'], op: 'eq', value: 1 }], '0.field'],
    ['an object value', [{ field: 'a', op: 'eq', value: { $ne: 1 } }], '0.value'],
    ['null for an ordering', [{ field: 'a', op: 'lt', value: null }], '0.value'],
    ['an empty in list', [{ field: 'a', op: 'in', value: [] }], '0.value'],
    ['null in an in list', [{ field: 'a', op: 'in', value: ['x', null] }], '0.value.1'],
    ['a too long in list', [{ field: 'a', op: 'in', value: Array(1001).fill(1) }], '0.value'],
    ['a number for contains', [{ field: 'a', op: 'contains', value: 1 }], '0.value'],
    ['a string for exists', [{ field: 'a', op: 'exists', value: 'true' }], '0.value'],
    ['a string with U+0000', [leaf('a\u0000b')], '0.value'],
    ['a string with an unpaired surrogate', [leaf('a\uD800b')], '0.value'],
    ['a too long string', [leaf('x'.repeat(1025))], '0.value'],
    ['a number for id', [{ field: 'id', op: 'eq', value: 5 }], '0.value'],
    ['a string for meta.isDeleted', [{ field: 'meta.isDeleted', op: 'eq', value: 'true' }], '0.value'],
    ['contains on a timestamp', [{ field: 'meta.lastModified', op: 'contains', value: '2024' }], '0.op'],
    ['an impossible date', [{ field: 'meta.lastModified', op: 'gt', value: '2023-02-29' }], '0.value'],
    ['a bad date in a list', [{ field: 'meta.lastModified', op: 'in', value: ['2024-01-01', 'now'] }], '0.value.1'],
    ['a group with and and or', [{ and: [leaf()], or: [leaf()] }], '0'],
    ['a group with another member', [{ or: [leaf()], field: 'a' }], '0'],
    ['an empty group', [{ or: [] }], '0.or'],
    ['a group that is not an array', [{ and: leaf() }], '0.and'],
    ['a value deep in a group', [leaf(), { or: [leaf(), leaf([])] }], '1.or.1.value'],
  ])('%s', (_, body, path) => {
    expect(paths(body)).toEqual([path]);
  });

  it('groups nested deeper than the limit', () => {
    // nest(6) is six groups around a leaf: the sixth group sits inside five.
    expect(paths([nest(FILTER_LIMITS.depth + 1)])).toEqual(['0.and.0.and.0.and.0.and.0.and.0']);
  });

  it('more than 100 filters, counting groups, once', () => {
    expect(paths(Array.from({ length: 101 }, () => leaf()))).toEqual(['100']);
    // One group of 100 leaves is 101 filters.
    expect(paths([{ and: Array.from({ length: 100 }, () => leaf()) }])).toEqual(['0.and.99']);
    expect(paths(Array.from({ length: 100_000 }, () => leaf()))).toEqual(['100']);
  });

  it('with every problem named, not just the first', () => {
    const issues = issuesOf([{ field: '', op: 'nope', value: 1 }, leaf({})]);
    expect(issues.map((i) => i.path)).toEqual(['0.field', '0.op', '1.value']);
    expect(issues[1]!.message).toContain('eq, ne, lt, le, gt, ge, in, contains, startsWith, exists');
  });

  it('with a bounded number of issues', () => {
    const body = [{ field: 'n', op: 'in', value: Array(1000).fill({}) }];
    expect(issuesOf(body)).toHaveLength(100);
  });

  it('without echoing a huge member name', () => {
    const [issue] = issuesOf([{ ['k'.repeat(10_000)]: 1 }]);
    expect(issue!.message.length).toBeLessThan(120);
  });
});

describe('isTimestamp', () => {
  it.each(['2024-02-29', '0001-01-01', '9999-12-31T23:59:59Z', '2020-01-01T00:00:00.5-03:30'])('accepts %s', (v) => {
    expect(isTimestamp(v)).toBe(true);
  });
  it.each([
    '2023-02-29',
    '1900-02-29',
    '0000-01-01',
    '2024-13-01',
    '2024-04-31',
    '2024-01-01T24:00:00Z',
    '2024-01-01T10:00:00',
    '2024-01-01T10:00Z',
    '2024-01-01T10:00:00.1234567Z',
    '2024-01-01T10:00:00+15:00',
    '2024-01-01 10:00:00Z',
    ' 2024-01-01',
    'yesterday',
  ])('refuses %s', (v) => {
    expect(isTimestamp(v)).toBe(false);
  });
});

describe('parseFilters on arbitrary input', () => {
  const json = fc.jsonValue({ maxDepth: 3 });
  const op = fc.oneof(fc.constantFrom('eq', 'ne', 'lt', 'le', 'gt', 'ge', 'in', 'contains', 'startsWith', 'exists'), json);
  const field = fc.oneof(fc.constantFrom('display', 'id', 'meta.lastModified', 'meta.isDeleted', 'a.b'), json);
  // Shaped like filters so the property reaches value checks, not just "must be an array".
  const filterish = fc.letrec<{ filter: unknown }>((tie) => ({
    filter: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record({ field, op, value: fc.oneof(json, fc.array(json)) }, { requiredKeys: [] }),
      fc.record({ and: fc.oneof(fc.array(tie('filter'), { maxLength: 3 }), json) }),
      fc.record({ or: fc.array(tie('filter'), { maxLength: 3 }) }),
      fc.anything(),
    ),
  })).filter;

  it('never throws anything but a BadRequest AppError with issues', () => {
    fc.assert(
      fc.property(fc.oneof(json, fc.anything(), fc.array(filterish, { maxLength: 5 })), (body) => {
        try {
          expect(Array.isArray(parseFilters(body))).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).code).toBe(ErrorCodes.BadRequest);
          expect((error as AppError).issues?.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
