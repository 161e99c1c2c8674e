import { describe, expect, it } from 'vitest';
import { KIND_OPTIONS, myNotesRequest, STATUS_OPTIONS } from './my-notes-query.ts';

describe('myNotesRequest', () => {
  it('asks for the practitioner\'s notes across patients, newest session first', () => {
    expect(myNotesRequest('pr-1', {})).toEqual({
      filters: [{ field: 'author.id', op: 'eq', value: 'pr-1' }],
      orderBy: 'EncounterDate', order: 'desc', crossPartition: true,
    });
  });

  it('adds the status and kind filters when chosen', () => {
    expect(myNotesRequest('pr-1', { status: 'Amended', kind: 'GroupNote' }).filters).toEqual([
      { field: 'author.id', op: 'eq', value: 'pr-1' },
      { field: 'status', op: 'eq', value: 'Amended' },
      { field: 'kind', op: 'eq', value: 'GroupNote' },
    ]);
  });

  it('offers the four statuses and every kind but scribe sessions', () => {
    expect(STATUS_OPTIONS.map((o) => o.value)).toEqual(['Preliminary', 'Final', 'Amended', 'EnteredInError']);
    expect(KIND_OPTIONS.map((o) => o.value)).not.toContain('ScribeSession');
    expect(KIND_OPTIONS.find((o) => o.value === 'MultiServiceNote')?.label).toBe('Multi Service Note');
  });
});
