import { describe, expect, it } from 'vitest';
import { KIND_OPTIONS, myNotesRequest, STATUS_OPTIONS } from './my-notes-query.ts';

describe('myNotesRequest', () => {
  it("asks for the practitioner's notes across patients, newest session first", () => {
    expect(myNotesRequest('pr-1', {})).toEqual({
      filters: [{ field: 'author.id', op: 'eq', value: 'pr-1' }],
      orderBy: 'EncounterDate',
      order: 'desc',
      crossPartition: true,
    });
  });

  it('adds the status and kind filters when chosen', () => {
    expect(myNotesRequest('pr-1', { status: 'Amended', kind: 'GroupNote' }).filters).toEqual([
      { field: 'author.id', op: 'eq', value: 'pr-1' },
      { field: 'status', op: 'eq', value: 'Amended' },
      { field: 'kind', op: 'eq', value: 'GroupNote' },
    ]);
  });

  it("tells unsigned notes from those awaiting a co-signature by the author's signature", () => {
    expect(myNotesRequest('pr-1', { status: 'Preliminary' }).filters!.slice(1)).toEqual([
      { field: 'status', op: 'eq', value: 'Preliminary' },
      { field: 'signatures.role', op: 'ne', value: 'Author' },
    ]);
    expect(myNotesRequest('pr-1', { status: 'AwaitingCoSignature' }).filters!.slice(1)).toEqual([
      { field: 'status', op: 'eq', value: 'Preliminary' },
      { field: 'signatures.role', op: 'eq', value: 'Author' },
    ]);
  });

  it('offers the statuses in the words every note list uses, and every kind but scribe sessions in words', () => {
    expect(STATUS_OPTIONS.map((o) => o.label)).toEqual(['Unsigned', 'Awaiting co-signature', 'Signed', 'Amended', 'Entered in error']);
    expect(KIND_OPTIONS.map((o) => o.value)).not.toContain('ScribeSession');
    expect(KIND_OPTIONS.find((o) => o.value === 'MultiServiceNote')?.label).toBe('Multi-service note');
    expect(KIND_OPTIONS.find((o) => o.value === 'Note')?.label).toBe('Progress note');
  });
});
