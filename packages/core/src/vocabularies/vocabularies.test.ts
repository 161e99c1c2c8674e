import { describe, expect, it } from 'vitest';
import { ReportTypes } from '../enums.ts';
import {
  ALLERGY_SUBSTANCES,
  CARE_TEAM_ROLES,
  COMMUNICATION_TOPICS,
  CONSENT_CATEGORIES,
  DIAGNOSES,
  ETHNICITIES,
  GENDER_IDENTITIES,
  IDENTIFIER_TYPES,
  LICENCE_TYPES,
  PLACES_OF_SERVICE,
  RACES,
  RELATIONSHIPS,
  REPORT_TYPES,
  SEXUAL_ORIENTATIONS,
  SYSTEMS_OF_ORIGIN,
  US_STATES,
  conceptCodes,
  findConcept,
  hasConcept,
  toCoding,
  type Vocabulary,
} from './index.ts';

const ALL: Record<string, Vocabulary> = {
  PLACES_OF_SERVICE,
  US_STATES,
  IDENTIFIER_TYPES,
  LICENCE_TYPES,
  RELATIONSHIPS,
  RACES,
  ETHNICITIES,
  GENDER_IDENTITIES,
  SEXUAL_ORIENTATIONS,
  CARE_TEAM_ROLES,
  COMMUNICATION_TOPICS,
  REPORT_TYPES,
  SYSTEMS_OF_ORIGIN,
  DIAGNOSES,
  CONSENT_CATEGORIES,
  ALLERGY_SUBSTANCES,
};

describe.each(Object.entries(ALL))('%s', (_name, vocab) => {
  it('has a system, and unique, non-blank, trimmed codes and displays', () => {
    expect(vocab.system).toMatch(/^(https?:\/\/|urn:)\S+$/);
    expect(vocab.concepts.length).toBeGreaterThan(2);
    const codes = conceptCodes(vocab);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of vocab.concepts) {
      expect(c.code).toMatch(/^\S(.*\S)?$/);
      expect(c.display.trim()).toBe(c.display);
      expect(c.display).not.toBe('');
    }
  });
});

describe('PLACES_OF_SERVICE', () => {
  it('holds the CMS codes the practice uses, with their names', () => {
    expect(findConcept(PLACES_OF_SERVICE, '11')?.display).toBe('Office');
    expect(findConcept(PLACES_OF_SERVICE, '12')?.display).toBe('Home');
    expect(findConcept(PLACES_OF_SERVICE, '02')?.display).toBe("Telehealth Provided Other than in Patient's Home");
    expect(findConcept(PLACES_OF_SERVICE, '10')?.display).toBe("Telehealth Provided in Patient's Home");
    expect(findConcept(PLACES_OF_SERVICE, '53')?.display).toBe('Community Mental Health Center');
  });

  it('has every defined code from 01 to 99 as two digits, ascending, and none of the unassigned ones', () => {
    const codes = conceptCodes(PLACES_OF_SERVICE);
    expect(codes.length).toBeGreaterThanOrEqual(50);
    expect(codes.every((c) => /^\d{2}$/.test(c))).toBe(true);
    expect([...codes].sort()).toEqual(codes);
    for (const unassigned of ['28', '29', '30', '35', '40', '59', '63', '80', '98'])
      expect(hasConcept(PLACES_OF_SERVICE, unassigned)).toBe(false);
  });
});

describe('US_STATES', () => {
  it('has 50 states, DC, 6 territories and 3 military codes', () => {
    const count = (kind: string) => US_STATES.concepts.filter((s) => s.kind === kind).length;
    expect([count('state'), count('district'), count('territory'), count('military')]).toEqual([50, 1, 6, 3]);
    expect(US_STATES.concepts).toHaveLength(60);
  });

  it('has two-letter USPS codes and unique two-digit FIPS codes for all but the military ones', () => {
    expect(US_STATES.concepts.every((s) => /^[A-Z]{2}$/.test(s.code))).toBe(true);
    const fips = US_STATES.concepts.flatMap((s) => (s.fips ? [s.fips] : []));
    expect(fips).toHaveLength(57);
    expect(new Set(fips).size).toBe(57);
    expect(findConcept(US_STATES, 'CA')).toMatchObject({ display: 'California', fips: '06' });
    expect(findConcept(US_STATES, 'PR')).toMatchObject({ display: 'Puerto Rico', fips: '72', kind: 'territory' });
    expect(findConcept(US_STATES, 'AE')?.fips).toBeUndefined();
    for (const code of ['AS', 'GU', 'MP', 'VI', 'UM', 'AA', 'AP', 'DC']) expect(hasConcept(US_STATES, code)).toBe(true);
  });
});

describe('the other lists', () => {
  it('hold the codes the product relies on', () => {
    for (const code of ['MR', 'SS', 'DL', 'MA', 'MC', 'MB', 'PI', 'NPI']) expect(hasConcept(IDENTIFIER_TYPES, code), code).toBe(true);
    expect(findConcept(IDENTIFIER_TYPES, 'MR')?.display).toBe('Medical record number');
    for (const code of ['LCSW', 'LMSW', 'LPC', 'LMHC', 'LMFT', 'LCADC', 'PsyD', 'PhD', 'MD', 'DO', 'NP', 'PMHNP', 'RN', 'CADC', 'BCBA']) {
      expect(hasConcept(LICENCE_TYPES, code), code).toBe(true);
    }
    for (const code of ['MTH', 'FTH', 'GUARD', 'SPS', 'CHILD', 'SIB', 'FRND']) expect(hasConcept(RELATIONSHIPS, code), code).toBe(true);
    expect(conceptCodes(RACES)).toEqual(['1002-5', '2028-9', '2054-5', '2076-8', '2106-3', '2131-1', 'ASKU', 'UNK']);
    expect(conceptCodes(ETHNICITIES)).toEqual(['2135-2', '2186-5', 'ASKU', 'UNK']);
    expect(hasConcept(GENDER_IDENTITIES, 'ASKU')).toBe(true);
    expect(hasConcept(SEXUAL_ORIENTATIONS, 'ASKU')).toBe(true);
    for (const code of [
      'primary-clinician',
      'psychiatrist',
      'prescriber',
      'case-manager',
      'supervisor',
      'peer-support',
      'therapist',
      'nurse',
    ]) {
      expect(hasConcept(CARE_TEAM_ROLES, code), code).toBe(true);
    }
    expect(SYSTEMS_OF_ORIGIN.concepts).toHaveLength(3);
    expect(hasConcept(SYSTEMS_OF_ORIGIN, 'telehealth')).toBe(true);
  });

  it('name every report type of the core enumeration, in its order', () => {
    expect(conceptCodes(REPORT_TYPES)).toEqual([...ReportTypes]);
    expect(findConcept(REPORT_TYPES, 'UnsignedNoteReminder')?.display).toBe('Unsigned note reminder');
  });

  it('DIAGNOSES are chapter F ICD-10-CM codes, at least 120, with the common ones', () => {
    expect(DIAGNOSES.concepts.length).toBeGreaterThanOrEqual(120);
    expect(DIAGNOSES.concepts.every((c) => /^F\d{2}(\.[0-9A-Z]{1,4})?$/.test(c.code))).toBe(true);
    expect(findConcept(DIAGNOSES, 'F41.1')?.display).toBe('Generalized anxiety disorder');
    expect(findConcept(DIAGNOSES, 'F32.A')?.display).toBe('Depression, unspecified');
    expect(findConcept(DIAGNOSES, 'F43.10')?.display).toBe('Post-traumatic stress disorder, unspecified');
    expect(findConcept(DIAGNOSES, 'F90.2')?.display).toBe('Attention-deficit hyperactivity disorder, combined type');
  });
});

describe('findConcept and toCoding', () => {
  it('find by exact code, and nothing for unknown, empty or missing codes', () => {
    expect(findConcept(PLACES_OF_SERVICE, '11')?.code).toBe('11');
    expect(findConcept(PLACES_OF_SERVICE, '011')).toBeUndefined();
    expect(findConcept(PLACES_OF_SERVICE, '')).toBeUndefined();
    expect(findConcept(PLACES_OF_SERVICE, undefined)).toBeUndefined();
    expect(findConcept(US_STATES, 'ca')).toBeUndefined();
  });

  it('toCoding carries the system and display, including a concept from another system', () => {
    expect(toCoding(PLACES_OF_SERVICE, '11')).toEqual({ system: PLACES_OF_SERVICE.system, code: '11', display: 'Office' });
    expect(toCoding(RACES, 'ASKU')).toEqual({
      system: 'http://terminology.hl7.org/CodeSystem/v3-NullFlavor',
      code: 'ASKU',
      display: 'Asked but declined',
    });
    expect(() => toCoding(PLACES_OF_SERVICE, '00')).toThrow('00 is not a code of');
  });
});
