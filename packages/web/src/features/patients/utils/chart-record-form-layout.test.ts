import { describe, expect, it } from 'vitest';
import { personDisplay, withoutBlanks } from './chart-record-form-layout.ts';

describe('cleaning a chart record form', () => {
  it('removes empty text, nulls and objects left empty, keeping false, zero and filled fields', () => {
    expect(
      withoutBlanks({
        name: 'Sertraline',
        dosage: '',
        period: { start: '', end: '' },
        prescriber: null,
        isGuardian: false,
        order: 0,
        code: { code: 'x', display: '' },
      }),
    ).toEqual({ name: 'Sertraline', isGuardian: false, order: 0, code: { code: 'x' } });
  });

  it('keeps the root even when everything is empty, and cleans array items', () => {
    expect(withoutBlanks({ a: '' })).toEqual({});
    expect(withoutBlanks({ rows: [{ v: '' }, { v: 'x' }, ''] })).toEqual({ rows: [{ v: 'x' }] });
  });

  it('does not trim text: a stray space is for the schema to point out', () => {
    expect(withoutBlanks({ name: ' x ' })).toEqual({ name: ' x ' });
  });

  it('writes a related person as "Given Middle Family"', () => {
    expect(personDisplay([{ given: ['Ana', 'María'], family: 'Ruiz' }])).toBe('Ana María Ruiz');
    expect(personDisplay([{ given: ['', 'Ana'] }])).toBe('Ana');
    expect(personDisplay(undefined)).toBe('');
  });
});
