import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import {
  dateFromYear,
  daysInMonth,
  formatUtcDate,
  formatUtcTime,
  formatUtcTimestamp,
  parseApproximate,
  validateApproximate,
} from './dates.ts';

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('BadRequest');
    return (error as AppError).message;
  }
  throw new Error('expected an AppError');
}

describe('dateFromYear', () => {
  it('makes January 1st UTC of the year', () => {
    expect(dateFromYear(2024).toISOString()).toBe('2024-01-01T00:00:00.000Z');
  });

  it('keeps years 0 to 99 as written, not 1900 to 1999', () => {
    expect(dateFromYear(0).getUTCFullYear()).toBe(0);
    expect(dateFromYear(45).getUTCFullYear()).toBe(45);
  });

  it.each([
    [-1, 'Invalid year: -1'],
    [2024.5, 'Invalid year: 2024.5'],
    [Number.MAX_SAFE_INTEGER + 1, 'Invalid year: 9007199254740992'],
    [Number.NaN, 'Invalid year: NaN'],
    ['2024', 'Invalid year: 2024'],
    [null, 'Invalid year: null'],
    [undefined, 'Invalid year: undefined'],
    [300_000, 'Invalid year: 300000'],
  ])('refuses %s', (year, message) => {
    expect(messageOf(() => dateFromYear(year))).toBe(message);
  });
});

describe('parseApproximate', () => {
  it.each([
    ['2024', { precision: 'Year', year: 2024 }],
    ['2024-02', { precision: 'YearMonth', year: 2024, month: 2 }],
    ['2024-02-29', { precision: 'YearMonthDay', year: 2024, month: 2, day: 29 }],
    ['2024-05-01T10:30:00Z', { precision: 'Full', year: 2024, month: 5, day: 1 }],
    ['2024-05-01T10:30', { precision: 'Full', year: 2024, month: 5, day: 1 }],
    ['2024-05-01T10:30:00.123+02:00', { precision: 'Full', year: 2024, month: 5, day: 1 }],
  ])('reads %s', (value, expected) => {
    expect(parseApproximate(value)).toEqual(expected);
  });

  it.each([
    ['', 'Invalid Approximate: '],
    ['24', 'Invalid Approximate: 24'],
    ['20245', 'Invalid Approximate: 20245'],
    ['2024-1', 'Invalid Approximate: 2024-1'],
    ['abcd', 'Invalid Approximate: abcd'],
    ['2024/05/01', 'Invalid Approximate: 2024/05/01'],
    ['Tuesday', 'Invalid Approximate: Tuesday'],
    ['2024-05-01T25:00', 'Invalid Approximate: 2024-05-01T25:00'],
    ['2024-13', 'Invalid Approximate month: 2024-13'],
    ['2024-00-10', 'Invalid Approximate month: 2024-00-10'],
    ['2023-02-29', 'Invalid Approximate day: 2023-02-29'],
    ['2024-04-31', 'Invalid Approximate day: 2024-04-31'],
    ['2024-01-00', 'Invalid Approximate day: 2024-01-00'],
    ['2024-02-30T10:00Z', 'Invalid Approximate day: 2024-02-30T10:00Z'],
  ])('refuses %j', (value, message) => {
    expect(messageOf(() => parseApproximate(value))).toBe(message);
  });
});

describe('validateApproximate', () => {
  it('returns the precision', () => {
    expect(validateApproximate('1999-12')).toBe('YearMonth');
    expect(validateApproximate('1999-12-31T23:59:59Z')).toBe('Full');
  });

  it('refuses a value that is not a string', () => {
    expect(messageOf(() => validateApproximate(2024))).toBe('Invalid Approximate: 2024');
  });
});

describe('daysInMonth', () => {
  it('knows leap years', () => {
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2024, 12)).toBe(31);
  });

  it('agrees with Date for every month of the years 0 to 2400', () => {
    for (let year = 0; year <= 2400; year++) {
      for (let month = 1; month <= 12; month++) {
        const last = new Date(0);
        last.setUTCFullYear(year, month, 0);
        if (daysInMonth(year, month) !== last.getUTCDate()) expect.fail(`${year}-${month}`);
      }
    }
  });
});

describe('UTC formats', () => {
  const date = new Date('2024-03-05T07:08:09.456Z');

  it('formats timestamps, dates and times in UTC', () => {
    expect(formatUtcTimestamp(date)).toBe('2024-03-05T07:08:09Z');
    expect(formatUtcDate(date)).toBe('2024-03-05');
    expect(formatUtcTime(date)).toBe('07:08:09');
  });

  it('pads early years to four digits', () => {
    expect(formatUtcDate(dateFromYear(45))).toBe('0045-01-01');
  });

  it('refuses an invalid Date', () => {
    expect(() => formatUtcTimestamp(new Date(Number.NaN))).toThrow(RangeError);
  });
});
