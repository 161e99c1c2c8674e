import { describe, expect, it } from 'vitest';
import { localParts } from '../notes/zoned-time.ts';
import { expandOccurrences, isOccurrenceOf, splitSeries, withException, type SeriesHead } from './recurrence.ts';

const NY = 'America/New_York';
const at = (s: string) => new Date(s);
const localTimeOf = (iso: string, tz = NY) => {
  const p = localParts(new Date(iso), tz);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
};

describe('expandOccurrences', () => {
  it('keeps a weekly 09:00 session at 09:00 across spring forward (New York, 8 March 2026)', () => {
    // Monday 2 March 2026 09:00 EST = 14:00Z.
    const head: SeriesHead = { start: '2026-03-02T14:00:00Z', end: '2026-03-02T14:50:00Z', recurrence: { frequency: 'Weekly', count: 3 } };
    const all = expandOccurrences(head, NY, at('2026-03-01T00:00:00Z'), at('2026-04-01T00:00:00Z'));
    expect(all.map((o) => o.start)).toEqual(['2026-03-02T14:00:00Z', '2026-03-09T13:00:00Z', '2026-03-16T13:00:00Z']);
    expect(all.every((o) => localTimeOf(o.start) === '09:00')).toBe(true);
    expect(all[1]!.end).toBe('2026-03-09T13:50:00Z');
  });

  it('keeps it at 09:00 across fall back (New York, 1 November 2026)', () => {
    const head: SeriesHead = { start: '2026-10-26T13:00:00Z', end: '2026-10-26T13:50:00Z', recurrence: { frequency: 'Weekly', count: 2 } };
    const all = expandOccurrences(head, NY, at('2026-10-01T00:00:00Z'), at('2026-12-01T00:00:00Z'));
    expect(all.map((o) => o.start)).toEqual(['2026-10-26T13:00:00Z', '2026-11-02T14:00:00Z']);
  });

  it('gives a daily session on the night of the change its real length', () => {
    // 01:30 local daily; on 1 November 2026 01:30 happens twice (the first is taken).
    const head: SeriesHead = { start: '2026-10-31T05:30:00Z', end: '2026-10-31T06:30:00Z', recurrence: { frequency: 'Daily', count: 3 } };
    const all = expandOccurrences(head, NY, at('2026-10-30T00:00:00Z'), at('2026-11-05T00:00:00Z'));
    expect(all.map((o) => localTimeOf(o.start))).toEqual(['01:30', '01:30', '01:30']);
    expect(all.map((o) => (Date.parse(o.end) - Date.parse(o.start)) / 60_000)).toEqual([60, 60, 60]);
  });

  it('works in a southern zone too (Sydney leaves DST on 5 April 2026)', () => {
    const syd = 'Australia/Sydney';
    const head: SeriesHead = { start: '2026-03-29T22:00:00Z', end: '2026-03-29T23:00:00Z', recurrence: { frequency: 'Weekly', count: 2 } };
    const all = expandOccurrences(head, syd, at('2026-03-01T00:00:00Z'), at('2026-05-01T00:00:00Z'));
    expect(all.map((o) => localTimeOf(o.start, syd))).toEqual(['09:00', '09:00']);
    expect(all[1]!.start).toBe('2026-04-05T23:00:00Z');
  });

  it('skips months without the 31st (RFC 5545)', () => {
    const head: SeriesHead = { start: '2026-01-31T15:00:00Z', end: '2026-01-31T16:00:00Z', recurrence: { frequency: 'Monthly', count: 4 } };
    const all = expandOccurrences(head, NY, at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'));
    expect(all.map((o) => o.start.slice(0, 10))).toEqual(['2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31']);
  });

  it('holds a 29 February series to leap years', () => {
    const head: SeriesHead = {
      start: '2028-02-29T15:00:00Z',
      end: '2028-02-29T16:00:00Z',
      recurrence: { frequency: 'Annually', count: 2 },
    };
    const all = expandOccurrences(head, NY, at('2028-01-01T00:00:00Z'), at('2035-01-01T00:00:00Z'));
    expect(all.map((o) => o.start.slice(0, 10))).toEqual(['2028-02-29', '2032-02-29']);
  });

  it('honours interval, weekdays and until (inclusive local date)', () => {
    const head: SeriesHead = {
      start: '2026-06-01T13:00:00Z',
      end: '2026-06-01T14:00:00Z',
      recurrence: { frequency: 'Weekly', interval: 2, weekdays: ['Monday', 'Thursday'], until: '2026-06-15' },
    };
    const all = expandOccurrences(head, NY, at('2026-05-01T00:00:00Z'), at('2026-08-01T00:00:00Z'));
    expect(all.map((o) => o.start.slice(0, 10))).toEqual(['2026-06-01', '2026-06-04', '2026-06-15']);
  });

  it('leaves out exceptions (a cancelled or moved occurrence)', () => {
    const rule = withException({ frequency: 'Daily', count: 3 }, '2026-06-02T13:00:00Z');
    const head: SeriesHead = { start: '2026-06-01T13:00:00Z', end: '2026-06-01T14:00:00Z', recurrence: rule };
    const all = expandOccurrences(head, NY, at('2026-05-01T00:00:00Z'), at('2026-07-01T00:00:00Z'));
    expect(all.map((o) => o.start)).toEqual(['2026-06-01T13:00:00Z', '2026-06-03T13:00:00Z']);
    expect(isOccurrenceOf(head, NY, '2026-06-02T13:00:00Z')).toBe(true);
    expect(isOccurrenceOf(head, NY, '2026-06-02T14:00:00Z')).toBe(false);
  });

  it('returns only the window, overlap counted', () => {
    const head: SeriesHead = { start: '2026-06-01T13:00:00Z', end: '2026-06-01T14:00:00Z', recurrence: { frequency: 'Daily' } };
    const all = expandOccurrences(head, NY, at('2026-06-10T13:30:00Z'), at('2026-06-12T13:00:00Z'));
    expect(all.map((o) => o.start)).toEqual(['2026-06-10T13:00:00Z', '2026-06-11T13:00:00Z']);
  });
});

describe('splitSeries ("this and following")', () => {
  it('cuts a counted series: the old keeps what came before, the new the rest', () => {
    const head: SeriesHead = {
      start: '2026-06-01T13:00:00Z',
      end: '2026-06-01T14:00:00Z',
      recurrence: { frequency: 'Weekly', count: 10, exceptions: ['2026-06-08T13:00:00Z', '2026-07-06T13:00:00Z'] },
    };
    const { before, after } = splitSeries(head, NY, '2026-06-22T13:00:00Z');
    expect(before).toEqual({ frequency: 'Weekly', count: 3, exceptions: ['2026-06-08T13:00:00Z'] });
    expect(after).toEqual({ frequency: 'Weekly', count: 7, exceptions: ['2026-07-06T13:00:00Z'] });
    const oldSeries = expandOccurrences({ ...head, recurrence: before }, NY, at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'));
    expect(oldSeries.map((o) => o.start.slice(0, 10))).toEqual(['2026-06-01', '2026-06-15']);
  });

  it('cuts an open series with until the local day before', () => {
    const head: SeriesHead = { start: '2026-06-01T13:00:00Z', end: '2026-06-01T14:00:00Z', recurrence: { frequency: 'Daily' } };
    const { before, after } = splitSeries(head, NY, '2026-06-05T13:00:00Z');
    expect(before).toEqual({ frequency: 'Daily', until: '2026-06-04' });
    expect(after).toEqual({ frequency: 'Daily' });
    const newSeries = expandOccurrences(
      { start: '2026-06-05T15:00:00Z', end: '2026-06-05T16:00:00Z', recurrence: after },
      NY,
      at('2026-06-01T00:00:00Z'),
      at('2026-06-07T00:00:00Z'),
    );
    expect(newSeries.map((o) => localTimeOf(o.start))).toEqual(['11:00', '11:00']);
  });
});
