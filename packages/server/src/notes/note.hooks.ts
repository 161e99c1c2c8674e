import {
  NOTE_MESSAGES,
  NOTE_SERVER_FIELDS,
  badRequest,
  canonicalJson,
  frozenMessage,
  sessionInterval,
  type Encounter,
  type Note,
  type Resource,
} from '@caseload/core';
import { registerBeforeWrite } from '../storage/resource-hooks.ts';
import { currentTable } from '../storage/table-names.ts';
import { assertGroupNoteEditable } from './group-note-edit.ts';
import { isNoteWorkflow } from './note-workflow-context.ts';
import { assertNoteSchema } from './note-validation.hook.ts';

const refused = (message: string, path: string) => badRequest(message, [{ path, message }]);

const COMPOSITION_OF_KIND: Partial<Record<Note['kind'], Note['composition']>> = {
  GroupNote: 'Group',
  MultiServiceNote: 'MultiService',
};

/** The subject of a chart record is the patient whose partition holds it (filled when left out). */
function settleSubject(resource: Note | Encounter): void {
  resource.subject ??= { resourceType: 'Patient', id: resource.partition };
  if (resource.subject?.id !== resource.partition) {
    const what = resource.resourceType === 'Note' ? 'note' : 'encounter';
    throw refused(`subject must be the patient whose chart holds this ${what} (its partition).`, 'subject');
  }
}

/**
 * What the server fills in a note before its schema checks it: the composition its kind implies,
 * NotStarted, the subject from the partition, a practitioner caller as the author, no sections.
 */
function settleShape(note: Note, actor: Resource['meta']['lastModifiedBy']): void {
  const implied = typeof note.kind === 'string' && Object.hasOwn(COMPOSITION_OF_KIND, note.kind) ? COMPOSITION_OF_KIND[note.kind] : undefined;
  note.composition ??= implied ?? 'Individual';
  note.completion ??= 'NotStarted';
  settleSubject(note);
  if (!note.author && actor?.resourceType === 'Practitioner') note.author = { resourceType: 'Practitioner', id: actor.id, display: actor.display };
  note.sections ??= [];
}

/**
 * The write rules of notes (docs/notes.md), inside the write transaction. A signed, amended or
 * entered-in-error note, or one awaiting its co-signature, is frozen: PUT, PATCH and DELETE are
 * refused with a message saying to amend it. Signing fields are written only by the note calls
 * (sign, co-sign, amend, entered-in-error), never by a client's create or update. A note of a
 * group session is changed only by its facilitator unless allowGroupNoteAdminEdit is on.
 */
registerBeforeWrite('Note', async (tx, ctx, resource, previous) => {
  // The note calls write signing fields and frozen notes; what they write still fits the schema.
  if (isNoteWorkflow(ctx)) {
    if (!resource.meta.isDeleted) assertNoteSchema('Note', resource, ctx);
    return;
  }
  const prior = previous as Note | undefined;
  const frozen = prior && frozenMessage(prior);
  if (frozen) throw refused(frozen, 'status');
  await assertGroupNoteEditable(tx, ctx, prior);
  if (resource.meta.isDeleted) return;
  const note = resource as Note;
  for (const field of NOTE_SERVER_FIELDS) {
    const before = prior?.[field] ?? (field === 'status' ? 'Preliminary' : undefined);
    const now = note[field] ?? (field === 'status' ? 'Preliminary' : undefined);
    const empty = (v: unknown) => v === undefined || (Array.isArray(v) && v.length === 0);
    if (!(empty(before) && empty(now)) && canonicalJson(before) !== canonicalJson(now)) {
      throw refused(NOTE_MESSAGES.serverField(field), field);
    }
  }
  note.status = 'Preliminary';
  settleShape(note, ctx.actor);
  assertNoteSchema('Note', note, ctx);
});

/**
 * An encounter documented by a frozen note is frozen with it: its session time, service and
 * diagnoses are part of what was signed. It keeps `period` in step with its session time (the
 * EncounterDate sort reads it), takes its subject from the partition, and is checked against
 * core's encounterSchema. A group session's encounter is governed like its note
 * (allowGroupNoteAdminEdit).
 */
registerBeforeWrite('Encounter', async (tx, ctx, resource, previous) => {
  const encounter = resource as Encounter;
  if (previous && !isNoteWorkflow(ctx)) {
    const r = await tx.query<{ body: Note }>(
      `SELECT body FROM ${currentTable('Note')} WHERE practice_id = $1 AND partition = $2 AND NOT is_deleted
       AND body->'encounter'->>'id' = $3`,
      [ctx.practiceId, previous.partition, previous.id],
    );
    const frozen = r.rows.map((row) => frozenMessage(row.body)).find((m) => m !== undefined);
    if (frozen) throw refused(`The encounter of a signed note cannot be changed. ${frozen}`, 'encounter');
    await assertGroupNoteEditable(tx, ctx, previous as Encounter);
  }
  if (resource.meta.isDeleted) return;
  settleSubject(encounter);
  encounter.participants ??= [];
  const time = encounter.sessionTime;
  if (typeof time?.start === 'string') {
    const interval = sessionInterval(time);
    encounter.period = { start: time.start, ...(interval && { end: interval.end.toISOString().replace(/\.\d{3}Z$/, 'Z') }) };
  }
  assertNoteSchema('Encounter', encounter, ctx);
});
