import type { CalendarEntry } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { monthEntries } from './month-summary.ts';

const at = (start: string) => ({ start, end: start, status: 'booked', appointment: { id: start } }) as unknown as CalendarEntry;

describe('monthEntries', () => {
  it('keeps three visits a day on the practice clock and sums up the rest', () => {
    // 02:00 UTC on the 3rd is still the 2nd in New York.
    const entries = [
      '2031-03-02T14:00:00Z',
      '2031-03-02T15:00:00Z',
      '2031-03-02T16:00:00Z',
      '2031-03-02T17:00:00Z',
      '2031-03-03T02:00:00Z',
    ].map(at);
    const { shown, summaries } = monthEntries(entries, 'America/New_York');
    expect(shown).toHaveLength(3);
    expect(summaries).toEqual([{ date: '2031-03-02', hidden: 2 }]);
    expect(monthEntries(entries.slice(0, 3), 'America/New_York').summaries).toEqual([]);
  });
});
