import { describe, expect, it } from 'vitest';
import { searchFrom, validMinutes } from './free-slot-search.ts';

describe('searchFrom', () => {
  const now = new Date('2031-03-09T15:00:00Z');
  it('is the chosen day’s midnight on the practice’s clock (after the spring change: -4 h)', () => {
    expect(searchFrom('2031-03-10', 'America/New_York', now)).toBe('2031-03-10T04:00:00Z');
    expect(searchFrom('2031-03-09', 'Europe/London', new Date('2031-03-08T12:00:00Z'))).toBe('2031-03-09T00:00:00Z');
  });
  it('is the server’s now for today, a past day or no date', () => {
    expect(searchFrom('2031-03-09', 'America/New_York', now)).toBeUndefined();
    expect(searchFrom('2031-01-01', 'America/New_York', now)).toBeUndefined();
    expect(searchFrom('', 'America/New_York', now)).toBeUndefined();
  });
});

describe('validMinutes', () => {
  it('takes whole minutes from 5 to 720', () => {
    expect([validMinutes(50), validMinutes('30'), validMinutes(4), validMinutes(721), validMinutes(12.5), validMinutes('')]).toEqual([
      50,
      30,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
