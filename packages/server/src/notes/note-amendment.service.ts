import {
  NOTE_AMENDABLE_FIELDS,
  NOTE_MESSAGES,
  badRequest,
  can,
  canonicalJson,
  noteContentHash,
  type Note,
  type NoteAmendment,
  isoInstant,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { recordNoteOutcomes } from '../care-plans/note-outcomes.ts';
import { recordNoteAssessments } from './note-assessment-responses.ts';
import { refusedAccess } from './note-signing.service.ts';
import { NOTE, workflowRepository, writeNote } from './note-workflow-context.ts';

/** `POST Notes/{id}/amend` body. */
export interface AmendRequest {
  versionId: string;
  reason: string;
  /** New values of `title`, `sections` and/or `completion`. */
  changes: Record<string, unknown>;
}

const MAX_REASON = 2000;

/** The reason of an amendment (or a care plan's revision), trimmed, or a 400 naming `reason`. */
export function requireReason(reason: unknown): string {
  if (typeof reason !== 'string' || !reason.trim())
    throw badRequest(NOTE_MESSAGES.reasonRequired, [{ path: 'reason', message: NOTE_MESSAGES.reasonRequired }]);
  if (reason.length > MAX_REASON) {
    const message = `reason must be at most ${MAX_REASON} characters`;
    throw badRequest(message, [{ path: 'reason', message }]);
  }
  return reason.trim();
}

/**
 * Amends a signed (Final or Amended) note as its author: a new version with status Amended, the
 * changes applied, an amendment entry (reason, author, time, the version amended) and the
 * amender's signature over the new content. The amended version stays readable in history.
 */
export async function amendNote(tx: Queryable, ctx: RepositoryContext, id: string, request: AmendRequest): Promise<Note> {
  const reason = requireReason(request.reason);
  const changes = request.changes;
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) {
    throw badRequest(NOTE_MESSAGES.noChanges, [{ path: 'changes', message: NOTE_MESSAGES.noChanges }]);
  }
  const unknown = Object.keys(changes).find((k) => !(NOTE_AMENDABLE_FIELDS as readonly string[]).includes(k));
  if (unknown)
    throw badRequest(NOTE_MESSAGES.unknownChange(unknown), [{ path: `changes.${unknown}`, message: NOTE_MESSAGES.unknownChange(unknown) }]);
  const repo = workflowRepository(tx, ctx);
  const row = await repo.currentForWrite(NOTE, id, { expectedVersionId: request.versionId });
  const note = row.body as Note;
  if (note.status !== 'Final' && note.status !== 'Amended') {
    throw badRequest(NOTE_MESSAGES.notSigned, [{ path: 'status', message: NOTE_MESSAGES.notSigned }]);
  }
  if (!ctx.actor || ctx.actor.id !== note.author.id) throw refusedAccess('Only the author of a note can amend it.', 'author');
  if (changes.sections !== undefined && !Array.isArray(changes.sections)) {
    throw badRequest('changes.sections must be a list of sections.', [
      { path: 'changes.sections', message: 'changes.sections must be a list of sections.' },
    ]);
  }
  const changed = Object.keys(changes).filter((k) => canonicalJson(changes[k]) !== canonicalJson(note[k]));
  if (changed.length === 0) throw badRequest(NOTE_MESSAGES.noChanges, [{ path: 'changes', message: NOTE_MESSAGES.noChanges }]);
  const at = isoInstant(ctx.clock());
  const amended = { ...note, ...changes } as Note;
  const amendment: NoteAmendment = { reason, author: ctx.actor, at, previousVersionId: row.version_id, changedFields: changed };
  const next = await writeNote(repo, row, (fields) => ({
    ...fields,
    ...changes,
    status: 'Amended',
    amendments: [...(note.amendments ?? []), amendment],
    signatures: [...(note.signatures ?? []), { role: 'Amender', signer: ctx.actor!, signedAt: at, contentHash: noteContentHash(amended) }],
  }));
  return recordNoteOutcomes(tx, ctx, next as Note, await recordNoteAssessments(tx, ctx, next as Note));
}

/**
 * Marks a note entered in error (it stays readable, frozen, with the reason): its author may, or
 * anyone who may delete notes (it is what deleting a signed note becomes).
 */
export async function markEnteredInError(
  tx: Queryable,
  ctx: RepositoryContext,
  id: string,
  request: { versionId: string; reason: string },
): Promise<Note> {
  const reason = requireReason(request.reason);
  const repo = workflowRepository(tx, ctx);
  const row = await repo.currentForWrite(NOTE, id, { expectedVersionId: request.versionId });
  const note = row.body as Note;
  if (note.status === 'EnteredInError')
    throw badRequest(NOTE_MESSAGES.frozenEnteredInError, [{ path: 'status', message: NOTE_MESSAGES.frozenEnteredInError }]);
  const isAuthor = ctx.actor !== undefined && ctx.actor.id === note.author.id;
  if (!isAuthor && !can(ctx.access.principal.permissions, 'Delete', 'Note')) {
    throw refusedAccess('Only the author, or someone who may delete notes, can mark a note entered in error.', 'author');
  }
  const next = await writeNote(
    repo,
    row,
    (fields) => ({
      ...fields,
      status: 'EnteredInError',
      enteredInError: { reason, by: ctx.actor!, at: isoInstant(ctx.clock()) },
    }),
    ['pendingSignatures'],
  );
  return recordNoteOutcomes(tx, ctx, next as Note, await recordNoteAssessments(tx, ctx, next as Note));
}
