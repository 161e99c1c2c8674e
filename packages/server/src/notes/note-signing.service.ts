import {
  AppError,
  ErrorCodes,
  MESSAGES,
  NOTE_MESSAGES,
  badRequest,
  blockingResults,
  evaluateNoteRules,
  frozenMessage,
  hasFlag,
  noteContentHash,
  serviceDate,
  signatureRequirements,
  type Encounter,
  type Note,
  type NoteSignature,
  type PersonalSignature,
  type Practitioner,
  type Reference,
  type RuleResult,
  type SignatureConfiguration,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { currentTable } from '../storage/table-names.ts';
import { loadRuleContext } from './note-rule-context.ts';
import { ENCOUNTER, NOTE, loadById, loadConfiguration, workflowRepository, writeNote } from './note-workflow-context.ts';

/** `POST Notes/{id}/sign` body. */
export interface SignRequest {
  versionId: string;
  /** Given on the device at signing when the configuration asks for the patient's signature. */
  patientSignature?: { signer: Reference; image?: Reference };
}

/** What the sign and co-sign calls answer: the note as stored and the warnings it was signed with. */
export interface SignResult {
  note: Note;
  warnings: RuleResult[];
}

/** 403 with the product's message; the reason goes in `issues` (and the audit trail). */
export function refusedAccess(reason: string, path: string): AppError {
  return new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden, { cause: reason, issues: [{ path, message: reason }] });
}

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The signer's newest stored signature image, if any. */
export async function personalSignatureOf(db: Queryable, practiceId: string, actor: Reference): Promise<Reference | undefined> {
  const found = await loadConfiguration<PersonalSignature>(db, practiceId, 'PersonalSignature', "body->'owner'->>'id' = $2", [actor.id]);
  const newest = found.sort((a, b) => (a.meta.lastModified < b.meta.lastModified ? 1 : -1))[0];
  return newest && { resourceType: 'PersonalSignature', id: newest.id, versionId: newest.meta.versionId };
}

/**
 * Whether `image` names a Media stored (not deleted) in the note's own chart: a signature image
 * from another patient's chart, or one never stored, would print a signature the patient did not
 * give on this note. Read as the server (the signer's reach was checked on the note itself).
 */
async function isChartMedia(db: Queryable, practiceId: string, partition: string, image: Reference): Promise<boolean> {
  if (image.resourceType !== 'Media' || typeof image.id !== 'string') return false;
  const r = await db.query(
    `SELECT 1 FROM ${currentTable('Media')} WHERE practice_id = $1 AND partition = $2 AND id = $3 AND NOT is_deleted`,
    [practiceId, partition, image.id],
  );
  return r.rows.length > 0;
}

/** The patient's (or a related person's) signature the configuration asks for, or a 400. */
async function patientSignature(
  db: Queryable,
  practiceId: string,
  note: Note,
  wanted: 'Patient' | 'PatientOrRelatedPerson',
  given: SignRequest['patientSignature'],
  at: string,
  hash: string,
): Promise<NoteSignature> {
  const signer = given?.signer;
  if (!signer || !given.image) throw badRequest(NOTE_MESSAGES.patientSignatureRequired, [{ path: 'patientSignature', message: NOTE_MESSAGES.patientSignatureRequired }]);
  if (signer.resourceType === 'RelatedPerson' && wanted === 'Patient') {
    throw badRequest(NOTE_MESSAGES.relatedPersonNotAllowed, [{ path: 'patientSignature.signer', message: NOTE_MESSAGES.relatedPersonNotAllowed }]);
  }
  if (!(signer.resourceType === 'Patient' && signer.id === note.partition) && signer.resourceType !== 'RelatedPerson') {
    const message = 'patientSignature.signer must be the patient or a related person.';
    throw badRequest(message, [{ path: 'patientSignature.signer', message }]);
  }
  if (!(await isChartMedia(db, practiceId, note.partition, given.image))) {
    throw badRequest(NOTE_MESSAGES.patientSignatureImage, [{ path: 'patientSignature.image', message: NOTE_MESSAGES.patientSignatureImage }]);
  }
  return { role: signer.resourceType === 'Patient' ? 'Patient' : 'RelatedPerson', signer, image: given.image, signedAt: at, contentHash: hash };
}

/**
 * Signs a note as its author: the practice's Active rules run again here, and a blocking one
 * refuses (400, its message as the detail, every blocking result as an issue at its field). The
 * signature configuration decides what else is owed: a supervisor's co-signature leaves the note
 * Preliminary with `pendingSignatures` (and frozen); otherwise it becomes Final. Signing marks
 * the note Complete.
 */
export async function signNote(tx: Queryable, ctx: RepositoryContext, id: string, request: SignRequest): Promise<SignResult> {
  const repo = workflowRepository(tx, ctx);
  const row = await repo.currentForWrite(NOTE, id, { expectedVersionId: request.versionId });
  const note = row.body as Note;
  if (!hasFlag(ctx.access.principal.permissions, 'clinical', 'SignNote')) throw refusedAccess('the Sign notes grant set is required', 'author');
  if (frozenMessage(note)) throw badRequest(NOTE_MESSAGES.alreadySigned, [{ path: 'status', message: NOTE_MESSAGES.alreadySigned }]);
  if (!ctx.actor || ctx.actor.id !== note.author?.id) throw refusedAccess(NOTE_MESSAGES.notAuthor, 'author');

  const encounter = (await repo.read(ENCOUNTER, note.encounter.id)) as Encounter;
  const now = ctx.clock();
  const { context, rules, preferences } = await loadRuleContext(tx, ctx.practiceId, note, encounter, now);
  const results = evaluateNoteRules(rules, context);
  const blocking = blockingResults(results);
  if (blocking.length) throw badRequest(blocking[0]!.message, blocking.map((r) => ({ path: r.field, message: r.message })));

  const author = await loadById<Practitioner>(tx, ctx.practiceId, 'Practitioner', note.author.id);
  const configurations = await loadConfiguration<SignatureConfiguration>(tx, ctx.practiceId, 'SignatureConfiguration');
  const needs = signatureRequirements({
    note,
    encounter,
    author: { id: note.author.id, display: author?.display ?? note.author.display, licences: author?.licences, supervisors: author?.supervisors },
    configurations,
    excludedServiceTypeIds: preferences.signatureServiceTypeExclusions,
    date: serviceDate(context),
  });
  if (needs.coSign && needs.coSign.signers.length === 0) {
    const message = NOTE_MESSAGES.noSupervisor(author?.display ?? note.author.display ?? 'The author');
    throw badRequest(message, [{ path: 'author', message }]);
  }
  const at = iso(now);
  const signed: Note = { ...note, completion: 'Complete' };
  const hash = noteContentHash(signed);
  const signatures: NoteSignature[] = [
    { role: 'Author', signer: ctx.actor, signedAt: at, contentHash: hash, personalSignature: await personalSignatureOf(tx, ctx.practiceId, ctx.actor) },
  ];
  if (needs.patient) signatures.push(await patientSignature(tx, ctx.practiceId, note, needs.patient, request.patientSignature, at, hash));
  const next = await writeNote(repo, row, (fields) => ({
    ...fields,
    completion: 'Complete',
    signatures: [...(note.signatures ?? []), ...signatures],
    ...(needs.configuration && { signatureConfiguration: { resourceType: 'SignatureConfiguration', id: needs.configuration.id, display: needs.configuration.name } }),
    ...(needs.coSign
      ? { status: 'Preliminary', pendingSignatures: [{ role: 'CoSigner', signers: needs.coSign.signers, reason: needs.coSign.reason }] }
      : { status: 'Final', signedAt: at }),
  }), needs.coSign ? [] : ['pendingSignatures']);
  return { note: next as Note, warnings: results.filter((r) => r.severity === 'warn') };
}

/**
 * Co-signs a note awaiting its co-signature, as one of the author's supervisors on the session
 * date (listed in `pendingSignatures`). The note becomes Final.
 */
export async function coSignNote(tx: Queryable, ctx: RepositoryContext, id: string, versionId: string): Promise<SignResult> {
  const repo = workflowRepository(tx, ctx);
  const row = await repo.currentForWrite(NOTE, id, { expectedVersionId: versionId });
  const note = row.body as Note;
  if (!hasFlag(ctx.access.principal.permissions, 'clinical', 'CoSignNote')) throw refusedAccess('the Co-sign notes grant set is required', 'pendingSignatures');
  const owed = note.status === 'Preliminary' ? note.pendingSignatures?.find((p) => p.role === 'CoSigner') : undefined;
  if (!owed) throw badRequest(NOTE_MESSAGES.noCoSignOwed, [{ path: 'pendingSignatures', message: NOTE_MESSAGES.noCoSignOwed }]);
  if (!ctx.actor || !owed.signers.some((s) => s.id === ctx.actor!.id)) throw refusedAccess(NOTE_MESSAGES.notSupervisor, 'pendingSignatures');
  const at = iso(ctx.clock());
  const signature: NoteSignature = {
    role: 'CoSigner',
    signer: ctx.actor,
    signedAt: at,
    contentHash: noteContentHash(note),
    personalSignature: await personalSignatureOf(tx, ctx.practiceId, ctx.actor),
  };
  const next = await writeNote(repo, row, (fields) => ({
    ...fields,
    status: 'Final',
    signedAt: at,
    signatures: [...(note.signatures ?? []), signature],
  }), ['pendingSignatures']);
  return { note: next as Note, warnings: [] };
}
