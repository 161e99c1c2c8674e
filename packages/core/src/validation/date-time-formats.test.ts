import { describe, expect, it } from 'vitest';
import { DATE_TIME_TESTS, dateTimeMessage, isCalendarDate, isDateTime, isInstant, isTimeOfDay } from './date-time-formats.ts';

describe('isDateTime: RFC 3339 with a zone, on a day that exists', () => {
  it.each([
    '2024-05-01T14:30:00Z',
    '2024-05-01T14:30:00.123Z',
    '2024-05-01T14:30:00.5Z',
    '2024-05-01T14:30:00.123456789Z',
    '2024-05-01T14:30:00+05:30',
    '2024-05-01T14:30:00-04:00',
    '2024-05-01T14:30:00-00:00',
    '2024-02-29T00:00:00Z',
    '2000-02-29T23:59:59+23:59',
    '0001-01-01T00:00:00Z',
    new Date('2026-11-27T15:13:35.668Z').toISOString(),
  ])('accepts %s', (value) => expect(isDateTime(value)).toBe(true));

  it.each([
    'garbage',
    '',
    '2024-05-01',
    '2024-05-01T14:30:00',
    '2024-05-01T14:30Z',
    '2024-05-01 14:30:00Z',
    '2024-05-01t14:30:00z',
    '2023-02-29T10:00:00Z',
    '1900-02-29T10:00:00Z',
    '2024-04-31T10:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-00-10T00:00:00Z',
    '2024-05-00T00:00:00Z',
    '2024-05-01T24:00:00Z',
    '2024-05-01T14:60:00Z',
    '2024-05-01T23:59:60Z',
    '2024-05-01T14:30:00.Z',
    '2024-05-01T14:30:00.1234567890Z',
    '2024-05-01T14:30:00+24:00',
    '2024-05-01T14:30:00+0530',
    '+002024-05-01T14:30:00Z',
    '2024-05-01T14:30:00Z ',
    '２０２４-05-01T14:30:00Z',
  ])('refuses %j', (value) => expect(isDateTime(value)).toBe(false));
});

describe('the other formats', () => {
  it('isInstant is the UTC timestamp of SPEC.md section 9 only', () => {
    expect(isInstant('2024-05-01T14:30:00Z')).toBe(true);
    for (const value of ['2024-05-01T14:30:00.000Z', '2024-05-01T14:30:00+00:00', '2024-02-30T14:30:00Z', '2024-05-01']) {
      expect(isInstant(value), value).toBe(false);
    }
  });

  it('isCalendarDate is a yyyy-MM-dd that exists', () => {
    expect(['2024-02-29', '2000-02-29', '1999-12-31', '0000-01-01'].every(isCalendarDate)).toBe(true);
    expect(['2023-02-29', '1900-02-29', '2024-06-31', '2024-1-01', '20240101', '2024-05-01T00:00:00Z', ''].some(isCalendarDate)).toBe(
      false,
    );
  });

  it('isTimeOfDay is HH:mm:ss, 24-hour', () => {
    expect(['00:00:00', '23:59:59', '09:05:07'].every(isTimeOfDay)).toBe(true);
    expect(['24:00:00', '12:60:00', '12:00:60', '9:00:00', '12:00', '12:00:00Z', '12:00:00.5'].some(isTimeOfDay)).toBe(false);
  });

  it('dateOrDateTime takes either, and nothing in between', () => {
    const test = DATE_TIME_TESTS.dateOrDateTime;
    expect(['2024-05-01', '2024-05-01T14:30:00Z', '2024-05-01T14:30:00.250-04:00'].every(test)).toBe(true);
    expect(['2024-05-01T14:30:00', '2024-05', 'next week', '2024-02-30'].some(test)).toBe(false);
  });

  it('messages name the path and show the form', () => {
    expect(dateTimeMessage('dateTime', 'period.start')).toBe(
      'period.start must be a date and time with a zone, such as 2024-05-01T14:30:00Z.',
    );
    expect(dateTimeMessage('date', 'birthDate')).toBe('birthDate must be a calendar date written yyyy-MM-dd, such as 2024-05-01.');
  });
});
