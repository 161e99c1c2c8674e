import { randomUUID } from 'node:crypto';
import {
  badRequest,
  frozenMessage,
  isReference,
  type Encounter,
  type EncounterParticipant,
  type Note,
  type NoteSection,
  type Reference,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { ResourceRepository } from '../storage/resource-repository.ts';
import { currentTable } from '../storage/table-names.ts';
import { assertGroupNoteEditable } from './group-note-edit.ts';
import { refusedAccess } from './note-signing.service.ts';
import { ENCOUNTER, NOTE, workflowRepository, writeNote } from './note-workflow-context.ts';

/** One attendee of a group session as the call receives it. */
interface AttendeeInput {
  patient: Reference;
  present: boolean;
  /** The attendee's own sections. */
  sections?: NoteSection[];
  /** A service type of the attendee's own (ignored under forceGroupNoteServiceOverride). */
  serviceType?: Reference;
}

/** What `POST Notes/group-sessions` answers: the session id and one note + encounter per attendee. */
export interface GroupSessionResult {
  groupSessionId: string;
  attendees: { patient: Reference; present: boolean; encounter: Encounter; note: Note }[];
}

export const MAX_GROUP_ATTENDEES = 100;

const fail = (message: string, path: string) => badRequest(message, [{ path, message }]);

function attendeesOf(value: unknown): AttendeeInput[] {
  if (!Array.isArray(value) || value.length === 0) throw fail('attendees must have at least 1 items', 'attendees');
  if (value.length > MAX_GROUP_ATTENDEES) throw fail(`attendees must have at most ${MAX_GROUP_ATTENDEES} items`, 'attendees');
  const seen = new Set<string>();
  return value.map((a: AttendeeInput, i) => {
    if (!a || !isReference(a.patient) || a.patient.resourceType !== 'Patient') throw fail(`attendees.${i}.patient is a required field`, `attendees.${i}.patient`);
    if (typeof a.present !== 'boolean') throw fail(`attendees.${i}.present is a required field`, `attendees.${i}.present`);
    if (a.sections !== undefined && !Array.isArray(a.sections)) throw fail(`attendees.${i}.sections must be a list`, `attendees.${i}.sections`);
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
export async function createGroupSession(tx: Queryable, ctx: RepositoryContext, body: Record<string, unknown>): Promise<GroupSessionResult> {
  const attendees = attendeesOf(body.attendees);
  const group = (body.encounter ?? {}) as Partial<Encounter>;
  if (typeof group !== 'object' || Array.isArray(group)) throw fail('encounter must be an object', 'encounter');
  const shared = body.sharedSections ?? [];
  if (!Array.isArray(shared)) throw fail('sharedSections must be a list', 'sharedSections');
  if (!ctx.actor || ctx.actor.resourceType !== 'Practitioner') throw refusedAccess('Group sessions are created by a practitioner.', 'author');
  const preferences = await loadPracticePreferences(tx, ctx.practiceId);
  const repo = new ResourceRepository(ctx, tx);
  const id = randomUUID();
  const facilitator: Reference = { resourceType: 'Practitioner', id: ctx.actor.id, display: ctx.actor.display };
  const staff: EncounterParticipant[] = (group.participants ?? []).filter((p) => p.role !== 'Patient');
  if (!staff.some((p) => p.individual?.id === facilitator.id)) staff.unshift({ role: 'PrimaryPerformer', individual: facilitator });
  const result: GroupSessionResult = { groupSessionId: id, attendees: [] };
  for (const attendee of attendees) {
    const link = { id, present: attendee.present, attendeeCount: attendees.length, facilitator };
    const serviceType = preferences.forceGroupNoteServiceOverride ? group.serviceType : (attendee.serviceType ?? group.serviceType);
    const encounter = (await repo.create(ENCOUNTER, {
      ...group,
      resourceType: 'Encounter',
      partition: attendee.patient.id,
      subject: attendee.patient,
      participants: [...staff, { role: 'Patient', individual: attendee.patient }],
      documentationType: 'GroupNote',
      visitStatus: attendee.present ? 'Show' : 'NoShow',
      ...(serviceType && { serviceType }),
      groupSession: link,
    })).resource as Encounter;
    const note = (await repo.create(NOTE, {
      resourceType: 'Note',
      partition: attendee.patient.id,
      subject: attendee.patient,
      kind: typeof body.kind === 'string' ? body.kind : 'GroupNote',
      composition: 'Group',
      ...(isReference(body.definition) && { definition: body.definition }),
      ...(typeof body.title === 'string' && { title: body.title }),
      encounter: { resourceType: 'Encounter', id: encounter.id, versionId: encounter.meta.versionId },
      ...(encounter.period?.start && { encounterDate: encounter.period.start }),
      author: facilitator,
      completion: 'InProgress',
      sections: [...(shared as NoteSection[]).map((s) => ({ ...s, shared: true })), ...(attendee.sections ?? []).map((s) => ({ ...s, shared: false }))],
      groupSession: link,
    })).resource as Note;
    result.attendees.push({ patient: attendee.patient, present: attendee.present, encounter, note });
  }
  return result;
}

/**
 * Rewrites the shared sections of every unsigned note of a group session (`PUT
 * Notes/group-sessions/{id}/shared-sections`). The facilitator may; anyone else who may update
 * notes may too when the practice allows allowGroupNoteAdminEdit. Signed notes keep what they
 * were signed with and are listed as skipped.
 */
export async function updateSharedSections(
  tx: Queryable,
  ctx: RepositoryContext,
  groupSessionId: string,
  sections: unknown,
): Promise<{ updated: Note[]; skipped: { id: string; reason: string }[] }> {
  if (!Array.isArray(sections)) throw fail('sections must be a list', 'sections');
  const r = await tx.query<{ id: string; body: Note }>(
    `SELECT id, body FROM ${currentTable('Note')} WHERE practice_id = $1 AND NOT is_deleted AND body->'groupSession'->>'id' = $2 ORDER BY id`,
    [ctx.practiceId, groupSessionId],
  );
  if (r.rows.length === 0) throw fail(`No group session ${groupSessionId} was found.`, 'groupSession');
  await assertGroupNoteEditable(tx, ctx, r.rows[0]!.body);
  const repo = workflowRepository(tx, ctx);
  const result = { updated: [] as Note[], skipped: [] as { id: string; reason: string }[] };
  for (const { id, body } of r.rows) {
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
      sections: [...(sections as NoteSection[]).map((s) => ({ ...s, shared: true })), ...own],
    }));
    result.updated.push(next as Note);
  }
  return result;
}
