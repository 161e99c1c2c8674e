import type { NoteDefinition, Reference } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { definitionFields, definitionFormValues, newSection, noteDefinitionSchema, sectionKey } from './definition-form.ts';
import { listView } from '../../../ui/admin/list-view.ts';
import { PUBLISHING, publishingAction } from './publishing.ts';
import { signatureFields, signatureFormValues, signatureSchema } from './signature-form.ts';

const refer = (resourceType: string, id: string): Reference => ({ resourceType, id });
const errorsOf = (schema: { validate: (v: unknown, o: object) => Promise<unknown> }, values: unknown) =>
  schema.validate(values, { abortEarly: false }).then(
    () => [] as string[],
    (e: { errors: string[] }) => e.errors,
  );

describe('note definition form', () => {
  it('gives new sections unique keys from their titles and keeps stored keys', () => {
    expect(sectionKey('Session narrative', new Set())).toBe('session-narrative');
    expect(sectionKey('Session narrative', new Set(['session-narrative']))).toBe('session-narrative-2');
    const v = definitionFormValues(undefined);
    v.name = ' Progress note ';
    v.sections.push({ ...newSection('Form'), title: 'Mental status', form: 'f1', elements: ['SessionTime', 'Form'] });
    v.sections.push({ ...newSection('Narrative'), key: 'kept', title: 'Plan', shared: true });
    const fields = definitionFields(v, refer, () => 'Form');
    expect(fields.name).toBe('Progress note');
    expect(fields.sections.map((s) => s.key)).toEqual(['session-narrative', 'mental-status', 'kept']);
    // A Form section: its form, and its elements keyed under the section, the Form element naming the form.
    expect(fields.sections[1]).toEqual({
      key: 'mental-status',
      title: 'Mental status',
      kind: 'Form',
      form: refer('Form', 'f1'),
      elements: [
        { key: 'mental-status.SessionTime', type: 'SessionTime' },
        { key: 'mental-status.Form', type: 'Form', form: refer('Form', 'f1') },
      ],
    });
    // `shared` only means something on a group definition.
    expect(fields.sections[2]).toEqual({ key: 'kept', title: 'Plan', kind: 'Narrative' });
    expect(definitionFields({ ...v, kind: 'Group' }, refer, () => 'Form').sections[2]?.shared).toBe(true);
  });
  it('stores which practice list a custom dropdown shows, and reads it back', () => {
    const v = definitionFormValues(undefined);
    v.sections = [
      { ...newSection('Form'), title: 'Goals', form: 'f1', elements: ['CtoneCustomDropdown'], optionSource: 'LevelsOfAssistance' },
    ];
    const fields = definitionFields(v, refer, () => 'Form');
    expect(fields.sections[0]!.elements).toEqual([
      { key: 'goals.CtoneCustomDropdown', type: 'CtoneCustomDropdown', optionSource: 'LevelsOfAssistance' },
    ]);
    expect(definitionFormValues({ ...fields, resourceType: 'NoteDefinition', status: 'Active' } as never).sections[0]!.optionSource).toBe(
      'LevelsOfAssistance',
    );
    // The default list is not stored.
    v.sections[0]!.optionSource = 'CustomNoteOptions';
    expect(definitionFields(v, refer, () => 'Form').sections[0]!.elements).toEqual([
      { key: 'goals.CtoneCustomDropdown', type: 'CtoneCustomDropdown' },
    ]);
  });

  it('reads a stored definition back into the same fields', () => {
    const stored: NoteDefinition = {
      resourceType: 'NoteDefinition',
      id: 'd1',
      meta: { versionId: '1', lastModified: '' },
      status: 'Active',
      name: 'Group therapy',
      kind: 'Group',
      noteKind: 'GroupNote',
      programs: [refer('Program', 'p1')],
      serviceTypes: [],
      durationMode: 'TimeIncrements',
      incrementMinutes: 15,
      sections: [{ key: 'topic', title: 'Topic', kind: 'Narrative', shared: true, required: true }],
    };
    const fields = definitionFields(definitionFormValues(stored), refer, () => 'Form');
    expect(fields).toMatchObject({
      kind: 'Group',
      noteKind: 'GroupNote',
      programs: [refer('Program', 'p1')],
      incrementMinutes: 15,
      sections: stored.sections,
    });
  });

  it("refuses what a note could not be written from, in section 5's words", async () => {
    const v = definitionFormValues(undefined);
    expect(await errorsOf(noteDefinitionSchema, { ...v, name: 'x' })).toEqual([]);
    const errors = await errorsOf(noteDefinitionSchema, {
      ...v,
      name: '',
      durationMode: 'TimeIncrements',
      sections: [{ ...newSection('Form'), title: 'Form', elements: ['Text', 'Text'] }],
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        'Name is a required field',
        'Minutes per increment is a required field',
        'Form is a required field',
        'Elements cannot have duplicates.',
      ]),
    );
    expect(await errorsOf(noteDefinitionSchema, { ...v, name: 'x', sections: [] })).toEqual(['Sections field must have at least 1 items']);
  });
});

describe('signature configuration form', () => {
  it('stores who signs, leaving empty "which notes" lists out', () => {
    const v = {
      ...signatureFormValues(undefined),
      name: 'Unlicensed staff',
      supervisorCoSignature: 'UnlicensedAuthors' as const,
      serviceTypeExclusions: ['s1'],
    };
    expect(signatureFields(v, refer)).toEqual({
      name: 'Unlicensed staff',
      noteKinds: undefined,
      programs: undefined,
      serviceTypes: undefined,
      authorSignature: true,
      supervisorCoSignature: 'UnlicensedAuthors',
      patientSignature: 'None',
      serviceTypeExclusions: [refer('HealthcareService', 's1')],
    });
  });

  it('refuses an unknown co-signature choice', async () => {
    const errors = await errorsOf(signatureSchema, { ...signatureFormValues(undefined), name: 'x', supervisorCoSignature: 'Sometimes' });
    expect(errors).toEqual(['Co-signature must be one of the following values: Never, UnlicensedAuthors, Always']);
  });
});

describe('publishing', () => {
  const item = (id: string, name: string, status?: 'Draft' | 'Active' | 'Retired') => ({
    resourceType: 'NoteRule',
    id,
    name,
    status,
    meta: { versionId: '1', lastModified: '' },
  });

  it('offers one step: publish a draft, retire an active one, publish a retired one again', () => {
    expect(publishingAction(item('a', 'A', 'Draft'))).toEqual({ label: 'Publish', to: 'Active' });
    expect(publishingAction(item('a', 'A', 'Active'))).toEqual({ label: 'Retire', to: 'Retired' });
    expect(publishingAction(item('a', 'A'))).toEqual({ label: 'Retire', to: 'Retired' });
    expect(publishingAction(item('a', 'A', 'Retired'))).toEqual({ label: 'Publish again', to: 'Active' });
  });

  it('lists by name in number order, retired ones on request', () => {
    const items = [item('1', 'Rule 10', 'Active'), item('2', 'Rule 9', 'Draft'), item('3', 'Old', 'Retired')];
    const view = (search: string, showAll: boolean) => listView(items, { search, showAll, inUse: PUBLISHING.inUse }).map((i) => i.name);
    expect(view('', false)).toEqual(['Rule 9', 'Rule 10']);
    expect(view('old', true)).toEqual(['Old']);
  });

  it('starts new records as drafts, badges every status and steps by setting the status', () => {
    expect(PUBLISHING.newRecord).toEqual({ status: 'Draft' });
    expect(PUBLISHING.badge(item('a', 'A', 'Draft'))).toEqual({ label: 'Draft', color: 'yellow' });
    expect(PUBLISHING.badge(item('a', 'A'))).toEqual({ label: 'Active', color: 'green' });
    expect(PUBLISHING.step(item('a', 'A', 'Draft'))).toMatchObject({
      label: 'Publish',
      fields: { status: 'Active' },
      done: 'is published',
    });
    expect(PUBLISHING.step(item('a', 'A', 'Active'))).toMatchObject({ label: 'Retire', fields: { status: 'Retired' }, done: 'is retired' });
  });
});
