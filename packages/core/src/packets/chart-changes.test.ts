import { describe, expect, it } from 'vitest';
import type { Patient, RelatedPerson } from '../people/types.ts';
import { applyChange, proposedChanges } from './chart-changes.ts';
import type { Packet } from './types.ts';

const meta = { versionId: '1', lastModified: '2026-01-01T00:00:00Z' };
const patient: Patient = {
  resourceType: 'Patient',
  id: 'p1',
  meta,
  names: [{ given: ['Milo'], family: 'Reyes' }],
  addresses: [{ use: 'Home', line: ['1 Old Road'], city: 'Olympia', state: 'WA' }],
  telecom: [{ system: 'Phone', use: 'Home', value: '555-010-0001' }],
};
const guardian: RelatedPerson = {
  resourceType: 'RelatedPerson',
  id: 'r1',
  meta,
  partition: 'p1',
  patient: { resourceType: 'Patient', id: 'p1' },
  names: [{ given: ['Rosa'] }],
};
const packet: Pick<Packet, 'forms'> = {
  forms: [
    {
      key: 'contact',
      kind: 'Questionnaire',
      title: 'Contact',
      required: true,
      form: { resourceType: 'Questionnaire', id: 'q' },
      chartFields: [
        { linkId: 'address', field: 'Patient.address' },
        { linkId: 'phone', field: 'Patient.phone' },
        { linkId: 'guardianPhone', field: 'RelatedPerson.phone' },
        { linkId: 'member', field: 'Coverage.memberId' },
      ],
    },
  ],
};

describe('proposed chart changes', () => {
  it('pairs each answered chart question with what the chart holds, and marks the ones already there', () => {
    const address = { line: ['9 Orchard Road'], city: 'Olympia', state: 'WA', postalCode: '98501' };
    const changes = proposedChanges(
      packet,
      { contact: { address, phone: '555-010-0001', guardianPhone: { system: 'Phone', value: '555-010-0100' } } },
      { Patient: patient, RelatedPerson: guardian },
    );
    expect(changes).toEqual([
      {
        item: 'contact',
        linkId: 'address',
        field: 'Patient.address',
        current: patient.addresses![0],
        proposed: { use: 'Home', ...address },
        same: false,
      },
      { item: 'contact', linkId: 'phone', field: 'Patient.phone', current: '555-010-0001', proposed: '555-010-0001', same: true },
      { item: 'contact', linkId: 'guardianPhone', field: 'RelatedPerson.phone', current: undefined, proposed: '555-010-0100', same: false },
    ]);
  });

  it('replaces the home address and the first phone, keeping the rest of the record', () => {
    const moved = applyChange('Patient.address', { ...patient }, { use: 'Home', line: ['9 Orchard Road'] });
    expect(moved.addresses).toEqual([{ use: 'Home', line: ['9 Orchard Road'] }]);
    expect(moved.names).toEqual(patient.names);
    const phoned = applyChange('Patient.phone', { ...patient }, '555-010-0002');
    expect(phoned.telecom).toEqual([{ system: 'Phone', use: 'Home', value: '555-010-0002' }]);
    const emailed = applyChange('Patient.email', { ...patient }, 'milo@example.org');
    expect(emailed.telecom).toEqual([...patient.telecom!, { system: 'Email', use: 'Home', value: 'milo@example.org' }]);
    expect(applyChange('Coverage.payor', {}, 'Blue Shield')).toEqual({ payor: { name: 'Blue Shield' } });
  });
});
