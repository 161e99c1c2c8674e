import { describe, expect, it } from 'vitest';
import { validateWithSchema } from '../forms/index.ts';
import { PRACTICE_PREFERENCE_DEFAULTS } from '../preferences/practice-preferences.ts';
import { PLACES_OF_SERVICE, toCoding } from '../vocabularies/index.ts';
import { practiceLabel } from './labels.ts';
import {
  districtSchema,
  groupSchema,
  healthcareServiceSchema,
  listingSchema,
  locationSchema,
  organizationSchema,
  programSchema,
} from './practice-schemas.ts';
import { practicePreferencesSchema } from './preferences-schema.ts';

const check = (schema: Parameters<typeof validateWithSchema>[0], value: unknown) => validateWithSchema(schema, value, { strict: true });

describe('set-up schemas', () => {
  it.each([
    ['Organization', organizationSchema, { name: 'Acme Health', kind: 'Payer' }],
    ['District', districtSchema, { name: 'North' }],
    ['Program', programSchema, { name: 'Adult Outpatient', code: 'AOP' }],
    ['Location', locationSchema, { name: 'Main Clinic', placeOfService: toCoding(PLACES_OF_SERVICE, '11') }],
    ['HealthcareService', healthcareServiceSchema, { name: 'Psychotherapy, 60 min', flags: ['Billable'] }],
    ['Listing', listingSchema, { name: 'Intake', kind: 'Department' }],
    ['Group', groupSchema, { name: 'Clinicians', members: [] }],
  ])('%s: a valid record passes; its name is required, non-blank and trimmed', (_type, schema, good) => {
    expect(check(schema, good)).toEqual([]);
    expect(check(schema, { ...good, name: undefined })).toEqual([{ path: 'name', message: 'name is a required field' }]);
    expect(check(schema, { ...good, name: '' })).toEqual([{ path: 'name', message: 'name is a required field' }]);
    expect(check(schema, { ...good, name: '  ' })).toEqual([{ path: 'name', message: 'name cannot begin or end with whitespace' }]);
    expect(check(schema, { ...good, name: 'x'.repeat(121) })).toEqual([{ path: 'name', message: 'name must be at most 120 characters' }]);
  });

  it('Location: a place of service, when given, is from the CMS list', () => {
    expect(check(locationSchema, { name: 'X' })).toEqual([]);
    expect(check(locationSchema, { name: 'X', placeOfService: { code: '00' } })).toEqual([
      { path: 'placeOfService.code', message: 'placeOfService.code is invalid.' },
    ]);
    expect(check(locationSchema, { name: 'X', placeOfService: { code: '10' }, address: { state: 'GU', postalCode: '96910' } })).toEqual([]);
  });

  it('HealthcareService flags come from the enumeration, once each; RequireUnits needs unit minutes', () => {
    expect(check(healthcareServiceSchema, { name: 'S', flags: ['Billable', 'Billable'] })).toEqual([
      { path: 'flags', message: 'flags cannot have duplicates.' },
    ]);
    expect(check(healthcareServiceSchema, { name: 'S', flags: ['Free'] })[0]?.message).toBe(
      'flags[0] must be one of the following values: Billable, SupportsGroups, RequireUnits',
    );
    expect(check(healthcareServiceSchema, { name: 'S', flags: ['RequireUnits'] })).toEqual([
      { path: 'unitMinutes', message: 'unitMinutes is a required field' },
    ]);
    expect(check(healthcareServiceSchema, { name: 'S', flags: ['RequireUnits'], unitMinutes: 15 })).toEqual([]);
  });
});

describe('practicePreferencesSchema', () => {
  it('accepts the defaults and an empty body', () => {
    expect(check(practicePreferencesSchema, PRACTICE_PREFERENCE_DEFAULTS)).toEqual([]);
    expect(check(practicePreferencesSchema, {})).toEqual([]);
  });

  it('refuses numbers that are not positive integers, unknown enum values, non-boolean flags and bad labels', () => {
    const issues = check(practicePreferencesSchema, {
      noteSignWarningTimeout: 0,
      sessionTimeoutInMinutes: 2.5,
      patientPopulationLevel: 'Everyone',
      defaultScribeNoteFormat: 'SOAP',
      allowMarkAllReview: 'yes',
      labels: { patient: { singular: 'Client ', plural: '' }, patients: { singular: 'x', plural: 'y' } },
      emailTestRecipients: ['a', 'a'],
    });
    expect(issues).toHaveLength(9);
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'noteSignWarningTimeout', message: 'noteSignWarningTimeout must be a positive number' },
        { path: 'sessionTimeoutInMinutes', message: 'sessionTimeoutInMinutes must be an integer' },
        { path: 'patientPopulationLevel', message: 'patientPopulationLevel must be one of the following values: All, CareTeam, Program' },
        {
          path: 'defaultScribeNoteFormat',
          message:
            'defaultScribeNoteFormat must be one of the following values: BIRP, DAP, GIRPP, SIRP, BEHAVIORAL_SOAP, HP, PHYSICAL_SOAP',
        },
        { path: 'allowMarkAllReview', message: 'allowMarkAllReview is invalid.' },
        { path: 'labels', message: 'labels field has unspecified keys: patients' },
        { path: 'labels.patient.singular', message: 'labels.patient.singular cannot begin or end with whitespace' },
        { path: 'labels.patient.plural', message: 'labels.patient.plural is a required field' },
        { path: 'emailTestRecipients', message: 'emailTestRecipients cannot have duplicates.' },
      ]),
    );
  });
});

describe('scribeFormatConfigurations', () => {
  const BIRP_ORDER = ['plan', 'behavior', 'intervention', 'response'];

  it('accepts formats switched off, full section orders and instructions', () => {
    const value = {
      scribeFormatConfigurations: [
        { format: 'SIRP', enabled: false },
        { format: 'BIRP', enabled: true, sectionOrder: BIRP_ORDER, instructions: 'Name the modality.' },
      ],
    };
    expect(check(practicePreferencesSchema, value)).toEqual([]);
  });

  it('refuses unknown, repeated and missing sections, long instructions, unknown keys and a format named twice', () => {
    const issues = check(practicePreferencesSchema, {
      scribeFormatConfigurations: [
        { format: 'BIRP', sectionOrder: ['plan', 'behavior', 'intervention', 'goal'] },
        { format: 'DAP', sectionOrder: ['data', 'data', 'assessment', 'plan'] },
        { format: 'SIRP', sectionOrder: ['situation', 'plan'] },
        { format: 'GIRPP', instructions: 'x'.repeat(2001), colour: 'red' },
        { format: 'DAP' },
      ],
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        {
          path: 'scribeFormatConfigurations.0.sectionOrder',
          message: 'scribeFormatConfigurations[0].sectionOrder names sections BIRP does not have: goal.',
        },
        {
          path: 'scribeFormatConfigurations.1.sectionOrder',
          message: 'scribeFormatConfigurations[1].sectionOrder cannot have duplicates.',
        },
        {
          path: 'scribeFormatConfigurations.2.sectionOrder',
          message: 'scribeFormatConfigurations[2].sectionOrder must name every section of SIRP; missing: intervention, response.',
        },
        {
          path: 'scribeFormatConfigurations.3.instructions',
          message: 'scribeFormatConfigurations[3].instructions must be at most 2000 characters',
        },
        { path: 'scribeFormatConfigurations', message: 'scribeFormatConfigurations names DAP more than once.' },
      ]),
    );
    expect(issues).toContainEqual({
      path: 'scribeFormatConfigurations.3',
      message: 'scribeFormatConfigurations[3] field has unspecified keys: colour',
    });
    expect(issues).toHaveLength(6);
  });

  it('refuses a default format the practice switched off, the unset default (GIRPP) too', () => {
    const message = (f: string) =>
      `defaultScribeNoteFormat cannot be ${f}: the practice does not offer that format (scribeFormatConfigurations).`;
    expect(
      check(practicePreferencesSchema, { defaultScribeNoteFormat: 'DAP', scribeFormatConfigurations: [{ format: 'DAP', enabled: false }] }),
    ).toEqual([{ path: 'defaultScribeNoteFormat', message: message('DAP') }]);
    expect(check(practicePreferencesSchema, { scribeFormatConfigurations: [{ format: 'GIRPP', enabled: false }] })).toEqual([
      { path: 'defaultScribeNoteFormat', message: message('GIRPP') },
    ]);
    expect(
      check(practicePreferencesSchema, {
        defaultScribeNoteFormat: 'BIRP',
        scribeFormatConfigurations: [{ format: 'GIRPP', enabled: false }],
      }),
    ).toEqual([]);
  });
});

describe('practiceLabel', () => {
  it('answers the practice word, or the default', () => {
    expect(practiceLabel(undefined, 'patient', 'plural')).toBe('Patients');
    expect(practiceLabel({}, 'practitioner')).toBe('Practitioner');
    const prefs = { labels: { ...PRACTICE_PREFERENCE_DEFAULTS.labels, patient: { singular: 'Client', plural: 'Clients' } } };
    expect(practiceLabel(prefs, 'patient', 'plural')).toBe('Clients');
    expect(practiceLabel(prefs, 'patient')).toBe('Client');
    expect(practiceLabel(prefs, 'session', 'plural')).toBe('Sessions');
    expect(practiceLabel({ labels: { patient: { singular: 'Client', plural: ' ' } } } as never, 'patient', 'plural')).toBe('Patients');
  });
});
