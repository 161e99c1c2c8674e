import { describe, expect, it } from 'vitest';
import { PHQ9 } from '../questionnaires/built-in/phq-9.ts';
import type { QuestionnaireItem } from '../questionnaires/types.ts';
import { evaluateNoteCompleteness, formKey, formsOfNote, type CompletenessForm, type NoteCompletenessInput } from './note-completeness.ts';
import type { NoteDefinitionSection, NoteSection } from './types.ts';

const ref = (resourceType: string, id: string) => ({ resourceType, id });
const PHQ9_REF = ref('Questionnaire', 'phq-9');
const INTAKE_REF = ref('Form', 'intake');
const INTAKE: CompletenessForm = {
  title: 'Intake',
  items: [
    { linkId: 'intro', type: 'Header', text: 'About you' },
    { linkId: 'problem', type: 'Text', text: 'Presenting problem', required: true },
    { linkId: 'smokes', type: 'Boolean', text: 'Do you smoke?' },
    {
      linkId: 'packs',
      type: 'Integer',
      text: 'Packs a day',
      required: true,
      enableWhen: [{ question: 'smokes', operator: '=', answer: true }],
    },
    { linkId: 'score', type: 'Integer', text: 'Score', required: true, calculation: { kind: 'Sum', sources: ['packs'] } },
  ] satisfies QuestionnaireItem[],
};
const OPTIONAL_FORM: CompletenessForm = { title: 'Check-in', items: [{ linkId: 'mood', type: 'String', text: 'Mood' }] };

const FORMS = new Map<string, CompletenessForm>([
  [formKey(PHQ9_REF), PHQ9],
  [formKey(INTAKE_REF), INTAKE],
  [formKey(ref('NoteSectionForm', 'intake-subform')), INTAKE],
  [formKey(ref('Form', 'check-in')), OPTIONAL_FORM],
]);

const answersPHQ9 = (upTo: number) => Object.fromEntries(Array.from({ length: upTo }, (_, i) => [`phq9-${i + 1}`, '0']));

function input(
  definition: NoteDefinitionSection[],
  sections: NoteSection[],
  extra: Partial<NoteCompletenessInput> = {},
): NoteCompletenessInput {
  return {
    note: { sections },
    encounter: { visitStatus: 'Show', location: { placeOfService: { system: 'pos', code: '11' } } },
    definition: { sections: definition },
    preferences: { requirePlaceOfService: true, hidePlaceOfService: false },
    forms: FORMS,
    ...extra,
  };
}

const check = (i: NoteCompletenessInput) => evaluateNoteCompleteness(i);

describe('evaluateNoteCompleteness: narratives and imported text', () => {
  const definition: NoteDefinitionSection[] = [
    { key: 'summary', title: 'Session summary', kind: 'Narrative', required: true },
    { key: 'plan', title: 'Plan', kind: 'Narrative' },
    { key: 'records', title: 'Outside records', kind: 'Import', required: true },
  ];

  it('names each required section left empty, blank markup included; optional ones never', () => {
    const issues = check(
      input(definition, [
        { key: 'summary', kind: 'Narrative', narrative: '<p> </p><p>&nbsp;</p>' },
        { key: 'plan', kind: 'Narrative' },
        { key: 'records', kind: 'Import', narrative: '  ' },
      ]),
    );
    expect(issues).toEqual([
      { path: 'sections.summary.narrative', message: 'Narrative: Session summary is required.' },
      { path: 'sections.records.narrative', message: 'Imported text: Outside records is required.' },
    ]);
  });

  it('is satisfied by any words, and judges a required section missing from the note as empty', () => {
    expect(
      check(
        input(definition, [
          { key: 'summary', kind: 'Narrative', narrative: '<p>Worked on sleep.</p>' },
          { key: 'records', kind: 'Import', narrative: 'Discharge summary, 2024-04-30.' },
        ]),
      ),
    ).toEqual([]);
    expect(check(input(definition, [{ key: 'records', kind: 'Import', narrative: 'x' }])).map((i) => i.path)).toEqual([
      'sections.summary.narrative',
    ]);
  });

  it('uses the title the note section carries, as the editor shows it', () => {
    expect(check(input([definition[0]!], [{ key: 'summary', kind: 'Narrative', title: 'Summary (renamed)' }]))[0]!.message).toBe(
      'Narrative: Summary (renamed) is required.',
    );
  });
});

describe('evaluateNoteCompleteness: place of service', () => {
  const withoutPlace = (preferences: NoteCompletenessInput['preferences'], visitStatus: 'Show' | 'NoShow' | 'Cancelled' = 'Show') =>
    check(input([], [], { preferences, encounter: { visitStatus, location: { location: ref('Location', 'clinic') } } }));

  it('is required while the practice requires it and shows it', () => {
    expect(withoutPlace({ requirePlaceOfService: true })).toEqual([
      { path: 'encounter.location.placeOfService', message: 'Place of service is required.' },
    ]);
    expect(withoutPlace({ requirePlaceOfService: false })).toEqual([]);
    expect(withoutPlace({ requirePlaceOfService: true, hidePlaceOfService: true })).toEqual([]);
  });

  it('is not owed for a visit that did not take place, and applies without a definition', () => {
    expect(withoutPlace({ requirePlaceOfService: true }, 'NoShow')).toEqual([]);
    expect(withoutPlace({ requirePlaceOfService: true }, 'Cancelled')).toEqual([]);
    expect(check({ ...input([], []), definition: undefined, encounter: {} })).toHaveLength(1);
  });
});

describe('evaluateNoteCompleteness: questionnaires', () => {
  const assessment = (required: boolean): NoteDefinitionSection[] => [
    { key: 'phq', title: 'Depression screen', kind: 'Assessment', form: PHQ9_REF, required },
  ];

  it('a required PHQ-9 needs its nine scored items; item 10 is asked only once a problem was checked', () => {
    expect(check(input(assessment(true), [{ key: 'phq', kind: 'Assessment', form: PHQ9_REF }]))).toEqual([
      { path: 'sections.phq.answers.phq9-1', message: 'PHQ-9: answer items 1 to 9.' },
    ]);
    const allButThree = { ...answersPHQ9(9), 'phq9-3': undefined };
    expect(check(input(assessment(true), [{ key: 'phq', kind: 'Assessment', answers: allButThree }]))).toEqual([
      { path: 'sections.phq.answers.phq9-3', message: 'PHQ-9: answer item 3, “Trouble falling or staying asleep, or sleeping too much”.' },
    ]);
    expect(check(input(assessment(true), [{ key: 'phq', kind: 'Assessment', answers: answersPHQ9(9) }]))).toEqual([]);
  });

  it('lists several missing items as numbers, runs as ranges', () => {
    const answers = { 'phq9-5': '1', 'phq9-7': '0', 'phq9-8': '0' };
    expect(check(input(assessment(true), [{ key: 'phq', kind: 'Assessment', answers }]))[0]!.message).toBe(
      'PHQ-9: answer items 1 to 4, 6 and 9.',
    );
    expect(
      check(
        input(assessment(true), [{ key: 'phq', kind: 'Assessment', answers: { ...answersPHQ9(9), 'phq9-2': '', 'phq9-9': undefined } }]),
      )[0]!.message,
    ).toBe('PHQ-9: answer items 2 and 9.');
  });

  it('an optional questionnaire left alone owes nothing; once started, its required items are owed', () => {
    expect(check(input(assessment(false), [{ key: 'phq', kind: 'Assessment' }]))).toEqual([]);
    expect(check(input(assessment(false), [{ key: 'phq', kind: 'Assessment', answers: { 'phq9-1': '2' } }]))).toEqual([
      { path: 'sections.phq.answers.phq9-2', message: 'PHQ-9: answer items 2 to 9.' },
    ]);
  });

  it('skips questions their enableWhen hides and items the form calculates', () => {
    const subform: NoteDefinitionSection[] = [
      { key: 'intake', title: 'Intake', kind: 'Subform', form: ref('NoteSectionForm', 'intake-subform'), required: true },
    ];
    expect(check(input(subform, [{ key: 'intake', kind: 'Subform', answers: { problem: 'Panic at work', smokes: false } }]))).toEqual([]);
    expect(
      check(input(subform, [{ key: 'intake', kind: 'Subform', answers: { problem: 'Panic at work', smokes: true, score: 0 } }])),
    ).toEqual([{ path: 'sections.intake.answers.packs', message: 'Intake: answer item 3, “Packs a day”.' }]);
  });

  it('a required form without required questions needs one answer; a form that cannot be read needs one too', () => {
    const optional: NoteDefinitionSection[] = [
      { key: 'check', title: 'Check-in', kind: 'Subform', form: ref('Form', 'check-in'), required: true },
    ];
    expect(check(input(optional, [{ key: 'check', kind: 'Subform' }]))).toEqual([
      { path: 'sections.check.answers', message: 'Check-in: answer at least one question.' },
    ]);
    expect(check(input(optional, [{ key: 'check', kind: 'Subform', answers: { mood: 'calm' } }]))).toEqual([]);
    const gone: NoteDefinitionSection[] = [
      { key: 'old', title: 'Old screen', kind: 'Assessment', form: ref('Questionnaire', 'deleted'), required: true },
    ];
    expect(check(input(gone, [{ key: 'old', kind: 'Assessment' }]))).toEqual([
      { path: 'sections.old.answers', message: 'Old screen: answer at least one question.' },
    ]);
    expect(check(input(gone, [{ key: 'old', kind: 'Assessment', answers: { q1: 'yes' } }]))).toEqual([]);
  });

  it('says nothing of a form still being read', () => {
    const unread = new Set([formKey(PHQ9_REF)]);
    expect(check(input(assessment(true), [{ key: 'phq', kind: 'Assessment' }], { forms: new Map(), unread }))).toEqual([]);
  });

  it("the note section's own form wins over the definition's", () => {
    const definition: NoteDefinitionSection[] = [{ key: 'screen', title: 'Screen', kind: 'Assessment', form: PHQ9_REF, required: true }];
    expect(check(input(definition, [{ key: 'screen', kind: 'Assessment', form: INTAKE_REF, answers: { problem: 'x' } }]))).toEqual([]);
  });
});

describe('evaluateNoteCompleteness: Form sections and their elements', () => {
  const elements = [
    { key: 'f.Text', type: 'Text' as const, label: 'Risk' },
    { key: 'f.CtoneCustomDropdown', type: 'CtoneCustomDropdown' as const, optionSource: 'LevelsOfAssistance' as const },
    { key: 'f.Diagnosis', type: 'Diagnosis' as const, label: 'Diagnoses' },
    { key: 'f.SessionTime', type: 'SessionTime' as const, label: 'Session length' },
    { key: 'f.ClinicalQualityIndicator', type: 'ClinicalQualityIndicator' as const, label: 'Safety plan reviewed' },
    { key: 'f.GoalsObjectives', type: 'GoalsObjectives' as const },
    { key: 'f.Form', type: 'Form' as const, form: PHQ9_REF, label: 'PHQ-9' },
  ];

  it('a required Form section needs each element that holds an answer, at the field that holds it', () => {
    const issues = check(
      input([{ key: 'f', title: 'Mental status', kind: 'Form', elements, required: true }], [{ key: 'f', kind: 'Form' }]),
    );
    expect(issues).toEqual([
      { path: 'sections.f.answers.f.Text', message: 'Mental status: Risk is required.' },
      { path: 'sections.f.answers.f.CtoneCustomDropdown', message: 'Mental status: Levels of assistance is required.' },
      { path: 'encounter.diagnoses', message: 'Mental status: Diagnoses is required.' },
      { path: 'encounter.sessionTime', message: 'Mental status: Session length is required.' },
      { path: 'sections.f.answers.f.Form.phq9-1', message: 'PHQ-9: answer items 1 to 9.' },
    ]);
  });

  it("is satisfied by the answers and the encounter's diagnoses and session time", () => {
    const complete = check(
      input(
        [{ key: 'f', title: 'Mental status', kind: 'Form', elements, required: true }],
        [{ key: 'f', kind: 'Form', answers: { 'f.Text': 'Low', 'f.CtoneCustomDropdown': 'Minimal', 'f.Form': answersPHQ9(9) } }],
        {
          encounter: {
            visitStatus: 'Show',
            location: { placeOfService: { system: 'pos', code: '11' } },
            diagnoses: [{ code: { system: 'icd', code: 'F41.1' } }],
            sessionTime: { mode: 'DurationMinutes', start: '2024-05-02T13:00:00Z', minutes: 50 },
          },
        },
      ),
    );
    expect(complete).toEqual([]);
  });

  it("in an optional section only elements marked required are owed, and a started form's required items", () => {
    const optional = [{ ...elements[0]!, required: true }, elements[1]!, elements[6]!];
    expect(
      check(input([{ key: 'f', title: 'Mental status', kind: 'Form', elements: optional }], [{ key: 'f', kind: 'Form' }])).map(
        (i) => i.path,
      ),
    ).toEqual(['sections.f.answers.f.Text']);
    expect(
      check(
        input(
          [{ key: 'f', title: 'Mental status', kind: 'Form', elements: optional }],
          [{ key: 'f', kind: 'Form', answers: { 'f.Text': 'Low', 'f.Form': { 'phq9-1': '1' } } }],
        ),
      ),
    ).toEqual([{ path: 'sections.f.answers.f.Form.phq9-2', message: 'PHQ-9: answer items 2 to 9.' }]);
  });

  it("a multi-service note's session length is each service's time", () => {
    const definition: NoteDefinitionSection[] = [{ key: 'f', title: 'Services', kind: 'Form', elements: [elements[3]!], required: true }];
    const service = (sessionTime: object) => ({
      serviceType: ref('HealthcareService', 's'),
      sessionTime: { mode: 'DurationMinutes' as const, ...sessionTime },
    });
    const encounter = (services: ReturnType<typeof service>[]) => ({
      documentationType: 'MultiServiceNote' as const,
      services,
      location: { placeOfService: { system: 'pos', code: '11' } },
    });
    expect(check(input(definition, [], { encounter: encounter([service({ start: '2024-05-02T13:00:00Z' })]) })).map((i) => i.path)).toEqual(
      ['encounter.services'],
    );
    expect(check(input(definition, [], { encounter: encounter([service({ start: '2024-05-02T13:00:00Z', minutes: 30 })]) }))).toEqual([]);
  });
});

describe('evaluateNoteCompleteness: visits that did not take place', () => {
  it('a no-show owes its required narrative only, not its forms', () => {
    const definition: NoteDefinitionSection[] = [
      { key: 'summary', title: 'Session summary', kind: 'Narrative', required: true },
      { key: 'phq', title: 'PHQ-9', kind: 'Assessment', form: PHQ9_REF, required: true },
      { key: 'f', title: 'Risk', kind: 'Form', elements: [{ key: 'f.Text', type: 'Text', label: 'Risk', required: true }] },
    ];
    expect(check(input(definition, [], { encounter: { visitStatus: 'NoShow' } }))).toEqual([
      { path: 'sections.summary.narrative', message: 'Narrative: Session summary is required.' },
    ]);
  });
});

describe('formsOfNote', () => {
  it("lists each form the sections and Form elements answer once, the note section's own first", () => {
    const definition = {
      sections: [
        { key: 'a', title: 'A', kind: 'Assessment' as const, form: PHQ9_REF },
        { key: 'b', title: 'B', kind: 'Subform' as const, form: ref('NoteSectionForm', 'intake-subform') },
        {
          key: 'c',
          title: 'C',
          kind: 'Form' as const,
          form: PHQ9_REF,
          elements: [{ key: 'c.Form', type: 'Form' as const, form: PHQ9_REF }],
        },
        { key: 'd', title: 'D', kind: 'Narrative' as const },
      ],
    };
    expect(formsOfNote({ sections: [{ key: 'a', kind: 'Assessment', form: INTAKE_REF }] }, definition)).toEqual([
      INTAKE_REF,
      ref('NoteSectionForm', 'intake-subform'),
      PHQ9_REF,
    ]);
  });
});
