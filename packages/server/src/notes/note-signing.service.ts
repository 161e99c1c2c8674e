import { applyAudioRetention } from '../scribe/audio-retention.ts';
import {
  AppError,
  ErrorCodes,
  MESSAGES,
  NOTE_MESSAGES,
  authorAttestation,
  badRequest,
  blockingResults,
  coSignerAttestation,
  evaluateNoteCompleteness,
  evaluateNoteRules,
  frozenMessage,
  type SignAnswer,
  hasFlag,
  noteContentHash,
  owedCoSignerAttestation,
  serviceDate,
  signatureRequirements,
  type Encounter,
  type Note,
  type NoteAttestation,
  type NoteSignature,
  type PendingSignature,
  type PersonalSignature,
  type Practitioner,
  type Reference,
  type SignatureConfiguration,
  isoInstant,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { SystemReader, systemReader } from '../storage/system-reader.ts';
import { settleAppointmentOnSigning } from '../scheduling/appointment-note.service.ts';
import { recordNoteOutcomes } from '../care-plans/note-outcomes.ts';
import { recordNoteAssessments } from './note-assessment-responses.ts';
import { loadCompleteness } from './note-completeness-context.ts';
import { loadRuleContext } from './note-rule-context.ts';
import { ENCOUNTER, NOTE, workflowRepository, writeNote } from './note-workflow-context.ts';

/** `POST Notes/{id}/sign` body. */
export interface SignRequest {
  versionId: string;
  /** The sha-256 of the attestation the signer was shown (`authorAttestation(...).hash`). */
  attestationHash: unknown;
  /** Given on the device at signing when the configuration asks for the patient's signature. */
  patientSignature?: { signer: Reference; image?: Reference };
}

/** 403 with the product's message; the reason goes in `issues` (and the audit trail). */
export function refusedAccess(reason: string, path: string): AppError {
  return new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden, { cause: reason, issues: [{ path, message: reason }] });
}

/** The signer's newest stored signature image, if any. */
export async function personalSignatureOf(db: Queryable, practiceId: string, actor: Reference): Promise<Reference | undefined> {
  const found = await new SystemReader(db, practiceId).list<PersonalSignature>('PersonalSignature', {
    filters: [{ field: 'owner.id', op: 'eq', value: actor.id }],
  });
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
  return new SystemReader(db, practiceId).exists('Media', { partition, ids: [image.id] });
}

/**
 * The attestation a signer gives, or a 400: the call must carry the hash of the words the signer
 * was shown, and they must be the words that apply now (a practice that rewords its attestation
 * while a clinician reads the old one gets the new one shown first).
 */
export function attested(expected: NoteAttestation, given: unknown): NoteAttestation {
  if (typeof given !== 'string' || !given) {
    throw badRequest('attestationHash is a required field', [{ path: 'attestationHash', message: 'attestationHash is a required field' }]);
  }
  if (given !== expected.hash)
    throw badRequest(NOTE_MESSAGES.attestationChanged, [{ path: 'attestationHash', message: NOTE_MESSAGES.attestationChanged }]);
  return expected;
}

/** The words `patientSignature` refuses with: a note's, or (care plans) the caller's own. */
export interface PatientSignatureWords {
  required: string;
  relatedPersonNotAllowed: string;
  signer: string;
}

const NOTE_PATIENT_SIGNATURE_WORDS: PatientSignatureWords = {
  required: NOTE_MESSAGES.patientSignatureRequired,
  relatedPersonNotAllowed: NOTE_MESSAGES.relatedPersonNotAllowed,
  signer: 'patientSignature.signer must be the patient or one of their related persons.',
};

/**
 * The patient's (or a related person's) signature the configuration asks for on a note or a care
 * plan of the chart, or a 400: the signer is the chart's patient or a RelatedPerson stored in the
 * same chart (someone else's related person has no say in this chart), and the drawn image a
 * Media of the chart.
 */
export async function patientSignature(
  db: Queryable,
  practiceId: string,
  note: Pick<Note, 'partition'>,
  wanted: 'Patient' | 'PatientOrRelatedPerson',
  given: SignRequest['patientSignature'],
  at: string,
  hash: string,
  words: PatientSignatureWords = NOTE_PATIENT_SIGNATURE_WORDS,
): Promise<NoteSignature> {
  const signer = given?.signer;
  if (!signer || !given.image) throw badRequest(words.required, [{ path: 'patientSignature', message: words.required }]);
  if (signer.resourceType === 'RelatedPerson' && wanted === 'Patient') {
    throw badRequest(words.relatedPersonNotAllowed, [{ path: 'patientSignature.signer', message: words.relatedPersonNotAllowed }]);
  }
  const isPatient = signer.resourceType === 'Patient' && signer.id === note.partition;
  const isRelated =
    signer.resourceType === 'RelatedPerson' &&
    typeof signer.id === 'string' &&
    (await new SystemReader(db, practiceId).exists('RelatedPerson', { partition: note.partition, ids: [signer.id] }));
  if (!isPatient && !isRelated) throw badRequest(words.signer, [{ path: 'patientSignature.signer', message: words.signer }]);
  if (!(await isChartMedia(db, practiceId, note.partition, given.image))) {
    throw badRequest(NOTE_MESSAGES.patientSignatureImage, [
      { path: 'patientSignature.image', message: NOTE_MESSAGES.patientSignatureImage },
    ]);
  }
  return {
    role: signer.resourceType === 'Patient' ? 'Patient' : 'RelatedPerson',
    signer,
    image: given.image,
    signedAt: at,
    contentHash: hash,
  };
}

/** The Co-sign notes flag, checked before the document is looked up (without it every id answers alike). */
export function requireCoSignFlag(ctx: RepositoryContext): void {
  if (!hasFlag(ctx.access.principal.permissions, 'clinical', 'CoSignNote'))
    throw refusedAccess('the Co-sign notes grant set is required', 'pendingSignatures');
}

/**
 * A supervisor's co-signature on a note or a care plan awaiting one (`owed`, its pending entry):
 * the caller must be one of the supervisors it lists and attest the wording it carries
 * (`attestationHash`). 400 when none is owed, 403 for anyone else.
 */
export async function coSignatureBy(
  tx: Queryable,
  ctx: RepositoryContext,
  owed: Pick<PendingSignature, 'signers' | 'attestation'> | undefined,
  request: { attestationHash: unknown },
  contentHash: string,
  words: { noneOwed: string; notSupervisor: string },
): Promise<NoteSignature> {
  if (!owed) throw badRequest(words.noneOwed, [{ path: 'pendingSignatures', message: words.noneOwed }]);
  if (!ctx.actor || !owed.signers.some((s) => s.id === ctx.actor!.id)) throw refusedAccess(words.notSupervisor, 'pendingSignatures');
  const attestation = attested(owedCoSignerAttestation(owed), request.attestationHash);
  return {
    role: 'CoSigner',
    signer: ctx.actor,
    signedAt: isoInstant(ctx.clock()),
    contentHash,
    personalSignature: await personalSignatureOf(tx, ctx.practiceId, ctx.actor),
    attestation,
  };
}

/**
 * Signs a note as its author. What the note's definition requires (core
 * `evaluateNoteCompleteness`) and the practice's Active rules are checked again here: anything
 * missing, and any blocking rule, refuses the call (400; the first message as the detail, each
 * missing field and blocking result as an issue at its path; nothing stored). The signer attests
 * the configuration's wording (`attestationHash`), recorded on the signature. The signature
 * configuration decides what else is owed: a supervisor's co-signature leaves the note
 * Preliminary with `pendingSignatures` (and frozen); otherwise it becomes Final. Signing marks
 * the note Complete.
 */
export async function signNote(tx: Queryable, ctx: RepositoryContext, id: string, request: SignRequest): Promise<SignAnswer> {
  // The permission before the note is looked up: without it every id answers alike.
  if (!hasFlag(ctx.access.principal.permissions, 'clinical', 'SignNote'))
    throw refusedAccess('the Sign notes grant set is required', 'author');
  const repo = workflowRepository(tx, ctx);
  const row = await repo.currentForWrite(NOTE, id, { expectedVersionId: request.versionId });
  const note = row.body as Note;
  if (frozenMessage(note)) throw badRequest(NOTE_MESSAGES.alreadySigned, [{ path: 'status', message: NOTE_MESSAGES.alreadySigned }]);
  if (!ctx.actor || ctx.actor.id !== note.author?.id) throw refusedAccess(NOTE_MESSAGES.notAuthor, 'author');

  // The note's own session: an encounter of another chart is not this note's (404).
  const encounter = (await repo.read(ENCOUNTER, note.encounter.id, note.partition)) as Encounter;
  const now = ctx.clock();
  const { context, rules, preferences } = await loadRuleContext(tx, ctx, note, encounter, now);
  const results = evaluateNoteRules(rules, context);
  const { definition, forms, activeCarePlans } = await loadCompleteness(tx, ctx.practiceId, note);
  const issues = [
    ...evaluateNoteCompleteness({ note, encounter, definition, preferences, forms, activeCarePlans }),
    ...blockingResults(results).map((r) => ({ path: r.field, message: r.message })),
  ];
  if (issues.length) throw badRequest(issues[0]!.message, issues);

  const system = systemReader(tx, ctx);
  const author = await system.get<Practitioner>('Practitioner', note.author.id);
  const configurations = await system.list<SignatureConfiguration>('SignatureConfiguration');
  const needs = signatureRequirements({
    note,
    encounter,
    author: {
      id: note.author.id,
      display: author?.display ?? note.author.display,
      licences: author?.licences,
      supervisors: author?.supervisors,
    },
    configurations,
    excludedServiceTypeIds: preferences.signatureServiceTypeExclusions,
    date: serviceDate(context),
  });
  if (needs.coSign && needs.coSign.signers.length === 0) {
    const message = NOTE_MESSAGES.noSupervisor(author?.display ?? note.author.display ?? 'The author');
    throw badRequest(message, [{ path: 'author', message }]);
  }
  const attestation = attested(authorAttestation(needs.configuration), request.attestationHash);
  const at = isoInstant(now);
  const signed: Note = { ...note, completion: 'Complete' };
  const hash = noteContentHash(signed);
  const signatures: NoteSignature[] = [
    {
      role: 'Author',
      signer: ctx.actor,
      signedAt: at,
      contentHash: hash,
      personalSignature: await personalSignatureOf(tx, ctx.practiceId, ctx.actor),
      attestation,
    },
  ];
  if (needs.patient) signatures.push(await patientSignature(tx, ctx.practiceId, note, needs.patient, request.patientSignature, at, hash));
  const next = await writeNote(
    repo,
    row,
    (fields) => ({
      ...fields,
      completion: 'Complete',
      signatures: [...(note.signatures ?? []), ...signatures],
      ...(needs.configuration && {
        signatureConfiguration: { resourceType: 'SignatureConfiguration', id: needs.configuration.id, display: needs.configuration.name },
      }),
      ...(needs.coSign
        ? {
            status: 'Preliminary',
            pendingSignatures: [
              {
                role: 'CoSigner',
                signers: needs.coSign.signers,
                reason: needs.coSign.reason,
                attestation: coSignerAttestation(needs.configuration),
              },
            ],
          }
        : { status: 'Final', signedAt: at }),
    }),
    needs.coSign ? [] : ['pendingSignatures'],
  );
  const responses = await recordNoteAssessments(tx, ctx, next as Note);
  const final = await recordNoteOutcomes(tx, ctx, next as Note, responses);
  await settleAppointmentOnSigning(repo, encounter, preferences);
  await applyAudioRetention(tx, ctx, final, preferences.scribeAudioRetention);
  return { note: final, warnings: results.filter((r) => r.severity === 'warn') };
}

/**
 * Co-signs a note awaiting its co-signature, as one of the author's supervisors on the session
 * date (listed in `pendingSignatures`), attesting the co-signer's wording the pending signature
 * carries (`attestationHash`). The note becomes Final.
 */
export async function coSignNote(
  tx: Queryable,
  ctx: RepositoryContext,
  id: string,
  request: { versionId: string; attestationHash: unknown },
): Promise<SignAnswer> {
  requireCoSignFlag(ctx);
  const repo = workflowRepository(tx, ctx);
  const row = await repo.currentForWrite(NOTE, id, { expectedVersionId: request.versionId });
  const note = row.body as Note;
  const owed = note.status === 'Preliminary' ? note.pendingSignatures?.find((p) => p.role === 'CoSigner') : undefined;
  const signature = await coSignatureBy(tx, ctx, owed, request, noteContentHash(note), {
    noneOwed: NOTE_MESSAGES.noCoSignOwed,
    notSupervisor: NOTE_MESSAGES.notSupervisor,
  });
  const at = signature.signedAt;
  const next = await writeNote(
    repo,
    row,
    (fields) => ({
      ...fields,
      status: 'Final',
      signedAt: at,
      signatures: [...(note.signatures ?? []), signature],
    }),
    ['pendingSignatures'],
  );
  return { note: next as Note, warnings: [] };
}
