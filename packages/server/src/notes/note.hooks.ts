import {
  NOTE_MESSAGES,
  NOTE_SERVER_FIELDS,
  badRequest,
  canonicalJson,
  frozenMessage,
  hasFlag,
  sessionInterval,
  type Encounter,
  type Note,
} from '@caseload/core';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { BeforeWrite } from '../storage/resource-hooks.ts';
import { systemReader } from '../storage/system-reader.ts';
import { assertGroupLinkKept, assertGroupNoteEditable } from './group-note-edit.ts';
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
 * NotStarted, the subject from the partition, the author (settleAuthor), no sections.
 */
function settleShape(note: Note, prior: Note | undefined, ctx: RepositoryContext): void {
  const implied =
    typeof note.kind === 'string' && Object.hasOwn(COMPOSITION_OF_KIND, note.kind) ? COMPOSITION_OF_KIND[note.kind] : undefined;
  note.composition ??= implied ?? 'Individual';
  note.completion ??= 'NotStarted';
  settleSubject(note);
  settleAuthor(note, prior, ctx);
  note.sections ??= [];
}

/**
 * The author decides who signs a note, amends it and finds it among their unsigned notes, so the
 * body does not choose it freely: an update keeps the stored author, and a new note is its
 * practitioner writer's. Only a writer drafting for a clinician (a scribe, administrative:Scribe)
 * or one who is not a practitioner (an associate, an import) names the author.
 */
function settleAuthor(note: Note, prior: Note | undefined, ctx: RepositoryContext): void {
  if (prior) {
    note.author = prior.author;
    return;
  }
  const actor = ctx.actor;
  if (actor?.resourceType !== 'Practitioner' || note.author?.id === actor.id) return;
  if (note.author && hasFlag(ctx.access.principal.permissions, 'administrative', 'Scribe')) return;
  note.author = { resourceType: 'Practitioner', id: actor.id, ...(actor.display !== undefined && { display: actor.display }) };
}

/**
 * The write rules of notes (docs/notes.md), inside the write transaction. A signed, amended or
 * entered-in-error note, or one awaiting its co-signature, is frozen: PUT, PATCH and DELETE are
 * refused with a message saying to amend it. Signing fields are written only by the note calls
 * (sign, co-sign, amend, entered-in-error), never by a client's create or update. A note of a
 * group session is changed only by its facilitator unless allowGroupNoteAdminEdit is on.
 */
export const noteRules: BeforeWrite = async (tx, ctx, resource, previous) => {
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
  assertGroupLinkKept(prior, note);
  for (const field of NOTE_SERVER_FIELDS) {
    const before = prior?.[field] ?? (field === 'status' ? 'Preliminary' : undefined);
    const now = note[field] ?? (field === 'status' ? 'Preliminary' : undefined);
    const empty = (v: unknown) => v === undefined || (Array.isArray(v) && v.length === 0);
    if (!(empty(before) && empty(now)) && canonicalJson(before) !== canonicalJson(now)) {
      throw refused(NOTE_MESSAGES.serverField(field), field);
    }
  }
  note.status = 'Preliminary';
  settleShape(note, prior, ctx);
  assertNoteSchema('Note', note, ctx);
};

/**
 * An encounter documented by a frozen note is frozen with it: its session time, service and
 * diagnoses are part of what was signed. It keeps `period` in step with its session time (the
 * EncounterDate sort reads it), takes its subject from the partition, and is checked against
 * core's encounterSchema. A group session's encounter is governed like its note
 * (allowGroupNoteAdminEdit).
 */
/** The encounter's dialogues are linked by the scribe calls (docs/scribe.md, "Dialogue"): a client's write keeps them as stored. */
function keepDialogues(previous: Encounter | undefined, encounter: Encounter): void {
  if (previous?.dialogues) encounter.dialogues = previous.dialogues;
  else delete encounter.dialogues;
}

export const encounterRules: BeforeWrite = async (tx, ctx, resource, previous) => {
  const encounter = resource as Encounter;
  if (previous && !isNoteWorkflow(ctx)) {
    const notes = await systemReader(tx, ctx).list<Note>('Note', {
      partition: previous.partition,
      filters: [{ field: 'encounter.id', op: 'eq', value: previous.id }],
    });
    const frozen = notes.map((note) => frozenMessage(note)).find((m) => m !== undefined);
    if (frozen) throw refused(`The encounter of a signed note cannot be changed. ${frozen}`, 'encounter');
    await assertGroupNoteEditable(tx, ctx, previous as Encounter);
  }
  if (resource.meta.isDeleted) return;
  if (!isNoteWorkflow(ctx)) {
    assertGroupLinkKept(previous as Encounter | undefined, encounter);
    keepDialogues(previous as Encounter | undefined, encounter);
  }
  settleSubject(encounter);
  encounter.participants ??= [];
  const time = encounter.sessionTime;
  if (typeof time?.start === 'string') {
    const interval = sessionInterval(time);
    encounter.period = { start: time.start, ...(interval && { end: interval.end.toISOString().replace(/\.\d{3}Z$/, 'Z') }) };
  }
  assertNoteSchema('Encounter', encounter, ctx);
};
