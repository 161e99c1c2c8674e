import { describe, expect, it } from 'vitest';
import { chartValueText } from './chart-field-labels.ts';

describe('chart values as text', () => {
  it('writes an address on one line, a phone as it is, nothing as a dash', () => {
    expect(chartValueText({ use: 'Home', line: ['9 Orchard Road'], city: 'Olympia', state: 'WA', postalCode: '98501' })).toBe(
      '9 Orchard Road, Olympia, WA 98501',
    );
    expect(chartValueText('555-010-0100')).toBe('555-010-0100');
    expect(chartValueText(undefined)).toBe('—');
  });
});
