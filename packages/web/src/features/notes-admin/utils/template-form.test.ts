import type { NoteDefinition, NoteTemplate } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { prefilledSections, templateFormValues, templateSections } from './template-form.ts';

const definition = {
  resourceType: 'NoteDefinition',
  id: 'd1',
  name: 'Progress note',
  kind: 'Individual',
  sections: [
    { key: 'narrative', title: 'Narrative', kind: 'Narrative' },
    { key: 'timing', title: 'Timing', kind: 'Form', elements: [{ key: 'timing.SessionTime', type: 'SessionTime' }] },
    {
      key: 'mse',
      title: 'Mental status',
      kind: 'Form',
      elements: [
        { key: 'mse.Text', type: 'Text' },
        { key: 'mse.Diagnosis', type: 'Diagnosis' },
      ],
    },
    { key: 'phq', title: 'PHQ-9', kind: 'Assessment', form: { resourceType: 'Questionnaire', id: 'q1' } },
    { key: 'import', title: 'Previous note', kind: 'Import' },
  ],
} as unknown as NoteDefinition;

describe('note template form', () => {
  it('offers narratives and the form sections with something a template can answer', () => {
    // A Form section of session time only needs a written note; an Import section is never prefilled.
    expect(prefilledSections(definition).map((s) => s.key)).toEqual(['narrative', 'mse', 'phq']);
    expect(prefilledSections(undefined)).toEqual([]);
  });

  it("keeps the written narratives and answered sections, in the definition's order", () => {
    const sections = templateSections(
      definition,
      { narrative: '  Client arrived on time. ', mse: 'ignored: not a narrative' },
      { phq: { q1: '1' }, mse: {} },
    );
    expect(sections).toEqual([
      { key: 'narrative', title: 'Narrative', kind: 'Narrative', narrative: 'Client arrived on time.' },
      { key: 'phq', title: 'PHQ-9', kind: 'Assessment', answers: { q1: '1' } },
    ]);
    expect(templateSections(definition, { narrative: '   ' }, {})).toEqual([]);
  });

  it("reads a stored template's name, definition and narratives back into the form", () => {
    const stored = {
      resourceType: 'NoteTemplate',
      id: 't1',
      name: 'Intake',
      definition: { resourceType: 'NoteDefinition', id: 'd1' },
      sections: [
        { key: 'narrative', title: 'Narrative', kind: 'Narrative', narrative: 'Hello' },
        { key: 'phq', title: 'PHQ-9', kind: 'Assessment', answers: { q1: '1' } },
      ],
    } as unknown as NoteTemplate;
    expect(templateFormValues(stored)).toEqual({ name: 'Intake', definition: 'd1', narratives: { narrative: 'Hello', phq: '' } });
    expect(templateFormValues(undefined)).toEqual({ name: '', definition: '', narratives: {} });
  });
});
