import type { Patient } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { contactLabel, withNameSlots, withoutEmptyContacts, withoutEmptyFields, withoutEmptyNames } from './patient-form-layout.ts';

const base = { id: 'p1', resourceType: 'Patient', meta: { versionId: 'v1', lastModified: '' } } as unknown as Patient;

describe('patient form layout', () => {
  it('lays out legal, preferred and nickname slots, and drops the empty ones again', () => {
    const laid = withNameSlots({
      ...base,
      names: [
        { use: 'Nickname', given: ['JJ'] },
        { given: ['Jane'], family: 'Doe' },
      ],
    });
    expect(laid.names.map((n) => n.use ?? 'legal')).toEqual(['legal', 'Preferred', 'Nickname']);
    expect(laid.names[0]!.family).toBe('Doe');
    expect(withoutEmptyNames(laid).names).toEqual([
      { given: ['Jane'], family: 'Doe' },
      { use: 'Nickname', given: ['JJ'] },
    ]);
  });

  it('keeps the legal name even when empty (so the schema can say it is required)', () => {
    expect(withoutEmptyNames(withNameSlots({ ...base, names: [] })).names).toEqual([{ given: [], family: '' }]);
  });

  it('drops empty contact rows and addresses, numbers rows per system', () => {
    const telecom = [
      { system: 'Phone' as const, value: '555-0100' },
      { system: 'Email' as const, value: ' ' },
      { system: 'Phone' as const, value: '555-0101' },
    ];
    expect(withoutEmptyContacts({ ...base, names: [], telecom, addresses: [{ line: [''], city: '' }] })).toMatchObject({
      telecom: [telecom[0], telecom[2]],
      addresses: [],
    });
    expect([0, 1, 2].map((i) => contactLabel(telecom, i))).toEqual(['Phone 1', 'E-mail 1', 'Phone 2']);
  });

  it('removes empty optional fields and empty codings', () => {
    const out = withoutEmptyFields({ ...base, names: [], birthDate: '', ethnicity: { code: '' }, administrativeSex: 'Female' });
    expect(out).not.toHaveProperty('birthDate');
    expect(out).not.toHaveProperty('ethnicity');
    expect(out.administrativeSex).toBe('Female');
  });
});
