import type { Practitioner } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { practitionerSchema } from '@caseload/core';
import { applyProfile, profileValues } from './practitioner-form.ts';

const stored = {
  id: 'p1',
  resourceType: 'Practitioner',
  meta: { versionId: '1', lastModified: '' },
  names: [],
  display: 'Old',
} as unknown as Practitioner;

describe('the profile form', () => {
  it('starts with a name to type into and every list present', () => {
    const values = profileValues(stored);
    expect(values.names).toEqual([{ given: [''], family: '' }]);
    expect(values.licences).toEqual([]);
  });

  it('applies values, drops cleared text and recomputes the display', () => {
    const next = applyProfile(stored, {
      ...profileValues(stored),
      names: [{ given: ['Sam'], family: 'Lee' }],
      credentials: 'LCSW',
      email: ' ',
    });
    expect(next.display).toBe('Sam Lee, LCSW');
    expect('email' in next).toBe(false);
    expect(next.id).toBe('p1');
  });

  it("passes core's practitionerSchema once applied, and fails it on a licence without a number", async () => {
    const base = { ...stored, meta: { versionId: '1', lastModified: '2024-01-01T00:00:00Z' } } as Practitioner;
    const ok = applyProfile(base, { ...profileValues(base), names: [{ given: ['Sam'], family: 'Lee' }], npi: '' });
    await expect(practitionerSchema.validate(ok)).resolves.toBeTruthy();
    const bad = applyProfile(base, { ...profileValues(base), licences: [{ type: { code: 'LCSW' }, number: '' }] });
    await expect(practitionerSchema.validate(bad)).rejects.toThrow('licences[0].number is a required field');
  });
});
