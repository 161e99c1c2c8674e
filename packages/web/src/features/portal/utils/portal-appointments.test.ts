import type { Appointment } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { upcomingVisits } from './portal-appointments.ts';

const base = (id: string, start: string, end: string, extra: Partial<Appointment> = {}): Appointment =>
  ({
    resourceType: 'Appointment',
    id,
    partition: 'p',
    status: 'booked',
    attendees: [],
    owner: { resourceType: 'Practitioner', id: 'dr' },
    start,
    end,
    meta: { versionId: '1', lastUpdated: start },
    ...extra,
  }) as Appointment;

describe('upcomingVisits', () => {
  const now = new Date('2026-03-02T12:00:00Z');
  it('lists visits to come, soonest first, without past, cancelled or far-off ones', () => {
    const visits = upcomingVisits(
      [
        base('later', '2026-03-10T15:00:00Z', '2026-03-10T16:00:00Z'),
        base('soon', '2026-03-03T15:00:00Z', '2026-03-03T16:00:00Z'),
        base('past', '2026-03-01T15:00:00Z', '2026-03-01T16:00:00Z'),
        base('cancelled', '2026-03-04T15:00:00Z', '2026-03-04T16:00:00Z', { status: 'cancelled' }),
        base('far', '2027-03-04T15:00:00Z', '2027-03-04T16:00:00Z'),
      ],
      now,
      'America/New_York',
    );
    expect(visits.map((v) => v.key)).toEqual(['soon', 'later']);
  });

  it('expands a weekly series, leaving out an occurrence stored apart (moved or cancelled)', () => {
    const head = base('s', '2026-02-23T15:00:00Z', '2026-02-23T16:00:00Z', { recurrence: { frequency: 'Weekly', count: 4 } as never });
    const moved = base('m', '2026-03-10T18:00:00Z', '2026-03-10T19:00:00Z', {
      occurrenceOf: { appointment: { resourceType: 'Appointment', id: 's' }, originalStart: '2026-03-09T14:00:00Z' },
    });
    const visits = upcomingVisits([head, moved], now, 'America/New_York');
    // 10:00 in New York each week, across the change to summer time (Mar 8); Mar 9's moved to the 10th.
    expect(visits.map((v) => v.start)).toEqual(['2026-03-02T15:00:00Z', '2026-03-10T18:00:00Z', '2026-03-16T14:00:00Z']);
  });
});
