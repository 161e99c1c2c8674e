import { describe, expect, it } from 'vitest';
import { validateWithSchema } from '../forms/index.ts';
import { toCoding } from '../vocabularies/vocabulary.ts';
import { RACES, RELATIONSHIPS } from '../vocabularies/index.ts';
import { isPhoneNumber } from './common-schemas.ts';
import { allergySchema, conditionSchema, consentSchema, coverageSchema, episodeOfCareSchema, medicationSchema } from './chart-schemas.ts';
import { patientSchema, practitionerSchema, relatedPersonSchema } from './people-schemas.ts';

const check = (schema: Parameters<typeof validateWithSchema>[0], value: unknown) => validateWithSchema(schema, value, { strict: true });
const patientRef = { resourceType: 'Patient', id: 'p1' };
const goodPatient = {
  names: [
    { given: ['Jane'], family: 'Doe' },
    { use: 'Preferred', given: ['Janie'] },
  ],
  birthDate: '1990-02-28',
  administrativeSex: 'Female',
  race: [toCoding(RACES, '2106-3')],
  mrn: 'MRN-000123',
  telecom: [
    { system: 'Phone', use: 'Mobile', value: '(555) 123-4567' },
    { system: 'Email', value: 'jane@example.org' },
  ],
  addresses: [{ use: 'Home', line: ['1 Main St'], city: 'Springfield', state: 'IL', postalCode: '62701' }],
  careTeam: [{ member: { resourceType: 'Practitioner', id: 'dr1' }, role: { code: 'therapist' } }],
};

describe('patientSchema', () => {
  it('accepts a complete patient, and a record named only by display', () => {
    expect(check(patientSchema, goodPatient)).toEqual([]);
    expect(check(patientSchema, { display: 'Imported, Person' })).toEqual([]);
  });

  it('needs names when there is no display', () => {
    expect(check(patientSchema, {})).toEqual([{ path: 'names', message: 'names is a required field' }]);
    expect(check(patientSchema, { names: [] })).toEqual([{ path: 'names', message: 'names field must have at least 1 items' }]);
    expect(check(patientSchema, { names: [{ use: 'Nickname' }] })).toEqual([
      { path: 'names.0', message: 'names[0] needs a family or given name' },
    ]);
    expect(check(patientSchema, { names: [{ family: 'A' }, { family: 'B' }] })).toEqual([
      { path: 'names', message: 'names cannot have duplicates.' },
    ]);
  });

  it('refuses names with whitespace at either end, and unknown name keys', () => {
    expect(check(patientSchema, { names: [{ family: ' Doe' }] })).toEqual([
      { path: 'names.0.family', message: 'names[0].family cannot begin or end with whitespace' },
    ]);
    expect(check(patientSchema, { names: [{ family: 'Doe', middle: 'X' }] })).toEqual([
      { path: 'names.0', message: 'names[0] field has unspecified keys: middle' },
    ]);
  });

  it('checks codes against the vocabularies', () => {
    const issues = check(patientSchema, {
      ...goodPatient,
      administrativeSex: 'F',
      addresses: [{ state: 'XX' }],
      race: [{ code: '2106-3' }, { code: '2106-3' }],
      ethnicity: { code: 'nope' },
      careTeam: [{ member: { resourceType: 'Practitioner', id: 'dr1' }, role: { code: 'wizard' } }],
    });
    expect(issues).toEqual(
      expect.arrayContaining(
        [
          { path: 'administrativeSex', message: 'administrativeSex must be one of the following values: Male, Female, Other, Unknown' },
          { path: 'addresses.0.state', message: 'addresses[0].state is invalid.' },
          { path: 'race', message: 'race cannot have duplicates.' },
          { path: 'ethnicity.code', message: 'ethnicity.code must be one of the following values: 2135-2, 2186-5, ASKU, UNK' },
          { path: 'careTeam.0.role.code', message: 'careTeam[0].role.code must be one of the following values: ' + expect.any(String) },
        ].slice(0, 4),
      ),
    );
    expect(issues.map((i) => i.path)).toContain('careTeam.0.role.code');
    expect(check(patientSchema, { ...goodPatient, race: [{ system: 'urn:other', code: '2106-3' }] })).toEqual([
      { path: 'race.0', message: 'race[0] is invalid.' },
    ]);
  });

  it('checks e-mail addresses and phone numbers by system', () => {
    expect(check(patientSchema, { ...goodPatient, telecom: [{ system: 'Email', value: 'not-mail' }] })).toEqual([
      { path: 'telecom.0.value', message: 'telecom[0].value must be a valid email' },
    ]);
    expect(check(patientSchema, { ...goodPatient, telecom: [{ system: 'Phone', value: 'call me' }] })).toEqual([
      { path: 'telecom.0.value', message: 'telecom[0].value must be a valid phone number' },
    ]);
    expect(['555-123-4567', '+44 20 7946 0958', '(555) 123-4567 x12'].every(isPhoneNumber)).toBe(true);
    expect(['123', '555-CALL-NOW', '1234567890123456'].some(isPhoneNumber)).toBe(false);
  });

  it('checks dates, the MRN and postal codes', () => {
    expect(check(patientSchema, { ...goodPatient, birthDate: '1990-02-30' })).toEqual([
      { path: 'birthDate', message: 'birthDate must be a calendar date written yyyy-MM-dd, such as 2024-05-01.' },
    ]);
    expect(validateWithSchema(patientSchema, { ...goodPatient, birthDate: '2030-01-01' }, { strict: true })).toEqual([
      { path: 'birthDate', message: expect.stringMatching(/^birthDate field must be earlier than \d{4}-\d{2}-\d{2}$/) },
    ]);
    expect(
      patientSchema.validateSync({ ...goodPatient, birthDate: '2024-05-01' }, { strict: true, context: { today: '2024-05-01' } }),
    ).toBeTruthy();
    expect(check(patientSchema, { ...goodPatient, birthDate: '1850-01-01' })).toEqual([
      { path: 'birthDate', message: 'birthDate field must be later than 1880-01-01' },
    ]);
    expect(check(patientSchema, { ...goodPatient, mrn: 'A B' })).toEqual([{ path: 'mrn', message: 'mrn is invalid.' }]);
    expect(check(patientSchema, { ...goodPatient, mrn: 'x'.repeat(41) })).toEqual([
      { path: 'mrn', message: 'mrn must be at most 40 characters' },
    ]);
    expect(check(patientSchema, { ...goodPatient, addresses: [{ postalCode: '1234' }] })).toEqual([
      { path: 'addresses.0.postalCode', message: 'addresses.0.postalCode is invalid.'.replace('.0.', '[0].') },
    ]);
  });

  it('works with yup casting as a form uses it', async () => {
    await expect(patientSchema.validate({ names: [{ family: 'Doe', given: ['Jane'] }] })).resolves.toBeTruthy();
  });
});

describe('relatedPersonSchema and practitionerSchema', () => {
  it('relatedPerson needs its patient and a known relationship', () => {
    expect(
      check(relatedPersonSchema, { patient: patientRef, relationship: toCoding(RELATIONSHIPS, 'GUARD'), names: [{ family: 'Roe' }] }),
    ).toEqual([]);
    expect(check(relatedPersonSchema, { names: [{ family: 'Roe' }], relationship: { code: 'BFF' } }).map((i) => i.path)).toEqual([
      'relationship.code',
    ]);
    expect(check(relatedPersonSchema, { names: [{ family: 'Roe' }], patient: { id: 'p1' } }).map((i) => i.path)).toEqual([
      'patient.resourceType',
    ]);
  });

  it('practitioner: NPI, e-mails, licences and unique supervisors', () => {
    const good = {
      names: [{ given: ['Ann'], family: 'Lee' }],
      credentials: 'LCSW',
      npi: '1234567893',
      licences: [{ type: { code: 'LCSW' }, number: 'L-1', state: 'NY' }],
    };
    expect(check(practitionerSchema, good)).toEqual([]);
    expect(
      check(practitionerSchema, { ...good, npi: '12', workEmail: 'x', licences: [{ type: { code: 'XYZ' }, number: '' }] })
        .map((i) => i.path)
        .sort(),
    ).toEqual(['licences.0.number', 'licences.0.type.code', 'npi', 'workEmail']);
    const sup = { subject: { resourceType: 'Practitioner', id: 's1' } };
    expect(check(practitionerSchema, { ...good, supervisors: [sup, sup] })).toEqual([
      { path: 'supervisors', message: 'supervisors cannot have duplicates.' },
    ]);
  });
});

describe('chart schemas', () => {
  it('episodeOfCare: programs, a finished episode has an end, one primary diagnosis', () => {
    const program = { program: { resourceType: 'Program', id: 'pr1' } };
    expect(check(episodeOfCareSchema, { patient: patientRef, status: 'active', programs: [program] })).toEqual([]);
    expect(check(episodeOfCareSchema, { patient: patientRef, status: 'active', programs: [] })).toEqual([]);
    expect(check(episodeOfCareSchema, { patient: patientRef, status: 'finished' }).map((i) => i.path)).toEqual(['period', 'programs']);
    expect(
      check(episodeOfCareSchema, { patient: patientRef, status: 'finished', period: { start: '2024-01-01' }, programs: [program] }),
    ).toEqual([{ path: 'period', message: 'period.end is a required field' }]);
    expect(
      check(episodeOfCareSchema, {
        patient: patientRef,
        status: 'active',
        period: { start: '2024-02-01', end: '2024-01-01' },
        programs: [program],
      }),
    ).toEqual([{ path: 'period.end', message: 'period.end field must be later than 2024-02-01' }]);
    const dx = (id: string) => ({ condition: { resourceType: 'Condition', id }, role: 'primary' });
    expect(
      check(episodeOfCareSchema, { patient: patientRef, status: 'active', programs: [program], diagnoses: [dx('a'), dx('b')] }),
    ).toEqual([{ path: 'diagnoses', message: 'diagnoses can have only one primary diagnosis' }]);
  });

  it('condition, allergy, medication, coverage and consent', () => {
    const icd = 'http://hl7.org/fhir/sid/icd-10-cm';
    expect(check(conditionSchema, { patient: patientRef, code: { system: icd, code: 'F41.1' }, verificationStatus: 'Confirmed' })).toEqual(
      [],
    );
    expect(
      check(conditionSchema, { patient: patientRef, code: { system: icd, code: 'anxiety' }, verificationStatus: 'Maybe' }).map(
        (i) => i.path,
      ),
    ).toEqual(['code', 'verificationStatus']);
    expect(check(allergySchema, { patient: patientRef, substance: { code: 'peanut' }, status: 'active' })).toEqual([]);
    expect(check(allergySchema, { patient: patientRef, substance: { code: 'kryptonite' }, status: 'active' }).map((i) => i.path)).toEqual([
      'substance.code',
    ]);
    expect(check(medicationSchema, { patient: patientRef, name: '', status: 'active' })).toEqual([
      { path: 'name', message: 'name is a required field' },
    ]);
    expect(check(coverageSchema, { patient: patientRef, payor: { name: 'Acme Health' }, memberId: 'M1', order: 0 })).toEqual([
      { path: 'order', message: 'order must be a positive number' },
    ]);
    expect(check(consentSchema, { patient: patientRef, category: { code: 'telehealth' }, status: 'active', date: '2024-13-01' })).toEqual([
      { path: 'date', message: 'date must be a calendar date written yyyy-MM-dd, such as 2024-05-01.' },
    ]);
  });
});
