import type { NoteSection } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { applyTemplate } from './apply-template.ts';

const template = {
  sections: [
    { key: 'data', kind: 'Narrative', narrative: '<p>Template data.</p>' },
    { key: 'plan', kind: 'Narrative', narrative: '<p>Continue weekly.</p>' },
    { key: 'mse', kind: 'Form', answers: { mood: 'euthymic', affect: 'full', score: 3 } },
  ] as NoteSection[],
};

describe('applyTemplate (to a note already started)', () => {
  it('fills blank narratives and unanswered questions only', () => {
    const sections: NoteSection[] = [
      { key: 'data', kind: 'Narrative', narrative: '<p>What the client said.</p>' },
      { key: 'plan', kind: 'Narrative', narrative: '<p></p>' },
      { key: 'mse', kind: 'Form', answers: { mood: 'anxious' } },
      { key: 'other', kind: 'Narrative' },
    ];
    const out = applyTemplate(sections, template);
    expect(out.sections.map((s) => s.narrative)).toEqual(['<p>What the client said.</p>', '<p>Continue weekly.</p>', undefined, undefined]);
    expect(out.sections[2]!.answers).toEqual({ mood: 'anxious', affect: 'full', score: 3 });
    expect(out.filled).toEqual(['plan', 'mse']);
    expect(out.kept).toEqual(['data', 'mse']);
  });

  it('changes nothing, and keeps nothing back, when the note already says what the template says', () => {
    const sections: NoteSection[] = [{ key: 'plan', kind: 'Narrative', narrative: '<p>Continue weekly.</p>' }];
    const out = applyTemplate(sections, template);
    expect(out.sections[0]).toBe(sections[0]);
    expect(out).toMatchObject({ filled: [], kept: [] });
  });
});
