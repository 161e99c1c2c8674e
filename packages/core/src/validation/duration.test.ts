import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { formatDuration, formatDurationShort, parseDuration } from './duration.ts';

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

const H = 3_600_000;
const M = 60_000;

describe('parseDuration', () => {
  it.each([
    ['0:00:00', 0],
    ['1:05:30', H + 5 * M + 30_000],
    ['01:5:3', H + 5 * M + 3_000],
    ['0:00:59.999', 59_999],
    ['0:00:00.29', 290],
    ['-1:00:00', -H],
    ['-0:00:00', 0],
    ['100:00:00', 100 * H],
  ])('reads %s', (value, ms) => {
    expect(parseDuration(value)).toBe(ms);
  });

  it('never returns -0', () => {
    expect(Object.is(parseDuration('-0:00:00'), 0)).toBe(true);
  });

  it.each([
    ['1:00', '"1:00" is an invalid duration format.'],
    ['1:00:00:00', '"1:00:00:00" is an invalid duration format.'],
    ['', '"" is an invalid duration format.'],
    ['90', '"90" is an invalid duration format.'],
    ['a:00:00', '"a:00:00" has an invalid hours part.'],
    [':00:00', '":00:00" has an invalid hours part.'],
    ['--1:00:00', '"--1:00:00" has an invalid hours part.'],
    ['1.5:00:00', '"1.5:00:00" has an invalid hours part.'],
    ['9007199254740992:00:00', '"9007199254740992:00:00" has an invalid hours part.'],
    ['9999999999:00:00', '"9999999999:00:00" has an invalid hours part.'],
    ['0:60:00', '"0:60:00" has an invalid minutes part.'],
    ['0:-1:00', '"0:-1:00" has an invalid minutes part.'],
    ['0:123:00', '"0:123:00" has an invalid minutes part.'],
    ['0:00:60', '"0:00:60" has an invalid seconds part.'],
    ['0:00:59.9999', '"0:00:59.9999" has an invalid seconds part.'],
    ['0:00:5.', '"0:00:5." has an invalid seconds part.'],
    ['0:00:', '"0:00:" has an invalid seconds part.'],
  ])('refuses %j', (value, message) => {
    expect(messageOf(() => parseDuration(value))).toBe(message);
  });

  it('refuses a value that is not a string', () => {
    expect(messageOf(() => parseDuration(5 as unknown as string))).toBe('"5" is an invalid duration format.');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '00:00:00'],
    [H + 5 * M + 30_000, '01:05:30'],
    [250, '00:00:00.25'],
    [25, '00:00:00.025'],
    [-10_000, '-00:00:10'],
    [123 * H, '123:00:00'],
    [-0.2, '00:00:00'],
  ])('formats %s ms as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('round-trips every whole number of milliseconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (ms) => {
        expect(parseDuration(formatDuration(ms))).toBe(ms);
      }),
    );
  });

  it('refuses non-finite numbers', () => {
    expect(() => formatDuration(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatDurationShort', () => {
  it.each([
    [0, '0s'],
    [H + 5 * M + 3_000, '1h 5m'],
    [H + 3_000, '1h'],
    [5 * M + 3_000, '5m 3s'],
    [5 * M, '5m'],
    [2_500, '2.5s'],
    [26 * H + 59 * M, '26h 59m'],
    [-(H + 5 * M), '-1h 5m'],
  ])('shows %s ms as %s', (ms, text) => {
    expect(formatDurationShort(ms)).toBe(text);
  });

  it('never shows more than two units', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (ms) => {
        expect(formatDurationShort(ms).split(' ').length).toBeLessThanOrEqual(2);
      }),
    );
  });
});
