import type { CalendarEntry } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { storedOccurrence } from './occurrence-copy.ts';

const head = {
  resourceType: 'Appointment',
  id: 'series',
  partition: 'p1',
  status: 'booked',
  attendees: [{ subject: { resourceType: 'Patient', id: 'p1' } }],
  owner: { resourceType: 'Practitioner', id: 'dr' },
  start: '2026-03-02T14:00:00Z',
  end: '2026-03-02T14:50:00Z',
  recurrence: { frequency: 'Weekly', count: 4 },
  origin: 'Caseload',
  conflictOverride: { by: { resourceType: 'Practitioner', id: 'dr' }, at: '2026-03-01T00:00:00Z', conflicts: [] },
  meta: { versionId: '3', lastUpdated: '2026-03-01T00:00:00Z' },
} as const;

describe('storedOccurrence', () => {
  const entry = {
    appointment: head,
    start: '2026-03-09T14:00:00Z',
    end: '2026-03-09T14:50:00Z',
    status: 'booked',
    occurrenceOf: { appointment: { resourceType: 'Appointment', id: 'series' }, originalStart: '2026-03-09T14:00:00Z' },
  } as unknown as CalendarEntry;

  it('copies the series without its identity, rule or server-owned fields, at the new time', () => {
    const copy = storedOccurrence(entry, { start: '2026-03-09T15:00:00Z', end: '2026-03-09T15:50:00Z' });
    expect(copy).toMatchObject({ partition: 'p1', owner: head.owner, start: '2026-03-09T15:00:00Z', status: 'booked' });
    expect(copy.occurrenceOf).toEqual(entry.occurrenceOf);
    for (const key of ['id', 'meta', 'recurrence', 'origin', 'conflictOverride']) expect(copy).not.toHaveProperty(key);
  });

  it('refuses a stored appointment', () => {
    expect(() => storedOccurrence({ ...entry, occurrenceOf: undefined }, {})).toThrow();
  });
});
