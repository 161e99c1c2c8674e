import type { CalendarEntry } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { isSeriesEntry, seriesMove, seriesScopes, shiftedOnWallClock } from './series-edit.ts';

const ZONE = 'America/New_York';
// A weekly 09:00 series from Monday 3 March 2031; New York springs forward on 9 March.
const head = {
  resourceType: 'Appointment',
  id: 'series',
  partition: 'p1',
  status: 'booked',
  attendees: [{ subject: { resourceType: 'Patient', id: 'p1' } }],
  owner: { resourceType: 'Practitioner', id: 'dr' },
  start: '2031-03-03T14:00:00Z',
  end: '2031-03-03T14:50:00Z',
  recurrence: { frequency: 'Weekly', count: 4 },
  meta: { versionId: 'v3', lastUpdated: '2031-03-01T00:00:00Z' },
} as unknown as CalendarEntry['appointment'];
const occurrence: CalendarEntry = {
  appointment: head,
  start: '2031-03-17T13:00:00Z',
  end: '2031-03-17T13:50:00Z',
  status: 'booked',
  occurrenceOf: { appointment: { resourceType: 'Appointment', id: 'series' }, originalStart: '2031-03-17T13:00:00Z' },
};
const headEntry: CalendarEntry = { appointment: head, start: head.start, end: head.end, status: 'booked' };
// Tuesday 18 March, 11:00 New York (EDT).
const tuesday11 = { start: '2031-03-18T15:00:00Z', end: '2031-03-18T15:50:00Z' };

describe('isSeriesEntry', () => {
  it('asks about computed occurrences and the head, not a stored single occurrence', () => {
    expect(isSeriesEntry(occurrence)).toBe(true);
    expect(isSeriesEntry(headEntry)).toBe(true);
    const single = { ...head, recurrence: undefined, occurrenceOf: occurrence.occurrenceOf };
    expect(isSeriesEntry({ appointment: single, start: single.start, end: single.end, status: 'booked' })).toBe(false);
  });
});

describe('seriesMove', () => {
  it('this occurrence: the occurrence call at its original start', () => {
    expect(seriesMove(occurrence, 'this', tuesday11, ZONE)).toEqual({
      seriesId: 'series',
      body: { versionId: 'v3', originalStart: '2031-03-17T13:00:00Z', scope: 'this', ...tuesday11 },
    });
  });
  it('this and following: cut at the occurrence with its new time', () => {
    expect(seriesMove(occurrence, 'following', tuesday11, ZONE).body).toEqual({
      versionId: 'v3',
      originalStart: '2031-03-17T13:00:00Z',
      scope: 'thisAndFollowing',
      ...tuesday11,
    });
  });
  it('all: the head moved by the same wall-clock change, across the DST change (09:00 EST Monday to 11:00 EST Tuesday)', () => {
    expect(seriesMove(occurrence, 'all', tuesday11, ZONE).body).toEqual({
      versionId: 'v3',
      originalStart: '2031-03-03T14:00:00Z',
      scope: 'thisAndFollowing',
      start: '2031-03-04T16:00:00Z',
      end: '2031-03-04T16:50:00Z',
    });
  });
  it('the head itself: its own start is the occurrence', () => {
    expect(seriesMove(headEntry, 'this', tuesday11, ZONE).body.originalStart).toBe(head.start);
  });
});

describe('shiftedOnWallClock', () => {
  it('keeps the local change past midnight and back', () => {
    // 23:30 → 00:30 the next day is an hour later: 09:00 on 3 March becomes 10:00 that day.
    expect(shiftedOnWallClock('2031-03-03T14:00:00Z', '2031-03-18T03:30:00Z', '2031-03-18T04:30:00Z', ZONE)).toBe('2031-03-03T15:00:00Z');
    expect(shiftedOnWallClock('2031-03-03T14:00:00Z', '2031-03-17T13:00:00Z', '2031-03-17T11:00:00Z', ZONE)).toBe('2031-03-03T12:00:00Z');
  });
});

describe('seriesScopes', () => {
  it('offers all three online, only this offline or to another day of a rule with weekdays', () => {
    expect(seriesScopes(occurrence, tuesday11, ZONE, true)).toEqual(['this', 'following', 'all']);
    expect(seriesScopes(occurrence, tuesday11, ZONE, false)).toEqual(['this']);
    const withDays = {
      ...occurrence,
      appointment: { ...head, recurrence: { frequency: 'Weekly', weekdays: ['Monday'] } },
    } as CalendarEntry;
    expect(seriesScopes(withDays, tuesday11, ZONE, true)).toEqual(['this']);
    expect(seriesScopes(withDays, { start: '2031-03-17T15:00:00Z', end: '2031-03-17T15:50:00Z' }, ZONE, true)).toHaveLength(3);
  });
});
