import type { Filter, Resource } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { matchesFilters } from './local-filter.ts';

const patient = {
  id: 'p1',
  resourceType: 'Patient',
  meta: { versionId: 'v1', lastModified: '2025-03-01T10:00:00Z' },
  display: 'Zoë Élan',
  birthDate: '1990-05-01',
  identifiers: [{ value: 'A1' }, { value: 'B2' }],
  tags: ['vip'],
  email: null,
} as unknown as Resource;

const matches = (...filters: Filter[]) => matchesFilters(patient, filters);

describe('matchesFilters (docs/query-grammar.md, for items the server has not seen)', () => {
  it('searches arrays element-wise and compares without coercion', () => {
    expect(matches({ field: 'identifiers.value', op: 'eq', value: 'B2' })).toBe(true);
    expect(matches({ field: 'tags', op: 'eq', value: 'vip' })).toBe(true);
    expect(matches({ field: 'identifiers.value', op: 'in', value: ['X', 'A1'] })).toBe(true);
    expect(matches({ field: 'birthDate', op: 'eq', value: 1990 })).toBe(false);
  });

  it('needs that no value matches for ne, eq null and exists false', () => {
    expect(matches({ field: 'identifiers.value', op: 'ne', value: 'A1' })).toBe(false);
    expect(matches({ field: 'email', op: 'eq', value: null })).toBe(true);
    expect(matches({ field: 'email', op: 'exists', value: false })).toBe(true);
    expect(matches({ field: 'display', op: 'ne', value: null })).toBe(true);
  });

  it('orders strings by code point and timestamps as instants; text matching ignores case', () => {
    expect(matches({ field: 'birthDate', op: 'ge', value: '1990-01-01' }, { field: 'birthDate', op: 'lt', value: '2000-01-01' })).toBe(
      true,
    );
    expect(matches({ field: 'meta.lastModified', op: 'gt', value: '2025-03-01T10:30:00+01:00' })).toBe(true);
    expect(matches({ field: 'display', op: 'contains', value: 'ÉLAN' })).toBe(true);
    expect(matches({ field: 'display', op: 'startsWith', value: 'zo' })).toBe(true);
  });

  it('combines with and, or, and the top-level AND', () => {
    expect(
      matches({
        or: [
          { field: 'display', op: 'eq', value: 'x' },
          { field: 'tags', op: 'exists', value: true },
        ],
      }),
    ).toBe(true);
    expect(
      matches({
        and: [
          { field: 'display', op: 'eq', value: 'x' },
          { field: 'tags', op: 'exists', value: true },
        ],
      }),
    ).toBe(false);
    expect(matchesFilters(patient, [])).toBe(true);
  });
});
