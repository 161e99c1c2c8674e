import { describe, expect, it } from 'vitest';
import { validateWithSchema } from '../forms/index.ts';
import {
  noteDefinitionSchema,
  noteSectionFormSchema,
  noteTemplateSchema,
  personalSignatureSchema,
  signatureConfigurationSchema,
} from './note-config-schemas.ts';
import { encounterSchema, noteSchema } from './note-schemas.ts';
import { noteRuleSchema } from './rule-schemas.ts';

const check = (schema: Parameters<typeof validateWithSchema>[0], value: unknown) => validateWithSchema(schema, value, { strict: true });
const ref = (resourceType: string, id: string, display?: string) => ({ resourceType, id, ...(display && { display }) });
/** The paths at fault, sorted (yup reports nested fields first). */
const paths = (issues: { path: string }[]) => issues.map((i) => i.path).sort();

const encounter = {
  resourceType: 'Encounter',
  partition: 'p1',
  subject: ref('Patient', 'p1'),
  participants: [
    { individual: ref('Practitioner', 'dr'), role: 'PrimaryPerformer' },
    { individual: ref('Patient', 'p1'), role: 'Patient' },
  ],
  serviceType: ref('HealthcareService', 'psy'),
  program: ref('Program', 'op'),
  episodeOfCare: ref('EpisodeOfCare', 'ep'),
  location: { location: ref('Location', 'main'), placeOfService: { code: '11', display: 'Office' } },
  visitStatus: 'Show',
  visitMode: 'Telehealth',
  sessionTime: { mode: 'Duration', start: '2024-05-02T13:00:00Z', end: '2024-05-02T13:53:00Z' },
  period: { start: '2024-05-02T13:00:00Z', end: '2024-05-02T13:53:00Z' },
  diagnoses: [
    {
      code: { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'F41.1', display: 'Generalized anxiety disorder' },
      condition: ref('Condition', 'c1'),
      rank: 1,
    },
  ],
};

const note = {
  resourceType: 'Note',
  partition: 'p1',
  subject: ref('Patient', 'p1'),
  kind: 'Note',
  composition: 'Individual',
  definition: ref('NoteDefinition', 'd1'),
  encounter: ref('Encounter', 'e1'),
  encounterDate: '2024-05-02T13:00:00Z',
  author: ref('Practitioner', 'dr'),
  title: 'Progress note',
  completion: 'Complete',
  status: 'Final',
  signedAt: '2024-05-02T15:00:00Z',
  sections: [
    { key: 'data', title: 'Data', kind: 'Narrative', narrative: '<p>Discussed coping skills. </p>' },
    { key: 'goals', kind: 'Form', answers: { risk: 'Denies SI/HI.' } },
  ],
  signatures: [
    {
      role: 'Author',
      signer: ref('Practitioner', 'dr'),
      signedAt: '2024-05-02T15:00:00Z',
      contentHash: 'a'.repeat(64),
      personalSignature: ref('PersonalSignature', 's1'),
    },
  ],
  amendments: [
    {
      reason: 'Typo.',
      author: ref('Practitioner', 'dr'),
      at: '2024-05-03T10:00:00Z',
      previousVersionId: 'v1',
      changedFields: ['sections'],
    },
  ],
};

describe('encounterSchema', () => {
  it('accepts a complete encounter, a multi-service one and a bare draft', () => {
    expect(check(encounterSchema, encounter)).toEqual([]);
    expect(
      check(encounterSchema, {
        ...encounter,
        documentationType: 'MultiServiceNote',
        sessionTime: undefined,
        services: [
          {
            serviceType: ref('HealthcareService', 'psy'),
            sessionTime: { mode: 'DurationMinutes', start: '2024-05-02T13:00:00Z', minutes: 30 },
            units: 2,
          },
          {
            serviceType: ref('HealthcareService', 'fam'),
            sessionTime: { mode: 'TimeIncrements', start: '2024-05-02T13:30:00Z', increments: 2, incrementMinutes: 15 },
          },
        ],
      }),
    ).toEqual([]);
    expect(
      check(encounterSchema, { partition: 'p1', subject: ref('Patient', 'p1'), participants: [], sessionTime: { mode: 'Duration' } }),
    ).toEqual([]);
  });

  it('checks every enumeration: participant roles, visit status and mode, duration modes, documentation types', () => {
    const issues = check(encounterSchema, {
      ...encounter,
      participants: [{ individual: ref('Practitioner', 'dr'), role: 'Therapist' }, { individual: ref('Practitioner', 'dr2') }],
      visitStatus: 'Arrived',
      visitMode: 'Phone',
      documentationType: 'Note',
      sessionTime: { mode: 'Hours', start: '2024-05-02T13:00:00Z' },
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        {
          path: 'participants.0.role',
          message:
            'participants[0].role must be one of the following values: ' +
            'PrimaryPerformer, SecondaryPerformer, Participation, Patient, Coordinator',
        },
        { path: 'participants.1.role', message: 'participants[1].role is a required field' },
        { path: 'visitStatus', message: 'visitStatus must be one of the following values: Show, NoShow, Cancelled' },
        { path: 'visitMode', message: 'visitMode must be one of the following values: InPerson, Telehealth' },
        { path: 'documentationType', message: 'documentationType must be one of the following values: GroupNote, MultiServiceNote' },
        {
          path: 'sessionTime.mode',
          message: 'sessionTime.mode must be one of the following values: Duration, DurationMinutes, TimeIncrements',
        },
      ]),
    );
    expect(issues).toHaveLength(6);
  });

  it('refuses malformed times, an end before its start, unknown keys, bad codes and references of the wrong type', () => {
    expect(
      check(encounterSchema, {
        ...encounter,
        sessionTime: { mode: 'Duration', start: '2024-05-02 13:00', end: '2024-05-02T13:53:00.000Z' },
      }),
    ).toEqual([
      {
        path: 'sessionTime.start',
        message: 'sessionTime.start must be a UTC time written yyyy-MM-ddTHH:mm:ssZ, such as 2024-05-01T14:30:00Z.',
      },
      {
        path: 'sessionTime.end',
        message: 'sessionTime.end must be a UTC time written yyyy-MM-ddTHH:mm:ssZ, such as 2024-05-01T14:30:00Z.',
      },
    ]);
    expect(
      check(encounterSchema, {
        ...encounter,
        sessionTime: { mode: 'Duration', start: '2024-05-02T13:00:00Z', end: '2024-05-02T12:00:00Z' },
      }),
    ).toEqual([{ path: 'sessionTime.end', message: 'sessionTime.end field must be later than 2024-05-02T13:00:00Z' }]);
    expect(check(encounterSchema, { ...encounter, sessionTime: { mode: 'DurationMinutes', minutes: -5, hours: 1 } })).toEqual(
      expect.arrayContaining([
        { path: 'sessionTime', message: 'sessionTime field has unspecified keys: hours' },
        { path: 'sessionTime.minutes', message: 'sessionTime.minutes must be greater than or equal to 0' },
      ]),
    );
    expect(
      paths(
        check(encounterSchema, {
          ...encounter,
          location: { placeOfService: { code: '99999' } },
          diagnoses: [{ code: { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'anxiety' } }],
        }),
      ),
    ).toEqual(['diagnoses.0.code', 'location.placeOfService.code']);
    expect(check(encounterSchema, { ...encounter, serviceType: ref('Program', 'op') })).toEqual([
      { path: 'serviceType.resourceType', message: 'serviceType.resourceType must be one of the following values: HealthcareService' },
    ]);
    expect(paths(check(encounterSchema, { partition: 'p1' }))).toEqual(['participants', 'subject']);
  });
});

describe('noteSchema', () => {
  it('accepts a signed, amended note and a fresh one', () => {
    expect(check(noteSchema, note)).toEqual([]);
    expect(
      check(noteSchema, {
        partition: 'p1',
        subject: ref('Patient', 'p1'),
        kind: 'GroupNote',
        composition: 'Group',
        encounter: ref('Encounter', 'e'),
        author: ref('Practitioner', 'dr'),
        sections: [],
        completion: 'NotStarted',
        status: 'Preliminary',
      }),
    ).toEqual([]);
  });

  it('checks kinds, compositions, completion, statuses and section kinds', () => {
    const issues = check(noteSchema, {
      ...note,
      kind: 'Letter',
      composition: 'Solo',
      completion: 'Done',
      status: 'Signed',
      sections: [{ key: 'x', kind: 'Essay' }],
    });
    expect(paths(issues)).toEqual(['completion', 'composition', 'kind', 'sections.0.kind', 'status']);
    expect(issues.find((i) => i.path === 'kind')!.message).toBe(
      'kind must be one of the following values: Note, DocumentationNote, AssessmentNote, ScribeSession, GroupNote, MultiServiceNote',
    );
  });

  it('needs an encounter and an author; sections name their definition section once', () => {
    const { encounter: _e, author: _a, ...bare } = note;
    expect(check(noteSchema, bare)).toEqual([
      { path: 'encounter', message: 'encounter is a required field' },
      { path: 'author', message: 'author is a required field' },
    ]);
    expect(check(noteSchema, { ...note, sections: [note.sections[0], note.sections[0]] })).toEqual([
      { path: 'sections', message: 'sections cannot have duplicates.' },
    ]);
    expect(check(noteSchema, { ...note, signatures: [{ ...note.signatures[0], role: 'Witness', contentHash: 'abc' }] })).toEqual(
      expect.arrayContaining([
        {
          path: 'signatures.0.role',
          message: 'signatures[0].role must be one of the following values: Author, CoSigner, Patient, RelatedPerson, Amender',
        },
        { path: 'signatures.0.contentHash', message: 'signatures[0].contentHash is invalid.' },
      ]),
    );
  });
});

describe('noteRuleSchema: parameters per kind', () => {
  const rule = (kind: string, parameters?: unknown, extra: object = {}) => ({
    name: 'Rule',
    kind,
    status: 'Active',
    severity: 'block',
    ...(parameters !== undefined && { parameters }),
    ...extra,
  });

  it('accepts each kind with its own parameters, and kinds whose parameters are all optional without any', () => {
    const good: [string, unknown][] = [
      ['SessionDuration', { minMinutes: 53, maxMinutes: 60 }],
      ['ShowStatus', { allowed: ['Show', 'NoShow'] }],
      ['ServiceDate', { allowFuture: false, maxDaysAgo: 3 }],
      ['ProgramSelected', {}],
      ['ProgramLocation', { allowed: [{ program: ref('Program', 'op'), locations: [ref('Location', 'main')] }] }],
      ['LocationSelected', { placeOfService: true }],
      ['MissingDiagnosis', { minCount: 2 }],
      ['SpanMidnight', {}],
      ['AppointmentRequired', {}],
      ['SessionOverlap', { scope: 'Clinician' }],
      ['Authorization', { count: 'Visits' }],
      ['SessionDurationIncrement', { incrementMinutes: 15 }],
      ['Insurance', { payers: ['Medicaid'] }],
      ['ServiceBasedSubformDuration', { comparison: 'AtMost', toleranceMinutes: 5 }],
      ['Age', { minYears: 18, maxYears: 64 }],
    ];
    for (const [kind, parameters] of good) expect(check(noteRuleSchema, rule(kind, parameters)), kind).toEqual([]);
    expect(check(noteRuleSchema, rule('SessionDuration'))).toEqual([]);
    expect(
      check(
        noteRuleSchema,
        rule('ShowStatus', undefined, { presence: 'MaybePresent', scope: { noteKinds: ['GroupNote'], programs: [ref('Program', 'op')] } }),
      ),
    ).toEqual([]);
  });

  it('refuses a parameter of another kind, a wrong value, a maximum below its minimum and missing required parameters', () => {
    expect(check(noteRuleSchema, rule('SessionDuration', { minMinutes: 60, maxMinutes: 30 }))).toEqual([
      { path: 'parameters.maxMinutes', message: 'parameters.maxMinutes must be greater than or equal to 60' },
    ]);
    expect(check(noteRuleSchema, rule('SessionDuration', { incrementMinutes: 15 }))).toEqual([
      { path: 'parameters', message: 'parameters field has unspecified keys: incrementMinutes' },
    ]);
    expect(check(noteRuleSchema, rule('ShowStatus', { allowed: ['Arrived'] }))).toEqual([
      { path: 'parameters.allowed.0', message: 'parameters.allowed[0] must be one of the following values: Show, NoShow, Cancelled' },
    ]);
    expect(check(noteRuleSchema, rule('SessionDurationIncrement'))).toEqual([
      { path: 'parameters', message: 'parameters is a required field' },
    ]);
    expect(check(noteRuleSchema, rule('SessionDurationIncrement', { incrementMinutes: 0 }))).toEqual([
      { path: 'parameters.incrementMinutes', message: 'parameters.incrementMinutes must be greater than or equal to 1' },
    ]);
    expect(check(noteRuleSchema, rule('Authorization', { count: 'Hours' }))[0]!.path).toBe('parameters.count');
    expect(check(noteRuleSchema, rule('MissingDiagnosis', { minCount: 1.5 }))).toEqual([
      { path: 'parameters.minCount', message: 'parameters.minCount must be an integer' },
    ]);
  });

  it('checks kind, presence, severity and status', () => {
    expect(paths(check(noteRuleSchema, { name: 'R', kind: 'Vibes', status: 'Live', presence: 'Sometimes', severity: 'error' }))).toEqual([
      'kind',
      'presence',
      'severity',
      'status',
    ]);
  });
});

describe('configuration schemas', () => {
  const definition = {
    name: 'Progress note',
    kind: 'Individual',
    noteKind: 'Note',
    status: 'Draft',
    durationMode: 'TimeIncrements',
    incrementMinutes: 15,
    serviceTypes: [ref('HealthcareService', 'psy')],
    sections: [
      { key: 'data', title: 'Data', kind: 'Narrative', help: 'What happened', required: true },
      {
        key: 'goals',
        title: 'Goals',
        kind: 'Form',
        form: ref('Form', 'f1'),
        elements: [
          { key: 'goals.SessionTime', type: 'SessionTime' },
          { key: 'goals.Form', type: 'Form', form: ref('Form', 'f1') },
        ],
      },
    ],
  };

  it('NoteDefinition: kinds, section kinds, element types, duration modes, at least one section', () => {
    expect(check(noteDefinitionSchema, definition)).toEqual([]);
    const issues = check(noteDefinitionSchema, {
      ...definition,
      kind: 'Solo',
      durationMode: 'Hours',
      sections: [{ key: 'goals', title: 'Goals', kind: 'Table', elements: [{ key: 'x', type: 'Chart' }] }],
    });
    expect(paths(issues)).toEqual(['durationMode', 'kind', 'sections.0.elements.0.type', 'sections.0.kind']);
    expect(check(noteDefinitionSchema, { ...definition, sections: [] })).toEqual([
      { path: 'sections', message: 'sections field must have at least 1 items' },
    ]);
  });

  it('NoteTemplate, NoteSectionForm, SignatureConfiguration and PersonalSignature', () => {
    expect(
      check(noteTemplateSchema, {
        name: 'Weekly',
        definition: ref('NoteDefinition', 'd1'),
        sections: [{ key: 'plan', kind: 'Narrative', narrative: '<p>Continue.</p>' }],
      }),
    ).toEqual([]);
    expect(paths(check(noteTemplateSchema, { name: 'Weekly', sections: [{ key: 'plan', kind: 'Narrative', colour: 'red' }] }))).toEqual([
      'definition',
      'sections.0',
    ]);
    expect(check(noteSectionFormSchema, { name: 'Psychotherapy add-on', form: ref('Form', 'f1') })).toEqual([]);
    expect(
      check(signatureConfigurationSchema, {
        name: 'Supervised',
        supervisorCoSignature: 'UnlicensedAuthors',
        patientSignature: 'None',
        noteKinds: ['Note'],
      }),
    ).toEqual([]);
    expect(
      paths(
        check(signatureConfigurationSchema, {
          name: 'Supervised',
          supervisorCoSignature: 'Sometimes',
          patientSignature: 'Guardian',
          noteKinds: ['Memo'],
        }),
      ),
    ).toEqual(['noteKinds.0', 'patientSignature', 'supervisorCoSignature']);
    expect(check(personalSignatureSchema, { owner: ref('Practitioner', 'dr'), signedName: 'Jane Doe, LCSW' })).toEqual([]);
  });
});
