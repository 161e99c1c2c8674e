import {
  NOTE_MESSAGES,
  NOTE_SERVER_FIELDS,
  NoteCompletions,
  NoteCompositions,
  NoteKinds,
  badRequest,
  canonicalJson,
  frozenMessage,
  isReference,
  sessionInterval,
  type Encounter,
  type Note,
  type Resource,
} from '@caseload/core';
import { registerBeforeWrite } from '../storage/resource-hooks.ts';
import { currentTable } from '../storage/table-names.ts';
import { isNoteWorkflow } from './note-workflow-context.ts';

const refused = (message: string, path: string) => badRequest(message, [{ path, message }]);

const COMPOSITION_OF_KIND: Partial<Record<Note['kind'], Note['composition']>> = {
  GroupNote: 'Group',
  MultiServiceNote: 'MultiService',
};

/** Kind, composition, completion, subject and encounter: what every stored note must have right. */
function settleShape(note: Note, actor: Resource['meta']['lastModifiedBy']): void {
  if (!NoteKinds.includes(note.kind)) throw refused(`kind must be one of the following values: ${NoteKinds.join(', ')}`, 'kind');
  note.composition ??= COMPOSITION_OF_KIND[note.kind] ?? 'Individual';
  if (!NoteCompositions.includes(note.composition)) {
    throw refused(`composition must be one of the following values: ${NoteCompositions.join(', ')}`, 'composition');
  }
  note.completion ??= 'NotStarted';
  if (!NoteCompletions.includes(note.completion)) {
    throw refused(`completion must be one of the following values: ${NoteCompletions.join(', ')}`, 'completion');
  }
  if (!isReference(note.encounter) || note.encounter.resourceType !== 'Encounter') {
    throw refused('encounter is a required field', 'encounter');
  }
  note.subject ??= { resourceType: 'Patient', id: note.partition };
  if (note.subject.id !== note.partition) {
    throw refused("subject must be the patient whose chart holds this note (its partition).", 'subject');
  }
  if (!note.author && actor?.resourceType === 'Practitioner') note.author = { resourceType: 'Practitioner', id: actor.id, display: actor.display };
  if (!isReference(note.author)) throw refused('author is a required field', 'author');
  if (!Array.isArray(note.sections)) note.sections = [];
}

/**
 * The write rules of notes (docs/notes.md), inside the write transaction. A signed, amended or
 * entered-in-error note, or one awaiting its co-signature, is frozen: PUT, PATCH and DELETE are
 * refused with a message saying to amend it. Signing fields are written only by the note calls
 * (sign, co-sign, amend, entered-in-error), never by a client's create or update.
 */
registerBeforeWrite('Note', async (_tx, ctx, resource, previous) => {
  if (isNoteWorkflow(ctx)) return;
  const prior = previous as Note | undefined;
  const frozen = prior && frozenMessage(prior);
  if (frozen) throw refused(frozen, 'status');
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
});

/**
 * An encounter documented by a frozen note is frozen with it: its session time, service and
 * diagnoses are part of what was signed. It keeps `period` in step with its session time (the
 * EncounterDate sort reads it).
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
  }
  if (resource.meta.isDeleted) return;
  const time = encounter.sessionTime;
  if (time?.start) {
    const interval = sessionInterval(time);
    encounter.period = { start: time.start, ...(interval && { end: interval.end.toISOString().replace(/\.\d{3}Z$/, 'Z') }) };
  }
});
