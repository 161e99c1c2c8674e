import { describe, expect, it } from 'vitest';
import { PHQ9 } from '../questionnaires/built-in/index.ts';
import { noteAssessmentResponse, noteFormAnswers, sameSource } from './note-assessments.ts';
import type { Note, NoteDefinition } from './types.ts';

const ref = (resourceType: string, id: string) => ({ resourceType, id });
const phq9 = (values: number[]) => Object.fromEntries(values.map((v, i) => [`phq9-${i + 1}`, String(v)]));

const definition: Pick<NoteDefinition, 'sections'> = {
  sections: [
    { key: 'narrative', title: 'Narrative', kind: 'Narrative' },
    { key: 'mood', title: 'Depression screen', kind: 'Assessment', form: ref('Questionnaire', 'phq-9') },
    {
      key: 'checks',
      title: 'Checks',
      kind: 'Form',
      elements: [
        { key: 'note', type: 'Text', label: 'Note' },
        { key: 'anxiety', type: 'Form', label: 'Anxiety screen', form: ref('Questionnaire', 'gad-7') },
      ],
    },
  ],
};

const note = {
  id: 'n1',
  partition: 'p1',
  subject: ref('Patient', 'p1'),
  encounter: ref('Encounter', 'e1'),
  author: ref('Practitioner', 'dr'),
  title: 'Progress note',
  meta: { versionId: 'v2', lastModified: '2024-05-03T10:00:00Z' },
  sections: [
    { key: 'narrative', kind: 'Narrative', narrative: '<p>Talked.</p>' },
    { key: 'mood', kind: 'Assessment', answers: phq9([1, 1, 1, 1, 1, 1, 1, 1, 0]) },
    { key: 'checks', kind: 'Form', answers: { note: 'ok', anxiety: { 'gad7-1': '2' } } },
  ],
} as unknown as Note;

describe('noteFormAnswers', () => {
  it('finds each questionnaire a note answers: Assessment and Subform sections, and the Form elements of Form sections', () => {
    expect(noteFormAnswers(note, definition)).toEqual([
      { section: 'mood', title: 'Depression screen', form: ref('Questionnaire', 'phq-9'), answers: phq9([1, 1, 1, 1, 1, 1, 1, 1, 0]) },
      { section: 'checks', element: 'anxiety', title: 'Anxiety screen', form: ref('Questionnaire', 'gad-7'), answers: { 'gad7-1': '2' } },
    ]);
    // Without the definition only the sections that name their form themselves are known.
    expect(noteFormAnswers(note, undefined)).toEqual([]);
    const named = { sections: [{ key: 'mood', kind: 'Assessment', form: ref('Questionnaire', 'phq-9') }] } as unknown as Note;
    expect(noteFormAnswers(named, undefined)).toEqual([
      { section: 'mood', title: 'mood', form: ref('Questionnaire', 'phq-9'), answers: {} },
    ]);
  });

  it('tells places apart by section and element', () => {
    expect(sameSource({ section: 'checks', element: 'anxiety' }, { section: 'checks', element: 'anxiety' })).toBe(true);
    expect(sameSource({ section: 'checks' }, { section: 'checks', element: 'anxiety' })).toBe(false);
  });
});

describe('noteAssessmentResponse', () => {
  const [entry] = noteFormAnswers(note, definition);

  it("is the patient's response by the note's author, dated by the session, pointing at the note version and section", () => {
    expect(noteAssessmentResponse(note, entry!, PHQ9, '2024-05-02T18:30:00Z')).toEqual({
      resourceType: 'QuestionnaireResponse',
      partition: 'p1',
      questionnaire: { resourceType: 'Questionnaire', id: 'phq-9', display: 'PHQ-9' },
      subject: ref('Patient', 'p1'),
      encounter: ref('Encounter', 'e1'),
      author: ref('Practitioner', 'dr'),
      authored: '2024-05-02T18:30:00Z',
      completion: 'Complete',
      answers: entry!.answers,
      derivedFrom: { note: { resourceType: 'Note', id: 'n1', versionId: 'v2', display: 'Progress note' }, section: 'mood' },
    });
  });

  it('is in progress while a required question is unanswered', () => {
    const partial = { ...entry!, answers: phq9([1, 1]) };
    expect(noteAssessmentResponse(note, partial, PHQ9, '2024-05-02T18:30:00Z').completion).toBe('InProgress');
  });
});
