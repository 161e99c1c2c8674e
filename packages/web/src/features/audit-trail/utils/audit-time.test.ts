import { describe, expect, it } from 'vitest';
import { recordedParts, recordedText } from './audit-time.ts';

describe('when an event was recorded', () => {
  it('reads on the practice clock, to the second, naming the zone', () => {
    expect(recordedParts('2026-03-08T08:04:05.123Z', 'America/New_York')).toEqual({ date: 'Mar 8, 2026', time: '4:04:05 AM EDT' });
    expect(recordedText('2026-03-08T06:04:05Z', 'America/New_York')).toBe('Mar 8, 2026, 1:04:05 AM EST');
    expect(recordedText('2026-03-08T06:04:05Z', 'America/Los_Angeles')).toBe('Mar 7, 2026, 10:04:05 PM PST');
  });
});
