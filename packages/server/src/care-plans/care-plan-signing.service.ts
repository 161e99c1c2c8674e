import {
  AppError,
  CARE_PLAN_MESSAGES,
  ErrorCodes,
  CARE_PLAN_REVISABLE_FIELDS,
  badRequest,
  canonicalJson,
  carePlanAttestation,
  carePlanContentHash,
  carePlanPendingSignatures,
  carePlanSignatureConfiguration,
  localDate,
  owedCarePlanCoSignature,
  owedCarePlanPatientSignature,
  practiceTimeZone,
  getResourceType,
  hasFlag,
  isCarePlanSigned,
  type CarePlan,
  type CarePlanRevision,
  type CarePlanSignature,
  type PatientSignatureBody,
  type Practitioner,
  type SignatureConfiguration,
  isoInstant,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { requireReason } from '../notes/note-amendment.service.ts';
import {
  attested,
  coSignatureBy,
  patientSignature,
  personalSignatureOf,
  refusedAccess,
  requireCoSignFlag,
  type PatientSignatureWords,
  type SignRequest,
} from '../notes/note-signing.service.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import { workflowRepository } from '../notes/note-workflow-context.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { systemReader } from '../storage/system-reader.ts';

export const CARE_PLAN = getResourceType('CarePlan')!;

const refused = (message: string, path: string) => badRequest(message, [{ path, message }]);

/** The patient signature helper's refusals, worded for a plan. */
const PLAN_PATIENT_WORDS: PatientSignatureWords = {
  required: "This care plan needs the patient's signature: give patientSignature with the signed image.",
  relatedPersonNotAllowed: CARE_PLAN_MESSAGES.patientOnly,
  signer: `patientSignature.${CARE_PLAN_MESSAGES.patientSigner}`,
};

/** The device a signature was drawn on, as its browser describes itself (the request's User-Agent). */
const device = (userAgent: string | undefined): { device?: string } => {
  const agent = userAgent?.trim().slice(0, 500);
  return agent ? { device: agent } : {};
};

/** `POST CarePlans/{id}/revise` body. */
export interface ReviseRequest {
  versionId: string;
  reason: string;
  /** New values of the revisable fields (`CARE_PLAN_REVISABLE_FIELDS`). */
  changes: Record<string, unknown>;
}

/** The caller as a plan's signer: a practitioner holding the Sign notes flag (a plan is signed like a note). */
function signer(ctx: RepositoryContext) {
  if (!hasFlag(ctx.access.principal.permissions, 'clinical', 'SignNote'))
    throw refusedAccess('the Sign notes grant set is required', 'signatures');
  if (ctx.actor?.resourceType !== 'Practitioner') throw refusedAccess(CARE_PLAN_MESSAGES.notClinician, 'signatures');
  return ctx.actor;
}

/**
 * Signs an Active, unsigned plan as a clinician (docs/care-plans.md, "Signatures"), through the
 * note calls' machinery: the signature configuration matched on the plan's program decides the
 * attestation (`attestationHash` must be the hash of the words shown) and whether the patient or
 * a related person signs too (their drawn image a Media of this chart). The plan is then frozen:
 * later changes are revisions with a reason.
 */
export async function signCarePlan(
  tx: Queryable,
  ctx: RepositoryContext,
  id: string,
  request: SignRequest,
  userAgent?: string,
): Promise<CarePlan> {
  const actor = signer(ctx);
  const repo = workflowRepository(tx, ctx);
  const row = await repo.currentForWrite(CARE_PLAN, id, { expectedVersionId: request.versionId });
  const plan = row.body as CarePlan;
  if (isCarePlanSigned(plan)) throw refused(CARE_PLAN_MESSAGES.alreadySigned, 'signatures');
  if (plan.status !== 'Active') throw refused(CARE_PLAN_MESSAGES.notActive, 'status');
  const configurations = await systemReader(tx, ctx).list<SignatureConfiguration>('SignatureConfiguration');
  const configuration = carePlanSignatureConfiguration(plan, configurations);
  const attestation = attested(carePlanAttestation(configuration), request.attestationHash);
  const at = isoInstant(ctx.clock());
  const hash = carePlanContentHash(plan);
  const signatures: CarePlanSignature[] = [
    {
      role: 'Clinician',
      signer: actor,
      signedAt: at,
      contentHash: hash,
      personalSignature: await personalSignatureOf(tx, ctx.practiceId, actor),
      attestation,
    },
  ];
  // Given at signing when the clinician has it; otherwise it is owed, and taken on the plan's view.
  if (configuration && configuration.patientSignature !== 'None' && request.patientSignature) {
    const given = await patientSignature(
      tx,
      ctx.practiceId,
      plan,
      configuration.patientSignature,
      request.patientSignature,
      at,
      hash,
      PLAN_PATIENT_WORDS,
    );
    signatures.push({ ...given, versionId: row.version_id, ...device(userAgent) } as CarePlanSignature);
  }
  const clinician = await systemReader(tx, ctx).get<Practitioner>('Practitioner', actor.id);
  const preferences = await loadPracticePreferences(tx, ctx.practiceId);
  const pendingSignatures = carePlanPendingSignatures({
    configuration,
    clinician: { display: clinician?.display ?? actor.display, licences: clinician?.licences, supervisors: clinician?.supervisors },
    date: localDate(ctx.clock(), practiceTimeZone(preferences)),
    patientSigned: signatures.length > 1,
  });
  const coSign = pendingSignatures.find((p) => p.role === 'CoSigner');
  if (coSign && coSign.signers.length === 0) {
    const message = CARE_PLAN_MESSAGES.noSupervisor(clinician?.display ?? actor.display ?? 'The clinician');
    throw refused(message, 'signatures');
  }
  const next = await repo.writeNextVersion(CARE_PLAN, row, (fields) => ({
    ...fields,
    signedAt: at,
    signatures: [...(plan.signatures ?? []), ...signatures],
    ...(configuration && {
      signatureConfiguration: { resourceType: 'SignatureConfiguration', id: configuration.id, display: configuration.name },
    }),
    ...(pendingSignatures.length > 0 && { pendingSignatures }),
  }));
  return next as CarePlan;
}

/**
 * Revises a signed plan, exactly as a note is amended: a new version with the changes, a
 * revision entry (reason, who, when, the version revised and the fields changed) and the
 * reviser's signature over the new content; the revised version stays readable in history. The
 * plan's write rules still check the result (a revision cannot break the tree).
 */
export async function reviseCarePlan(tx: Queryable, ctx: RepositoryContext, id: string, request: ReviseRequest): Promise<CarePlan> {
  const reason = requireReason(request.reason);
  const changes = request.changes;
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) throw refused(CARE_PLAN_MESSAGES.noChanges, 'changes');
  const unknown = Object.keys(changes).find((k) => !(CARE_PLAN_REVISABLE_FIELDS as readonly string[]).includes(k));
  if (unknown) throw refused(CARE_PLAN_MESSAGES.unknownChange(unknown), `changes.${unknown}`);
  const actor = signer(ctx);
  const repo = workflowRepository(tx, ctx);
  const row = await repo.currentForWrite(CARE_PLAN, id, { expectedVersionId: request.versionId });
  const plan = row.body as CarePlan;
  if (!isCarePlanSigned(plan)) throw refused(CARE_PLAN_MESSAGES.notSigned, 'signatures');
  const changed = Object.keys(changes).filter((k) => canonicalJson(changes[k]) !== canonicalJson(plan[k]));
  if (changed.length === 0) throw refused(CARE_PLAN_MESSAGES.noChanges, 'changes');
  const at = isoInstant(ctx.clock());
  const revised = { ...plan, ...changes } as CarePlan;
  const revision: CarePlanRevision = { reason, author: actor, at, previousVersionId: row.version_id, changedFields: changed };
  const pending = await pendingAfterRevision(tx, ctx, plan);
  const next = await repo.writeNextVersion(CARE_PLAN, row, (fields) => {
    const version: Record<string, unknown> = {
      ...fields,
      ...changes,
      revisions: [...(plan.revisions ?? []), revision],
      signatures: [...(plan.signatures ?? []), { role: 'Reviser', signer: actor, signedAt: at, contentHash: carePlanContentHash(revised) }],
      ...(pending.length > 0 && { pendingSignatures: pending }),
    };
    if (pending.length === 0) delete version.pendingSignatures;
    // A change to null removes an optional field (a review date no longer set).
    for (const key of changed) if (changes[key] === null) delete version[key];
    return version;
  });
  return next as CarePlan;
}

/**
 * What a revised plan owes: a co-signature still owed stays owed; and when the plan's signature
 * configuration asks for the patient's signature, the patient signed the content revised, not
 * this one, so it is owed again.
 */
async function pendingAfterRevision(tx: Queryable, ctx: RepositoryContext, plan: CarePlan) {
  const kept = (plan.pendingSignatures ?? []).filter((p) => p.role === 'CoSigner');
  const id = plan.signatureConfiguration?.id;
  const configuration = id ? await systemReader(tx, ctx).get<SignatureConfiguration>('SignatureConfiguration', id) : undefined;
  if (!configuration || configuration.patientSignature === 'None') return kept;
  return [
    ...kept,
    ...carePlanPendingSignatures({ configuration, clinician: {}, date: '', patientSigned: false }).filter((p) => p.role === 'Patient'),
  ];
}

/** The version a signer was shown, or a 409 saying the plan was revised since (the signer must see what they sign). */
async function currentRevision(repo: ReturnType<typeof workflowRepository>, id: string, versionId: string) {
  const row = await repo.currentForWrite(CARE_PLAN, id);
  if (row.version_id !== versionId) {
    throw new AppError(ErrorCodes.Conflict, CARE_PLAN_MESSAGES.staleRevision, {
      issues: [{ path: 'versionId', message: CARE_PLAN_MESSAGES.staleRevision }],
    });
  }
  return row;
}

/** `POST CarePlans/{id}/patient-signature` body. */
export interface PlanPatientSignRequest {
  versionId: string;
  patientSignature: PatientSignatureBody;
}

/**
 * The patient's (or a related person's) signature on the plan's current revision, drawn on the
 * clinician's device and handed over (docs/care-plans.md, "Patient signatures"). The plan must be
 * signed by its clinician; the signer is the plan's patient or one of their related persons (only
 * the patient when the configuration says so); the image a Media of the chart. The signature
 * records the version shown and the device; a patient signature owed is then settled.
 */
export async function patientSignCarePlan(
  tx: Queryable,
  ctx: RepositoryContext,
  id: string,
  request: PlanPatientSignRequest,
  userAgent?: string,
): Promise<CarePlan> {
  const repo = workflowRepository(tx, ctx);
  const row = await currentRevision(repo, id, request.versionId);
  const plan = row.body as CarePlan;
  if (!isCarePlanSigned(plan)) throw refused(CARE_PLAN_MESSAGES.patientSignsSignedPlan, 'signatures');
  const wanted = owedCarePlanPatientSignature(plan)?.who ?? 'PatientOrRelatedPerson';
  const at = isoInstant(ctx.clock());
  const given = await patientSignature(
    tx,
    ctx.practiceId,
    plan,
    wanted,
    request.patientSignature,
    at,
    carePlanContentHash(plan),
    PLAN_PATIENT_WORDS,
  );
  const signature = { ...given, versionId: row.version_id, ...device(userAgent) } as CarePlanSignature;
  const pending = (plan.pendingSignatures ?? []).filter((p) => p.role !== 'Patient');
  const next = await repo.writeNextVersion(CARE_PLAN, row, (fields) => {
    const version: Record<string, unknown> = { ...fields, signatures: [...(plan.signatures ?? []), signature], pendingSignatures: pending };
    if (pending.length === 0) delete version.pendingSignatures;
    return version;
  });
  return next as CarePlan;
}

/**
 * A supervisor's co-signature on a plan awaiting one, exactly as a note's (`coSignatureBy`): the
 * Co-sign notes flag, one of the supervisors listed when the clinician signed, attesting the
 * wording recorded then.
 */
export async function coSignCarePlan(
  tx: Queryable,
  ctx: RepositoryContext,
  id: string,
  request: { versionId: string; attestationHash: unknown },
): Promise<CarePlan> {
  requireCoSignFlag(ctx);
  const repo = workflowRepository(tx, ctx);
  const row = await currentRevision(repo, id, request.versionId);
  const plan = row.body as CarePlan;
  const signature = await coSignatureBy(tx, ctx, owedCarePlanCoSignature(plan), request, carePlanContentHash(plan), {
    noneOwed: CARE_PLAN_MESSAGES.noCoSignOwed,
    notSupervisor: CARE_PLAN_MESSAGES.notSupervisor,
  });
  const pending = (plan.pendingSignatures ?? []).filter((p) => p.role !== 'CoSigner');
  const next = await repo.writeNextVersion(CARE_PLAN, row, (fields) => {
    const version: Record<string, unknown> = {
      ...fields,
      signatures: [...(plan.signatures ?? []), signature as CarePlanSignature],
      pendingSignatures: pending,
    };
    if (pending.length === 0) delete version.pendingSignatures;
    return version;
  });
  return next as CarePlan;
}
