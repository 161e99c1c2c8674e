import type { Resource } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { valueText, versionChanges } from './version-changes.ts';

const v = (fields: Record<string, unknown>, versionId = 'v1') =>
  ({ id: 'p', resourceType: 'Patient', meta: { versionId, lastModified: '' }, ...fields }) as unknown as Resource;
const lines = (before: Resource | undefined, after: Resource) => versionChanges(before, after).map((c) => `${c.field}: ${c.change}`);

describe('version changes', () => {
  it("say what a new record was created with, in words and the chart's order", () => {
    const created = v({
      display: 'Doe, Jane',
      active: true,
      birthDate: '1984-06-02',
      names: [{ given: ['Jane', 'Q'], family: 'Doe' }],
      genderIdentity: { system: 'http://snomed.info/sct', code: '446141000124107', display: 'Identifies as female gender' },
      addresses: [{ use: 'Home', line: ['1 Main St'], city: 'Springfield', state: 'WA', postalCode: '98001', country: 'US' }],
      careTeam: [
        {
          member: { resourceType: 'Practitioner', id: 'pr1', display: 'Ruby Windler, LCSW' },
          role: { code: 'primary-clinician', display: 'Primary clinician' },
        },
      ],
    });
    expect(lines(undefined, created)).toEqual([
      'Name: set to Jane Q Doe',
      'Birth date: set to 1984-06-02',
      'Gender identity: set to Identifies as female gender',
      'Address: set to 1 Main St, Springfield, WA 98001',
      'Care team: set to Ruby Windler, LCSW, Primary clinician',
      'Active: set to Yes',
    ]);
  });

  it('show a change, a removal and nothing for what stayed', () => {
    const before = v({ active: true, alerts: ['Fall risk'], mrn: 'M1', somethingNew: 'x' });
    const after = v({ active: false, mrn: 'M1', somethingNew: 'y' }, 'v2');
    expect(lines(before, after)).toEqual(['Alerts: removed (was Fall risk)', 'Active: Yes → No', 'Something new: x → y']);
  });

  it('name each phone and e-mail as the form numbers them', () => {
    const before = v({
      telecom: [
        { system: 'Email', value: 'a@b.c' },
        { system: 'Phone', value: '5550101' },
        { system: 'Phone', value: '5550102' },
      ],
    });
    const after = v(
      {
        telecom: [
          { system: 'Email', value: 'a@b.c' },
          { system: 'Phone', value: '5550199' },
        ],
      },
      'v2',
    );
    expect(lines(before, after)).toEqual(['Phone 1: 5550101 → 5550199', 'Phone 2: removed (was 5550102)']);
  });

  it('read values as words', () => {
    expect(valueText(false)).toBe('No');
    expect(valueText({ system: 'x', code: 'F' })).toBe('F');
    expect(valueText([{ display: 'White' }, { display: 'Asian' }])).toBe('White; Asian');
    expect(valueText(undefined)).toBe('');
  });
});
