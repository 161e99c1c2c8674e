import { randomUUID } from 'node:crypto';
import {
  badRequest,
  frozenMessage,
  isReference,
  notFound,
  type Encounter,
  type GroupAttendeeInput,
  type GroupSessionAnswer,
  type GroupSessionBody,
  type EncounterParticipant,
  type Note,
  type NoteSection,
  type Practitioner,
  type Reference,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { systemReader } from '../storage/system-reader.ts';
import { assertGroupNoteEditable } from './group-note-edit.ts';
import { refusedAccess } from './note-signing.service.ts';
import { ENCOUNTER, NOTE, workflowRepository, writeNote } from './note-workflow-context.ts';

export const MAX_GROUP_ATTENDEES = 100;

const fail = (message: string, path: string) => badRequest(message, [{ path, message }]);

/**
 * The attendees, past the checks the route's contract (core's GroupSessionBodySchema) cannot
 * make: how many, each a Patient, each once.
 */
function attendeesOf(value: GroupAttendeeInput[]): GroupAttendeeInput[] {
  if (!Array.isArray(value) || value.length === 0) throw fail('attendees must have at least 1 items', 'attendees');
  if (value.length > MAX_GROUP_ATTENDEES) throw fail(`attendees must have at most ${MAX_GROUP_ATTENDEES} items`, 'attendees');
  const seen = new Set<string>();
  return value.map((a, i) => {
    if (!a || !isReference(a.patient) || a.patient.resourceType !== 'Patient')
      throw fail(`attendees.${i}.patient is a required field`, `attendees.${i}.patient`);
    if (typeof a.present !== 'boolean') throw fail(`attendees.${i}.present is a required field`, `attendees.${i}.present`);
    if (a.sections !== undefined && !Array.isArray(a.sections))
      throw fail(`attendees.${i}.sections must be a list`, `attendees.${i}.sections`);
    if (seen.has(a.patient.id)) throw fail('attendees cannot have duplicates.', `attendees.${i}.patient`);
    seen.add(a.patient.id);
    return a;
  });
}

/**
 * Creates a group session: for every attendee, an Encounter (documentationType GroupNote, visit
 * status Show or NoShow from `present`) and a GroupNote sharing the group's shared sections, with
 * the attendee's own sections after them. The facilitator (the caller) is the author and primary
 * performer. With forceGroupNoteServiceOverride every attendee gets the group's service type.
 * All of it is one transaction, written through the caller's repository (checked and audited).
 */
export async function createGroupSession(tx: Queryable, ctx: RepositoryContext, body: GroupSessionBody): Promise<GroupSessionAnswer> {
  const attendees = attendeesOf(body.attendees);
  const group: Partial<Encounter> = body.encounter ?? {};
  if (typeof group !== 'object' || Array.isArray(group)) throw fail('encounter must be an object', 'encounter');
  const shared = body.sharedSections ?? [];
  if (!Array.isArray(shared)) throw fail('sharedSections must be a list', 'sharedSections');
  if (!ctx.actor || ctx.actor.resourceType !== 'Practitioner')
    throw refusedAccess('Group sessions are created by a practitioner.', 'author');
  const preferences = await loadPracticePreferences(tx, ctx.practiceId);
  // The note workflow's repository: only the group-session call writes the groupSession link.
  const repo = workflowRepository(tx, ctx);
  const id = randomUUID();
  // Named as a note written alone names its author (the web stores the practitioner's display), so lists can show who wrote it.
  const practitioner = await systemReader(tx, ctx).get<Practitioner>('Practitioner', ctx.actor.id);
  const display = practitioner?.display ?? ctx.actor.display;
  const facilitator: Reference = { resourceType: 'Practitioner', id: ctx.actor.id, ...(display && { display }) };
  const staff: EncounterParticipant[] = (group.participants ?? []).filter((p) => p.role !== 'Patient');
  if (!staff.some((p) => p.individual?.id === facilitator.id)) staff.unshift({ role: 'PrimaryPerformer', individual: facilitator });
  const result: GroupSessionAnswer = { groupSessionId: id, attendees: [] };
  for (const attendee of attendees) {
    const link = { id, present: attendee.present, attendeeCount: attendees.length, facilitator };
    const serviceType = preferences.forceGroupNoteServiceOverride ? group.serviceType : (attendee.serviceType ?? group.serviceType);
    const encounter = (
      await repo.create(ENCOUNTER, {
        ...group,
        resourceType: 'Encounter',
        partition: attendee.patient.id,
        subject: attendee.patient,
        participants: [...staff, { role: 'Patient', individual: attendee.patient }],
        documentationType: 'GroupNote',
        visitStatus: attendee.present ? 'Show' : 'NoShow',
        ...(serviceType && { serviceType }),
        groupSession: link,
      })
    ).resource as Encounter;
    const note = (
      await repo.create(NOTE, {
        resourceType: 'Note',
        partition: attendee.patient.id,
        subject: attendee.patient,
        kind: body.kind ?? 'GroupNote',
        composition: 'Group',
        status: 'Preliminary',
        ...(body.definition && { definition: body.definition }),
        ...(body.title !== undefined && { title: body.title }),
        encounter: { resourceType: 'Encounter', id: encounter.id, versionId: encounter.meta.versionId },
        ...(encounter.period?.start && { encounterDate: encounter.period.start }),
        author: facilitator,
        completion: 'InProgress',
        sections: [...shared.map((s) => ({ ...s, shared: true })), ...(attendee.sections ?? []).map((s) => ({ ...s, shared: false }))],
        groupSession: link,
      })
    ).resource as Note;
    result.attendees.push({ patient: attendee.patient, present: attendee.present, encounter, note });
  }
  return result;
}

/**
 * Rewrites the shared sections of every unsigned note of a group session (`PUT
 * Notes/group-sessions/{id}/shared-sections`). The facilitator may; anyone else who may update
 * notes may too when the practice allows allowGroupNoteAdminEdit. Signed notes keep what they
 * were signed with and are listed as skipped.
 *
 * Checked in the order that reveals nothing: the permission (403 whatever the id), then the
 * caller's reach, then existence. A session of which the caller cannot update every note answers
 * 404 exactly like an id no session has, so a session id cannot be probed.
 */
export async function updateSharedSections(
  tx: Queryable,
  ctx: RepositoryContext,
  groupSessionId: string,
  sections: NoteSection[],
): Promise<{ updated: Note[]; skipped: { id: string; reason: string }[] }> {
  ctx.access.assertCan('Update', NOTE);
  if (!Array.isArray(sections)) throw fail('sections must be a list', 'sections');
  const notes = await systemReader(tx, ctx).listWithReach<Note>(
    NOTE,
    { filters: [{ field: 'groupSession.id', op: 'eq', value: groupSessionId }] },
    { access: ctx.access, action: 'Update' },
  );
  if (notes.length === 0 || notes.some((n) => !n.reached)) throw notFound();
  await assertGroupNoteEditable(tx, ctx, notes[0]!.resource);
  const repo = workflowRepository(tx, ctx);
  const result = { updated: [] as Note[], skipped: [] as { id: string; reason: string }[] };
  for (const { resource: body } of notes) {
    const id = body.id;
    const frozen = frozenMessage(body);
    if (frozen) {
      result.skipped.push({ id, reason: frozen });
      continue;
    }
    // currentForWrite checks the caller may update this patient's note and locks it.
    const row = await repo.currentForWrite(NOTE, id);
    const own = (row.body as Note).sections.filter((s) => !s.shared);
    const next = await writeNote(repo, row, (fields) => ({
      ...fields,
      sections: [...sections.map((s) => ({ ...s, shared: true })), ...own],
    }));
    result.updated.push(next as Note);
  }
  return result;
}
