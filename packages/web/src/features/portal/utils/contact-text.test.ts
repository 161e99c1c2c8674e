import { describe, expect, it } from 'vitest';
import { addressText, contactKind } from './contact-text.ts';

describe('contact details in words', () => {
  it('writes an address on one line, leaving out what is missing', () => {
    expect(addressText({ line: ['12 Harbour Street', 'Apt 2'], city: 'Olympia', state: 'WA', postalCode: '98501' })).toBe(
      '12 Harbour Street, Apt 2, Olympia, WA 98501',
    );
    expect(addressText({ line: ['12 Harbour Street', ''], city: 'Olympia' })).toBe('12 Harbour Street, Olympia');
  });

  it('names a phone or e-mail by its use', () => {
    expect(contactKind({ system: 'Phone', use: 'Mobile', value: '555' })).toBe('Mobile phone');
    expect(contactKind({ system: 'Email', value: 'a@b.c' })).toBe('E-mail');
  });
});
