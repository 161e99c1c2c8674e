import type { Condition, EpisodeOfCare, NoteDefinition, NoteTemplate } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { availableDefinitions, episodeDiagnoses, newNoteDrafts, noteKindFor, templatesFor } from './note-draft.ts';

const meta = { versionId: '1', lastModified: '2026-01-01T00:00:00Z' };
const definition = (over: Partial<NoteDefinition> = {}): NoteDefinition => ({
  id: 'def',
  meta,
  resourceType: 'NoteDefinition',
  name: 'Progress note',
  kind: 'Individual',
  status: 'Active',
  sections: [
    { key: 'data', title: 'Data', kind: 'Narrative' },
    { key: 'plan', title: 'Plan', kind: 'Narrative' },
  ],
  ...over,
});
const condition = (id: string, code: string, over: Partial<Condition> = {}): Condition => ({
  id,
  meta,
  resourceType: 'Condition',
  partition: 'p1',
  patient: { resourceType: 'Patient', id: 'p1' },
  code: { code, display: `Dx ${code}` },
  verificationStatus: 'Confirmed',
  ...over,
});
const episode: EpisodeOfCare = {
  id: 'ep',
  meta,
  resourceType: 'EpisodeOfCare',
  partition: 'p1',
  patient: { resourceType: 'Patient', id: 'p1' },
  status: 'active',
  programs: [{ program: { resourceType: 'Program', id: 'prog', display: 'Outpatient' } }],
  diagnoses: [
    { condition: { resourceType: 'Condition', id: 'c2' }, rank: 2 },
    { condition: { resourceType: 'Condition', id: 'c1' }, role: 'primary' },
    { condition: { resourceType: 'Condition', id: 'c3' } },
  ],
};
const conditions = [condition('c1', 'F32.1'), condition('c2', 'F41.1'), condition('c3', 'F43.10', { verificationStatus: 'Refuted' })];
const preferences = { allowSessionTimeInputDefault: true, defaultAsDocumentationNote: false, filterDxByProgram: false };
const author = { resourceType: 'Practitioner', id: 'pr1', display: 'Ann Lee' };

describe('newNoteDrafts', () => {
  it('prefills the encounter from the definition and the episode, and the sections from the template', () => {
    const template: NoteTemplate = {
      id: 't',
      meta,
      resourceType: 'NoteTemplate',
      name: 'Routine',
      definition: { resourceType: 'NoteDefinition', id: 'def' },
      sections: [{ key: 'plan', kind: 'Narrative', narrative: '<p>Continue weekly.</p>' }],
    };
    const drafts = newNoteDrafts({
      patient: { id: 'p1', display: 'Doe, Jane' },
      author,
      definition: definition({
        serviceTypes: [{ resourceType: 'HealthcareService', id: 's1', display: 'Therapy' }],
        durationMode: 'DurationMinutes',
      }),
      template,
      episode,
      conditions,
      preferences,
      now: new Date('2026-03-02T15:07:00Z'),
    });
    expect(drafts.encounter.serviceType?.id).toBe('s1');
    expect(drafts.encounter.program?.id).toBe('prog');
    expect(drafts.encounter.episodeOfCare?.id).toBe('ep');
    expect(drafts.encounter.visitStatus).toBe('Show');
    // The hour that ended at the last quarter hour.
    expect(drafts.encounter.sessionTime).toEqual({ mode: 'DurationMinutes', start: '2026-03-02T14:00:00Z', minutes: 60 });
    // Primary first, refuted left out.
    expect(drafts.encounter.diagnoses?.map((d) => [d.code.code, d.rank])).toEqual([
      ['F32.1', 1],
      ['F41.1', 2],
    ]);
    expect(drafts.encounter.participants.map((p) => p.role)).toEqual(['PrimaryPerformer', 'Patient']);
    const note = drafts.note({ resourceType: 'Encounter', id: 'e1' });
    expect(note.sections).toEqual([
      { key: 'data', title: 'Data', kind: 'Narrative' },
      { key: 'plan', title: 'Plan', kind: 'Narrative', narrative: '<p>Continue weekly.</p>' },
    ]);
    expect(note.completion).toBe('InProgress');
    expect(note.template?.id).toBe('t');
    expect(note.encounterDate).toBe('2026-03-02T14:00:00Z');
    expect(note.status).toBe('Preliminary');
  });

  it('leaves the session time empty without allowSessionTimeInputDefault, and a note without template not started', () => {
    const drafts = newNoteDrafts({
      patient: { id: 'p1' },
      author,
      definition: definition(),
      preferences: { ...preferences, allowSessionTimeInputDefault: false },
      now: new Date(),
    });
    expect(drafts.encounter.sessionTime).toEqual({ mode: 'Duration' });
    expect(drafts.encounter.program).toBeUndefined();
    const note = drafts.note({ resourceType: 'Encounter', id: 'e1' });
    expect(note.completion).toBe('NotStarted');
    expect(note.encounterDate).toBeUndefined();
  });

  it('marks multi-service notes on the encounter', () => {
    const drafts = newNoteDrafts({
      patient: { id: 'p1' },
      author,
      definition: definition({ kind: 'MultiService' }),
      preferences,
      now: new Date(),
    });
    expect(drafts.encounter.documentationType).toBe('MultiServiceNote');
    expect(drafts.note({ resourceType: 'Encounter', id: 'e' }).kind).toBe('MultiServiceNote');
  });
});

describe('note kinds and choices', () => {
  it('takes the definition kind, else DocumentationNote when the practice says so', () => {
    expect(noteKindFor(definition({ noteKind: 'AssessmentNote' }), true)).toBe('AssessmentNote');
    expect(noteKindFor(definition(), true)).toBe('DocumentationNote');
    expect(noteKindFor(definition(), false)).toBe('Note');
    expect(noteKindFor(definition({ kind: 'Group' }), false)).toBe('GroupNote');
  });

  it('filters definitions by program only with filterNoteCategoryByProgram', () => {
    const defs = [
      definition({ id: 'a', name: 'B for program', programs: [{ resourceType: 'Program', id: 'prog' }] }),
      definition({ id: 'b', name: 'A for other', programs: [{ resourceType: 'Program', id: 'other' }] }),
      definition({ id: 'c', name: 'C for all' }),
      definition({ id: 'd', name: 'D draft', status: 'Draft' }),
      definition({ id: 'e', name: 'E group', kind: 'Group' }),
    ];
    expect(availableDefinitions(defs, { kinds: ['Individual'], programIds: ['prog'], filterByProgram: true }).map((d) => d.id)).toEqual([
      'a',
      'c',
    ]);
    expect(availableDefinitions(defs, { kinds: ['Individual'], programIds: ['prog'], filterByProgram: false }).map((d) => d.id)).toEqual([
      'b',
      'a',
      'c',
    ]);
  });

  it("offers the practice's templates and the author's own, not another author's", () => {
    const t = (id: string, author?: string): NoteTemplate => ({
      id,
      meta,
      resourceType: 'NoteTemplate',
      name: id,
      definition: { resourceType: 'NoteDefinition', id: 'def' },
      sections: [],
      ...(author && { author: { resourceType: 'Practitioner', id: author } }),
    });
    expect(templatesFor([t('mine', 'pr1'), t('theirs', 'pr2'), t('practice')], 'def', 'pr1').map((x) => x.id)).toEqual([
      'mine',
      'practice',
    ]);
    expect(templatesFor([t('practice')], undefined, 'pr1')).toEqual([]);
  });

  it('lends diagnoses only from an episode enrolling the program under filterDxByProgram', () => {
    expect(episodeDiagnoses(episode, conditions, 'other', true)).toEqual([]);
    expect(episodeDiagnoses(episode, conditions, 'prog', true)).toHaveLength(2);
    expect(episodeDiagnoses(episode, conditions, 'other', false)).toHaveLength(2);
  });
});
