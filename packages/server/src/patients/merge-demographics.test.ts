import type { Patient } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { mergeDemographics } from './merge-demographics.ts';
import { namesPatient, repointReferences } from './patient-references.ts';

const meta = { versionId: 'v1', lastModified: '2026-01-01T00:00:00Z' };
const patient = (id: string, fields: Partial<Patient>): Patient => ({ resourceType: 'Patient', id, meta, names: [], ...fields });

describe('mergeDemographics', () => {
  const survivor = patient('s', {
    mrn: 'MRN-1',
    birthDate: '1990-02-03',
    careTeam: [{ member: { resourceType: 'Practitioner', id: 'p1' } }],
    telecom: [{ system: 'Phone', use: 'Mobile', value: '(555) 010-2000', rank: 1 }],
    addresses: [{ line: ['1 Main St'], city: 'Springfield', state: 'IL', postalCode: '62701' }],
  });
  const duplicate = patient('d', {
    mrn: 'MRN-2',
    birthDate: '1990-03-02',
    administrativeSex: 'Female',
    identifiers: [{ type: 'SS', value: '123-45-6789' }],
    careTeam: [{ member: { resourceType: 'Practitioner', id: 'p1' } }, { member: { resourceType: 'Practitioner', id: 'p2' } }],
    telecom: [
      { system: 'Phone', value: '555-010-2000', rank: 1 },
      { system: 'Email', value: 'Ann@Example.org', rank: 2 },
    ],
    addresses: [{ line: ['1  main st'], city: 'springfield', state: 'IL', postalCode: '62701-1234' }],
    alerts: ['Fall risk'],
  });
  const merged = mergeDemographics(survivor, duplicate);

  it("keeps the survivor's own values and fills only its gaps", () => {
    expect(merged.mrn).toBe('MRN-1');
    expect(merged.birthDate).toBe('1990-02-03');
    expect(merged.administrativeSex).toBe('Female');
    expect(merged.id).toBe('s');
  });

  it("keeps the duplicate's MRN and identifiers as the survivor's, with one MR identifier: its own", () => {
    expect(merged.identifiers).toEqual([
      { type: 'SS', value: '123-45-6789' },
      { system: 'urn:caseload:merged-mrn', type: 'PI', value: 'MRN-2' },
    ]);
    const withMr = mergeDemographics(
      { ...survivor, identifiers: [{ system: 'urn:caseload:mrn', type: 'MR', value: 'MRN-1' }] },
      { ...duplicate, identifiers: [{ system: 'urn:caseload:mrn', type: 'MR', value: 'MRN-2' }] },
    );
    expect(withMr.identifiers).toEqual([
      { system: 'urn:caseload:mrn', type: 'MR', value: 'MRN-1' },
      { system: 'urn:caseload:merged-mrn', type: 'PI', value: 'MRN-2' },
    ]);
  });

  it('unites care teams, contact points and addresses without repeats', () => {
    expect(merged.careTeam!.map((m) => m.member.id)).toEqual(['p1', 'p2']);
    expect(merged.telecom).toEqual([
      { system: 'Phone', use: 'Mobile', value: '(555) 010-2000', rank: 1 },
      { system: 'Email', value: 'Ann@Example.org' },
    ]);
    expect(merged.addresses).toHaveLength(1);
    expect(merged.alerts).toEqual(['Fall risk']);
  });

  it('changes neither input', () => {
    expect(survivor.careTeam).toHaveLength(1);
    expect(survivor.identifiers).toBeUndefined();
  });
});

describe('repointReferences', () => {
  const pair = { duplicateId: 'd', survivorId: 's', survivorDisplay: 'Doe, Ann' };

  it('re-points patient references and partitions at any depth, leaving meta alone', () => {
    const body = {
      resourceType: 'Note',
      id: 'n1',
      partition: 'd',
      subject: { resourceType: 'Patient', id: 'd', display: 'Doe, Anne', versionId: 'old' },
      encounter: { resourceType: 'Encounter', id: 'e1', partition: 'd' },
      attendees: [{ subject: { resourceType: 'Patient', id: 'x' } }, { patient: { resourceType: 'Patient', id: 'd' } }],
      meta: { versionId: 'v', lastModified: 't', lastModifiedBy: { resourceType: 'Patient', id: 'd' } },
    };
    const next = repointReferences(body, pair);
    expect(next).toEqual({
      ...body,
      partition: 's',
      subject: { resourceType: 'Patient', id: 's', display: 'Doe, Ann' },
      encounter: { resourceType: 'Encounter', id: 'e1', partition: 's' },
      attendees: [{ subject: { resourceType: 'Patient', id: 'x' } }, { patient: { resourceType: 'Patient', id: 's' } }],
    });
    expect(next.meta).toBe(body.meta);
  });

  it('answers the same object when nothing names the duplicate', () => {
    const body = { resourceType: 'Channel', id: 'c', patient: { resourceType: 'Patient', id: 'x' }, list: [1, 'd'] };
    expect(repointReferences(body, pair)).toBe(body);
    expect(namesPatient(body, pair)).toBe(false);
    expect(namesPatient({ ...body, patient: { resourceType: 'Patient', id: 'd' } }, pair)).toBe(true);
  });
});
