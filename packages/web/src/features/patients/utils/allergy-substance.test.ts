import { allergySchema, validateWithSchema } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { SUBSTANCE_NAMES, substanceCoding } from './allergy-substance.ts';

const allergy = (substance: unknown) => ({
  resourceType: 'Allergy',
  partition: 'p1',
  patient: { resourceType: 'Patient', id: 'p1' },
  status: 'active',
  substance,
});

describe('allergy substance: from the list or written in', () => {
  it('a name of the list, in any case, is that substance', () => {
    expect(substanceCoding('latex')).toEqual({ system: 'urn:caseload:allergy-substance', code: 'latex', display: 'Latex' });
  });

  it('anything else is written in as OTH with the typed name, and the schema takes it', () => {
    const coding = substanceCoding('Strawberries');
    expect(coding).toEqual({ system: 'http://terminology.hl7.org/CodeSystem/v3-NullFlavor', code: 'OTH', display: 'Strawberries' });
    expect(validateWithSchema(allergySchema, allergy(coding), { strict: true })).toEqual([]);
  });

  it('nothing typed is no substance, which the schema calls required', () => {
    expect(substanceCoding('  ')).toBeUndefined();
    expect(validateWithSchema(allergySchema, allergy(undefined), { strict: true })).toEqual([
      { path: 'substance', message: 'substance is a required field' },
    ]);
  });

  it('the picker offers names of the list, not the written-in placeholder', () => {
    expect(SUBSTANCE_NAMES).toContain('Penicillin');
    expect(SUBSTANCE_NAMES).not.toContain('Other');
  });
});
