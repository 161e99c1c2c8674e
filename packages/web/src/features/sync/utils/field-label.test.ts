import type { Resource } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { fieldLabel } from './field-label.ts';

const patient = {
  id: 'p',
  resourceType: 'Patient',
  meta: { versionId: '1', lastModified: '' },
  telecom: [
    { system: 'Email', value: 'a@b.c' },
    { system: 'Phone', value: '1' },
    { system: 'Phone', value: '2' },
  ],
} as unknown as Resource;

describe('field labels', () => {
  it('numbers phones and e-mails as the forms do', () => {
    expect(fieldLabel('telecom.2.value', patient)).toBe('Phone 2');
    expect(fieldLabel('telecom.0.value', patient)).toBe('E-mail 1');
    expect(fieldLabel('telecom.1.use', patient)).toBe('Phone 1 use');
    expect(fieldLabel('telecom.0.value')).toBe('Phone 1');
  });

  it('says other paths in words, lists numbered from 1', () => {
    expect(fieldLabel('birthDate')).toBe('Birth date');
    expect(fieldLabel('mrn')).toBe('MRN');
    expect(fieldLabel('addresses.0.line.1')).toBe('Address 1 line 2');
    expect(fieldLabel('names.0.given.0')).toBe('Name 1 given 1');
    expect(fieldLabel('sections.1.narrative')).toBe('Section 2 narrative');
    expect(fieldLabel('colorScheme')).toBe('Color scheme');
    expect(fieldLabel('careTeam.0.member.display')).toBe('Care team 1 member display');
  });
});
