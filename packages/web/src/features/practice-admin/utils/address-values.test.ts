import { describe, expect, it } from 'vitest';
import { addressFrom, addressValues } from './address-values.ts';

describe('address values', () => {
  it('round-trips a stored address through the form', () => {
    const stored = { line: ['1 Main St', 'Suite 2'], city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' };
    expect(addressFrom(addressValues(stored), stored)).toEqual(stored);
  });

  it('stores nothing for an empty address and drops empty parts', () => {
    expect(addressFrom(addressValues(undefined))).toBeUndefined();
    expect(addressFrom({ line1: ' ', line2: '', city: 'Reno', state: 'NV', postalCode: '' })).toEqual({
      city: 'Reno',
      state: 'NV',
      country: 'US',
    });
  });
});
