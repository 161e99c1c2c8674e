import { describe, expect, it } from 'vitest';
import { formatPostalCodeInput, formatSsnInput, maskSsn, numberAnswer } from './input-formats.ts';

describe('input formats', () => {
  it('dashes an SSN as it is typed and masks all but the last four', () => {
    expect(formatSsnInput('123')).toBe('123');
    expect(formatSsnInput('1234')).toBe('123-4');
    expect(formatSsnInput('123456789999')).toBe('123-45-6789');
    expect(formatSsnInput('12a3-45 6789')).toBe('123-45-6789');
    expect(maskSsn('123-45-6789')).toBe('***-**-6789');
    expect(maskSsn('')).toBe('');
  });

  it('formats ZIP and ZIP+4', () => {
    expect(formatPostalCodeInput('62701')).toBe('62701');
    expect(formatPostalCodeInput('627011234')).toBe('62701-1234');
  });

  it('takes only finished numbers from a number box', () => {
    expect(numberAnswer(3)).toBe(3);
    expect(numberAnswer('1.')).toBeUndefined();
    expect(numberAnswer('')).toBeUndefined();
    expect(numberAnswer('-2.5')).toBe(-2.5);
  });
});
