import { describe, expect, it } from 'vitest';
import { icalendar } from './icalendar.ts';

describe('icalendar', () => {
  const text = icalendar(
    'Clinic; North, Inc.',
    [
      {
        uid: 'a@caseload',
        start: '2026-06-01T13:00:00Z',
        end: '2026-06-01T13:50:00Z',
        summary: 'Doe, Jane: Psychotherapy; 45 minutes',
        status: 'CONFIRMED',
        lastModified: '2026-05-20T10:00:00.123Z',
      },
      {
        uid: 'b@caseload',
        start: '2026-06-02T13:00:00Z',
        end: '2026-06-02T13:50:00Z',
        summary: `Appointment ${'é'.repeat(60)}`,
        location: 'Room 1\nEast wing',
        status: 'CANCELLED',
      },
    ],
    '2026-05-31T12:00:00Z',
  );
  const lines = text.split('\r\n');

  it('writes RFC 5545 with CRLF lines, UTC times and escaped text', () => {
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines).toContain('X-WR-CALNAME:Clinic\\; North\\, Inc.');
    expect(lines).toContain('DTSTART:20260601T130000Z');
    expect(lines).toContain('SUMMARY:Doe\\, Jane: Psychotherapy\\; 45 minutes');
    expect(lines).toContain('LAST-MODIFIED:20260520T100000Z');
    expect(lines).toContain('LOCATION:Room 1\\nEast wing');
    expect(lines).toContain('STATUS:CANCELLED');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
  });

  it('folds lines at 75 octets without splitting a character', () => {
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const folded = text.replace(/\r\n /g, '');
    expect(folded).toContain(`SUMMARY:Appointment ${'é'.repeat(60)}\r\n`);
  });
});
