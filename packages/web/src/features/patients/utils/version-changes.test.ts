import type { Resource } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { describeField, versionChanges } from './version-changes.ts';

const v = (fields: Record<string, unknown>, versionId = 'v1') => ({ id: 'p', resourceType: 'Patient', meta: { versionId, lastModified: '' }, ...fields }) as unknown as Resource;

describe('version changes', () => {
  it('lists the leaf fields that changed, bookkeeping left out', () => {
    const before = v({ telecom: [{ system: 'Phone', value: '555-0100' }], birthDate: '1985-03-07' });
    const after = v({ telecom: [{ system: 'Phone', value: '555-0199' }], birthDate: '1985-03-07', mrn: 'M1' }, 'v2');
    expect(versionChanges(before, after)).toEqual([
      { path: 'mrn', before: '', after: 'M1' },
      { path: 'telecom.0.value', before: '555-0100', after: '555-0199' },
    ]);
    expect(versionChanges(after, after)).toEqual([]);
  });

  it('names phone and e-mail rows as the form does, other fields by name', () => {
    const version = v({ telecom: [{ system: 'Email', value: 'a@b.c' }, { system: 'Phone', value: '1' }, { system: 'Phone', value: '2' }] });
    expect(describeField('telecom.2.value', version)).toBe('Phone 2');
    expect(describeField('telecom.0.value', version)).toBe('E-mail 1');
    expect(describeField('birthDate', version)).toBe('Birth date');
  });
});
