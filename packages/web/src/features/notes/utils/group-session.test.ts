import type { NoteDefinition } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { groupSessionBody, splitGroupSections } from './group-session.ts';

const definition: NoteDefinition = {
  id: 'g',
  meta: { versionId: '1', lastModified: '2026-01-01T00:00:00Z' },
  resourceType: 'NoteDefinition',
  name: 'DBT skills group',
  kind: 'Group',
  status: 'Active',
  sections: [
    { key: 'topic', title: 'Topic', kind: 'Narrative', shared: true },
    { key: 'response', title: 'Response', kind: 'Narrative' },
  ],
};

describe('group sessions', () => {
  it('splits shared from individual sections', () => {
    const split = splitGroupSections(definition);
    expect(split.shared.map((s) => [s.key, s.shared])).toEqual([['topic', true]]);
    expect(split.individual).toEqual([{ key: 'response', title: 'Response', kind: 'Narrative' }]);
  });

  it("sends each attendee's own service only without forceGroupNoteServiceOverride", () => {
    const attendee = {
      patient: { resourceType: 'Patient' as const, id: 'p1' },
      present: false,
      sections: [],
      serviceType: { resourceType: 'HealthcareService', id: 'own' },
    };
    const body = (force: boolean) =>
      groupSessionBody({
        definition,
        encounter: { serviceType: { resourceType: 'HealthcareService', id: 'group' } },
        shared: [],
        attendees: [attendee],
        forceServiceOverride: force,
      });
    expect((body(false).attendees as { serviceType?: { id: string } }[])[0]!.serviceType?.id).toBe('own');
    expect((body(true).attendees as { serviceType?: unknown }[])[0]!.serviceType).toBeUndefined();
    expect(body(true)).toMatchObject({
      kind: 'GroupNote',
      title: 'DBT skills group',
      encounter: { documentationType: 'GroupNote' },
      definition: { id: 'g' },
    });
  });
});
