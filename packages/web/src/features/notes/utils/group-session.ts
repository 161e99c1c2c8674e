import type { Encounter, GroupSessionBody, NoteDefinition, NoteSection, Reference } from '@caseload/core';
import { sectionsFrom } from './note-draft.ts';

/** How many attendees one group session may have (the server's limit, docs/notes.md). */
export const GROUP_ATTENDEE_LIMIT = 100;

/** One attendee on the group screen. */
export interface GroupAttendee {
  patient: { resourceType: 'Patient'; id: string; display?: string };
  present: boolean;
  /** The attendee's own (not shared) sections. */
  sections: NoteSection[];
  serviceType?: Reference;
}

/** A group definition's sections split into the ones written once for the group and the ones per attendee. */
export function splitGroupSections(definition: NoteDefinition | undefined): { shared: NoteSection[]; individual: NoteSection[] } {
  if (!definition) return { shared: [], individual: [] };
  const all = sectionsFrom(definition);
  return { shared: all.filter((s) => s.shared), individual: all.filter((s) => !s.shared).map(({ shared: _s, ...s }) => s) };
}

/**
 * The body of `POST Notes/group-sessions` (docs/api.md): the group's encounter (what every
 * attendee's encounter shares), the shared sections, each attendee with present/absent, their
 * own sections and (unless `forceGroupNoteServiceOverride`) their own service.
 */
export function groupSessionBody(input: {
  definition: NoteDefinition;
  encounter: Partial<Encounter>;
  shared: NoteSection[];
  attendees: GroupAttendee[];
  forceServiceOverride: boolean;
}): GroupSessionBody {
  return {
    definition: { resourceType: 'NoteDefinition', id: input.definition.id, display: input.definition.name },
    kind: input.definition.noteKind ?? 'GroupNote',
    title: input.definition.name,
    encounter: { ...input.encounter, documentationType: 'GroupNote' },
    sharedSections: input.shared,
    attendees: input.attendees.map((a) => ({
      patient: a.patient,
      present: a.present,
      sections: a.sections,
      ...(!input.forceServiceOverride && a.serviceType && { serviceType: a.serviceType }),
    })),
  };
}
