import {
  GAD7,
  PHQ9,
  type HealthcareService,
  type NoteDefinition,
  type NoteDefinitionSection,
  type NoteKind,
  type NoteRule,
  type NoteTemplate,
  type Practitioner,
  type Questionnaire,
  type QuestionnaireItem,
  type Reference,
  type Resource,
  type SignatureConfiguration,
} from '@caseload/core';
import { demoId, refTo } from './demo-ids.ts';
import type { DemoSetup } from './demo-setup.generator.ts';

/**
 * The notes set-up of a practice a few months into using Caseload (docs/demo.md): a mental status
 * form, four published note definitions, templates, the common rules and a signature
 * configuration, as the notes-admin screens store them (docs/notes.md: section keys from titles,
 * element keys `<section>.<type>`, a Form section with its form). Written through the repository
 * (demo-note-configuration.writer.ts), so the server's own validation checks every one.
 */
export interface DemoNoteConfiguration {
  mentalStatusForm: ConfigRecord<Questionnaire>;
  definitions: {
    progress: ConfigRecord<NoteDefinition>;
    intake: ConfigRecord<NoteDefinition>;
    group: ConfigRecord<NoteDefinition>;
    documentation: ConfigRecord<NoteDefinition>;
  };
  templates: ConfigRecord<NoteTemplate>[];
  rules: ConfigRecord<NoteRule>[];
  signatures: ConfigRecord<SignatureConfiguration>;
}

/** A resource's own fields as a client sends them: its id, no meta (and no open index signature, so they are type-checked). */
export type ConfigBody<T extends Resource> = { [K in keyof T as string extends K ? never : K extends 'meta' ? never : K]: T[K] };

/** A configuration record's body, and whether it is published (saved as a Draft, then made Active) or only saved. */
export type ConfigRecord<T extends Resource = Resource> = { body: ConfigBody<T>; publish: boolean };

/** The keys of the definitions' sections, which the generated notes write. */
export const SECTION = {
  mentalStatus: 'mental-status',
  data: 'data',
  assessment: 'assessment',
  plan: 'plan',
  phq9: 'phq-9',
  gad7: 'gad-7',
  presenting: 'presenting-problem',
  history: 'history',
  risk: 'risk',
  formulation: 'formulation',
  groupTopic: 'group-topic',
  participation: 'participation',
  contact: 'contact',
  outcome: 'outcome',
} as const;

/** The element of the mental status section whose answers are the form's. */
export const MENTAL_STATUS_ANSWERS = `${SECTION.mentalStatus}.Form`;

const choice = (linkId: string, text: string, options: [code: string, display: string][]): QuestionnaireItem => ({
  linkId,
  type: 'Choice',
  text,
  required: true,
  answerOptions: options.map(([code, display]) => ({ code, display })),
});

/** A short mental status exam: what a clinician records at every session. */
export const MENTAL_STATUS_ITEMS: QuestionnaireItem[] = [
  choice('appearance', 'Appearance', [
    ['groomed', 'Well groomed'],
    ['casual', 'Casually dressed, adequate hygiene'],
    ['disheveled', 'Disheveled'],
  ]),
  choice('behavior', 'Behavior', [
    ['cooperative', 'Cooperative and engaged'],
    ['guarded', 'Guarded'],
    ['restless', 'Restless'],
    ['withdrawn', 'Withdrawn'],
  ]),
  { linkId: 'mood', type: 'String', text: "Mood (in the client's words)", maxLength: 120 },
  choice('affect', 'Affect', [
    ['euthymic', 'Euthymic, full range'],
    ['anxious', 'Anxious'],
    ['dysphoric', 'Dysphoric'],
    ['constricted', 'Constricted'],
    ['irritable', 'Irritable'],
    ['labile', 'Labile'],
  ]),
  choice('thought-process', 'Thought process', [
    ['linear', 'Linear and goal-directed'],
    ['circumstantial', 'Circumstantial'],
    ['tangential', 'Tangential'],
    ['racing', 'Racing'],
  ]),
  choice('orientation', 'Orientation', [
    ['x4', 'Oriented to person, place, time and situation'],
    ['partial', 'Partially oriented'],
  ]),
  choice('risk', 'Suicidal or homicidal ideation', [
    ['none', 'None reported'],
    ['passive', 'Passive thoughts, no plan or intent'],
    ['active', 'Active thoughts; safety plan reviewed'],
  ]),
  choice('insight', 'Insight', [
    ['good', 'Good'],
    ['fair', 'Fair'],
    ['poor', 'Poor'],
  ]),
  choice('judgment', 'Judgment', [
    ['good', 'Good'],
    ['fair', 'Fair'],
    ['poor', 'Poor'],
  ]),
];

const code = (service: HealthcareService) => (service.code as { code: string }).code;

/** The practice's notes configuration, from the seed and its set-up; `author` owns one personal template. */
export function demoNoteConfiguration(seed: number, setup: DemoSetup, personalAuthor: Practitioner): DemoNoteConfiguration {
  const id = (type: string, key: string) => demoId(seed, type, key);
  const services = (...codes: string[]) => setup.services.filter((s) => codes.includes(code(s))).map(refTo);
  const ref = (resourceType: string, key: string, display: string): Reference => ({ resourceType, id: id(resourceType, key), display });

  const form = ref('Form', 'mental-status', 'Mental status exam');
  const mentalStatus: NoteDefinitionSection = {
    key: SECTION.mentalStatus,
    title: 'Session, diagnoses and mental status',
    kind: 'Form',
    required: true,
    form,
    elements: [
      { key: `${SECTION.mentalStatus}.SessionTime`, type: 'SessionTime' },
      { key: `${SECTION.mentalStatus}.Diagnosis`, type: 'Diagnosis' },
      { key: MENTAL_STATUS_ANSWERS, type: 'Form', form },
    ],
  };
  const narrative = (key: string, title: string, help: string, required = true): NoteDefinitionSection => ({
    key,
    title,
    kind: 'Narrative',
    ...(required && { required: true }),
    help,
  });
  const assessment = (key: string, title: string, questionnaire: typeof PHQ9, required: boolean): NoteDefinitionSection => ({
    key,
    title,
    kind: 'Assessment',
    ...(required && { required: true }),
    form: { resourceType: 'Questionnaire', id: questionnaire.id, display: questionnaire.title },
  });
  const definition = (key: string, fields: Omit<NoteDefinition, 'id' | 'resourceType' | 'status'>): ConfigRecord<NoteDefinition> => ({
    body: {
      resourceType: 'NoteDefinition',
      id: id('NoteDefinition', key),
      status: 'Draft',
      ...fields,
    } as ConfigRecord<NoteDefinition>['body'],
    publish: true,
  });

  const progress = definition('progress', {
    name: 'Individual progress note',
    kind: 'Individual',
    noteKind: 'Note',
    durationMode: 'Duration',
    serviceTypes: services('90832', '90834', '90837', '90839', '90846', '90847', '99214', 'H0004'),
    sections: [
      mentalStatus,
      narrative(SECTION.data, 'Data', 'What the client reported this session, and what you observed.'),
      narrative(SECTION.assessment, 'Assessment', 'Your clinical impression: progress toward goals, risk, response to interventions.'),
      narrative(SECTION.plan, 'Plan', 'Homework, the next session, referrals and any change to treatment.'),
      assessment(SECTION.phq9, 'PHQ-9 (every two weeks)', PHQ9, false),
      assessment(SECTION.gad7, 'GAD-7 (every two weeks)', GAD7, false),
    ],
  });
  const intake = definition('intake', {
    name: 'Intake assessment',
    kind: 'Individual',
    noteKind: 'AssessmentNote',
    durationMode: 'Duration',
    serviceTypes: services('90791', '90792', 'H0031'),
    sections: [
      mentalStatus,
      narrative(
        SECTION.presenting,
        'Presenting problem and reason for referral',
        "The referral source and the client's concerns in their own words.",
      ),
      narrative(SECTION.history, 'History', 'Psychiatric, substance use, medical, family and social history.'),
      narrative(SECTION.risk, 'Risk assessment', 'Suicide and violence risk, protective factors, and any safety plan made.'),
      assessment(SECTION.phq9, 'PHQ-9', PHQ9, true),
      assessment(SECTION.gad7, 'GAD-7', GAD7, true),
      narrative(
        SECTION.formulation,
        'Clinical formulation and recommendations',
        'Diagnostic impression, level of care and the first goals of treatment.',
      ),
    ],
  });
  const group = definition('group', {
    name: 'Group therapy note',
    kind: 'Group',
    noteKind: 'GroupNote',
    durationMode: 'Duration',
    serviceTypes: services('90853', 'H2017', 'H2019'),
    sections: [
      {
        ...narrative(SECTION.groupTopic, 'Group topic and interventions', 'Written once for the whole group: the skill taught and how.'),
        shared: true,
      },
      narrative(
        SECTION.participation,
        "Member's participation and response",
        "This member's engagement, what they shared and how they responded.",
      ),
      narrative(SECTION.plan, 'Plan', 'Homework and anything to follow up individually.', false),
    ],
  });
  const documentation = definition('documentation', {
    name: 'Documentation note',
    kind: 'Individual',
    noteKind: 'DocumentationNote',
    durationMode: 'TimeIncrements',
    incrementMinutes: 15,
    serviceTypes: services('T1017', 'COLLAT', 'H2017'),
    sections: [
      narrative(SECTION.contact, 'Contact summary', 'Who was contacted, how, and why.'),
      narrative(SECTION.outcome, 'Outcome and follow-up', 'What was arranged, and what happens next.'),
    ],
  });

  const template = (
    key: string,
    name: string,
    of: ConfigRecord<NoteDefinition>,
    sections: NoteTemplate['sections'],
    author?: Practitioner,
  ): ConfigRecord<NoteTemplate> => ({
    body: {
      resourceType: 'NoteTemplate',
      id: id('NoteTemplate', key),
      name,
      active: true,
      definition: { resourceType: 'NoteDefinition', id: of.body.id, display: of.body.name },
      sections,
      ...(author && { author: refTo(author) }),
    } as ConfigRecord<NoteTemplate>['body'],
    publish: false,
  });
  const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');
  const withinNormalLimits = {
    appearance: 'groomed',
    behavior: 'cooperative',
    affect: 'euthymic',
    'thought-process': 'linear',
    orientation: 'x4',
    risk: 'none',
    insight: 'good',
    judgment: 'good',
  };
  const templates = [
    template('routine', 'Routine follow-up (mental status within normal limits)', progress, [
      { key: SECTION.mentalStatus, kind: 'Form', answers: { [MENTAL_STATUS_ANSWERS]: withinNormalLimits } },
      {
        key: SECTION.plan,
        kind: 'Narrative',
        narrative: p('Continue individual therapy as scheduled. Practice the skills reviewed today before the next session.'),
      },
    ]),
    template('telehealth', 'Telehealth session', progress, [
      {
        key: SECTION.data,
        kind: 'Narrative',
        narrative: p(
          'Session held by secure video. Client joined from home, confirmed their location and that they were in a private space.',
        ),
      },
    ]),
    template('intake-adult', 'Adult outpatient intake', intake, [
      {
        key: SECTION.presenting,
        kind: 'Narrative',
        narrative: p(
          '<strong>Referral source:</strong> ',
          "<strong>Chief complaint (client's words):</strong> ",
          '<strong>Onset and course:</strong> ',
        ),
      },
      {
        key: SECTION.history,
        kind: 'Narrative',
        narrative: p(
          '<strong>Psychiatric:</strong> ',
          '<strong>Substance use:</strong> ',
          '<strong>Medical:</strong> ',
          '<strong>Family and social:</strong> ',
        ),
      },
    ]),
    template('skills-group', 'CBT skills group', group, [
      {
        key: SECTION.groupTopic,
        kind: 'Narrative',
        shared: true,
        narrative: p(
          "Facilitator reviewed last week's practice, taught the week's skill with a worked example, and members practised in pairs.",
        ),
      },
    ]),
    template('care-coordination', 'Care coordination call', documentation, [
      { key: SECTION.contact, kind: 'Narrative', narrative: p('Telephone call with ') },
    ]),
    template(
      'weekly-check-in',
      'My weekly check-in',
      progress,
      [{ key: SECTION.data, kind: 'Narrative', narrative: p('Reviewed the week: sleep, mood, and the homework from last session.') }],
      personalAuthor,
    ),
  ];

  const rule = (key: string, fields: Omit<NoteRule, 'id' | 'resourceType' | 'status'>, publish = true): ConfigRecord<NoteRule> => ({
    body: { resourceType: 'NoteRule', id: id('NoteRule', key), status: 'Draft', ...fields } as ConfigRecord<NoteRule>['body'],
    publish,
  });
  const clinicalNotes: NoteKind[] = ['Note', 'AssessmentNote', 'GroupNote'];
  const rules = [
    rule('90832-time', {
      name: '90832: 16 to 37 minutes',
      kind: 'SessionDuration',
      severity: 'block',
      presence: 'MustBePresent',
      parameters: { minMinutes: 16, maxMinutes: 37 },
      scope: { serviceTypes: services('90832') },
    }),
    rule('90834-time', {
      name: '90834: 38 to 52 minutes',
      kind: 'SessionDuration',
      severity: 'block',
      presence: 'MustBePresent',
      parameters: { minMinutes: 38, maxMinutes: 52 },
      scope: { serviceTypes: services('90834') },
    }),
    rule('90837-time', {
      name: '90837: at least 53 minutes',
      kind: 'SessionDuration',
      severity: 'block',
      presence: 'MustBePresent',
      parameters: { minMinutes: 53 },
      scope: { serviceTypes: services('90837') },
    }),
    rule('program', {
      name: 'A program on every note',
      kind: 'ProgramSelected',
      severity: 'block',
      presence: 'MustBePresent',
      parameters: {},
    }),
    rule('location', {
      name: 'A location and its place of service',
      kind: 'LocationSelected',
      severity: 'block',
      presence: 'MustBePresent',
      parameters: { placeOfService: true },
    }),
    rule('diagnosis', {
      name: 'A diagnosis on clinical notes',
      kind: 'MissingDiagnosis',
      severity: 'block',
      presence: 'MustBePresent',
      parameters: { minCount: 1 },
      scope: { noteKinds: clinicalNotes },
    }),
    rule('midnight', {
      name: 'No session across midnight',
      kind: 'SpanMidnight',
      severity: 'block',
      presence: 'NotPresent',
      parameters: {},
    }),
    rule('service-date', {
      name: 'Signed within 30 days, never ahead',
      kind: 'ServiceDate',
      severity: 'block',
      presence: 'MustBePresent',
      parameters: { allowFuture: false, maxDaysAgo: 30 },
    }),
    rule('attended', {
      name: 'Attended sessions are billed',
      kind: 'ShowStatus',
      severity: 'warn',
      presence: 'MustBePresent',
      parameters: { allowed: ['Show'] },
    }),
    rule('insurance', { name: 'Insurance on file', kind: 'Insurance', severity: 'warn', presence: 'MustBePresent', parameters: {} }),
    rule(
      'appointment',
      {
        name: 'Linked to an appointment (once scheduling starts)',
        kind: 'AppointmentRequired',
        severity: 'warn',
        presence: 'MustBePresent',
        parameters: {},
      },
      false,
    ),
  ];

  const signatures: ConfigRecord<SignatureConfiguration> = {
    body: {
      resourceType: 'SignatureConfiguration',
      id: id('SignatureConfiguration', 'unlicensed'),
      name: 'Supervisor co-signs for unlicensed staff',
      status: 'Draft',
      authorSignature: true,
      supervisorCoSignature: 'UnlicensedAuthors',
      patientSignature: 'None',
      serviceTypeExclusions: services('COLLAT'),
    } as ConfigRecord<SignatureConfiguration>['body'],
    publish: true,
  };

  const mentalStatusForm: ConfigRecord<Questionnaire> = {
    body: {
      resourceType: 'Form',
      id: form.id,
      title: 'Mental status exam',
      description: 'A brief mental status exam, recorded at every session.',
      status: 'Draft',
      items: MENTAL_STATUS_ITEMS,
    } as unknown as ConfigRecord<Questionnaire>['body'],
    publish: true,
  };
  return { mentalStatusForm, definitions: { progress, intake, group, documentation }, templates, rules, signatures };
}
