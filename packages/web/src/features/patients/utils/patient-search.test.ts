import { describe, expect, it } from 'vitest';
import { normaliseSearchText, patientSearchFilters } from './patient-search.ts';

describe('patient search text', () => {
  it('turns a typed US date into yyyy-MM-dd', () => {
    expect(normaliseSearchText('3/7/1985')).toBe('1985-03-07');
    expect(normaliseSearchText(' 03/07/1985 ')).toBe('1985-03-07');
    expect(normaliseSearchText('12/31/2001')).toBe('2001-12-31');
  });

  it('leaves impossible dates, partial dates and other text as typed (trimmed, spaces collapsed)', () => {
    expect(normaliseSearchText('2/30/1985')).toBe('2/30/1985');
    expect(normaliseSearchText('13/1/1985')).toBe('13/1/1985');
    expect(normaliseSearchText('3/7')).toBe('3/7');
    expect(normaliseSearchText('  Jane   Doe ')).toBe('Jane Doe');
    expect(normaliseSearchText('MRN-0042')).toBe('MRN-0042');
  });

  it('asks for everything when empty, else _text contains the normalised text', () => {
    expect(patientSearchFilters('   ')).toEqual([]);
    expect(patientSearchFilters('1/2/2003')).toEqual([{ field: '_text', op: 'contains', value: '2003-01-02' }]);
  });
});
