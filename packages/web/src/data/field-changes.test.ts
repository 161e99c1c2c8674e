import type { Resource } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { fieldChanges } from './field-changes.ts';

const v = (fields: Record<string, unknown>, versionId = 'v1') =>
  ({ id: 'p', resourceType: 'Patient', meta: { versionId, lastModified: '' }, ...fields }) as unknown as Resource;

describe('field changes', () => {
  it('lists the leaf fields that changed, bookkeeping left out', () => {
    const before = v({ telecom: [{ system: 'Phone', value: '555-0100' }], birthDate: '1985-03-07' });
    const after = v({ telecom: [{ system: 'Phone', value: '555-0199' }], birthDate: '1985-03-07', mrn: 'M1' }, 'v2');
    expect(fieldChanges(before, after)).toEqual([
      { path: 'mrn', before: '', after: 'M1' },
      { path: 'telecom.0.value', before: '555-0100', after: '555-0199' },
    ]);
    expect(fieldChanges(after, after)).toEqual([]);
  });

  it('lists every field of a new resource, and a removed one with nothing after', () => {
    expect(fieldChanges(undefined, v({ display: 'Ada', active: true }))).toEqual([
      { path: 'active', before: '', after: 'true' },
      { path: 'display', before: '', after: 'Ada' },
    ]);
    expect(fieldChanges(v({ alerts: ['Falls risk'] }), v({}))).toEqual([{ path: 'alerts.0', before: 'Falls risk', after: '' }]);
  });
});
