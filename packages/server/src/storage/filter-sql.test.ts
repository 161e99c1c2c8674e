import { describe, expect, it } from 'vitest';
import type { Filter, FilterTarget } from '@caseload/core';
import { searchesText, walkFirst } from './filter-sql.ts';

/** Which pages walk their sort order first, and which filters narrow that walk (resource-search.ts). */

const PATIENTS: FilterTarget = { name: 'Patients', indexedFilterFields: ['status'], textSearchPaths: ['display'] };
const city = (value: string): Filter => ({ field: 'address.city', op: 'eq', value });
const since: Filter = { field: 'meta.lastModified', op: 'ge', value: '2026-01-01' };
const notFemale: Filter = { field: 'gender', op: 'ne', value: 'female' };

describe('walkFirst', () => {
  it('walks first for an equality on a body field, tested on each row', () => {
    expect(walkFirst([city('Salem')], PATIENTS)).toEqual({ inWalk: [], onRows: [city('Salem')] });
    const anyOf: Filter = { field: 'address.city', op: 'in', value: ['Salem', 'Dover'] };
    expect(walkFirst([anyOf], PATIENTS)).toEqual({ inWalk: [], onRows: [anyOf] });
  });

  it('narrows the walk by column fields and tests the other body filters on its rows', () => {
    expect(walkFirst([since, city('Salem'), notFemale], PATIENTS)).toEqual({ inWalk: [since], onRows: [city('Salem'), notFemale] });
  });

  it('leaves pages to the planner when no filter is a body equality the GIN index can look up', () => {
    expect(walkFirst([], PATIENTS)).toBeUndefined();
    expect(walkFirst([notFemale, since], PATIENTS)).toBeUndefined();
    expect(walkFirst([{ field: 'address.city', op: 'eq', value: null }], PATIENTS)).toBeUndefined();
    expect(walkFirst([{ field: 'address.city', op: 'startsWith', value: 'Sa' }], PATIENTS)).toBeUndefined();
  });

  it('leaves pages with an indexed filter field to that field’s index', () => {
    expect(walkFirst([city('Salem'), { field: 'status', op: 'eq', value: 'Final' }], PATIENTS)).toBeUndefined();
    // On a field the type does not index, the same test is a body equality.
    expect(walkFirst([{ field: 'status', op: 'eq', value: 'Final' }], { name: 'Plain' })).toBeDefined();
  });

  it('leaves every page to the planner on a type whose body has no GIN index to look matches up in', () => {
    const audit: FilterTarget = { name: 'AuditEvent', indexedFilterFields: ['patient.id'], bodyIndexed: false };
    expect(walkFirst([{ field: 'outcome', op: 'eq', value: 'Failure' }], audit)).toBeUndefined();
    expect(walkFirst([since, { field: 'entity.id', op: 'in', value: ['a', 'b'] }], audit)).toBeUndefined();
  });

  it('leaves text searches to their matches-first page, at any depth', () => {
    const text: Filter = { field: '_text', op: 'contains', value: 'ada' };
    expect(walkFirst([city('Salem'), text], PATIENTS)).toBeUndefined();
    expect(walkFirst([city('Salem'), { or: [notFemale, { and: [text] }] }], PATIENTS)).toBeUndefined();
    expect(searchesText([{ or: [notFemale, { and: [text] }] }])).toBe(true);
    expect(searchesText([city('Salem'), { and: [notFemale] }])).toBe(false);
  });

  it('counts a group as a look-up when every branch of an or, or some member of an and, is one', () => {
    const either: Filter = { or: [city('Salem'), city('Dover')] };
    expect(walkFirst([either], PATIENTS)).toEqual({ inWalk: [], onRows: [either] });
    expect(walkFirst([{ or: [city('Salem'), notFemale] }], PATIENTS)).toBeUndefined();
    expect(walkFirst([{ and: [notFemale, city('Salem')] }], PATIENTS)).toBeDefined();
    expect(walkFirst([{ and: [notFemale, since] }], PATIENTS)).toBeUndefined();
  });
});
