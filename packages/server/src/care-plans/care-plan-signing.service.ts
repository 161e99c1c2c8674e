import {
  CARE_PLAN_MESSAGES,
  CARE_PLAN_REVISABLE_FIELDS,
  badRequest,
  canonicalJson,
  carePlanAttestation,
  carePlanContentHash,
  carePlanSignatureConfiguration,
  getResourceType,
  hasFlag,
  isCarePlanSigned,
  type CarePlan,
  type CarePlanRevision,
  type CarePlanSignature,
  type SignatureConfiguration,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { requireReason } from '../notes/note-amendment.service.ts';
import { attested, patientSignature, personalSignatureOf, refusedAccess, type SignRequest } from '../notes/note-signing.service.ts';
import { workflowRepository } from '../notes/note-workflow-context.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { systemReader } from '../storage/system-reader.ts';

export const CARE_PLAN = getResourceType('CarePlan')!;

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const refused = (message: string, path: string) => badRequest(message, [{ path, message }]);

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
export async function signCarePlan(tx: Queryable, ctx: RepositoryContext, id: string, request: SignRequest): Promise<CarePlan> {
  const actor = signer(ctx);
  const repo = workflowRepository(tx, ctx);
  const row = await repo.currentForWrite(CARE_PLAN, id, { expectedVersionId: request.versionId });
  const plan = row.body as CarePlan;
  if (isCarePlanSigned(plan)) throw refused(CARE_PLAN_MESSAGES.alreadySigned, 'signatures');
  if (plan.status !== 'Active') throw refused(CARE_PLAN_MESSAGES.notActive, 'status');
  const configurations = await systemReader(tx, ctx).list<SignatureConfiguration>('SignatureConfiguration');
  const configuration = carePlanSignatureConfiguration(plan, configurations);
  const attestation = attested(carePlanAttestation(configuration), request.attestationHash);
  const at = iso(ctx.clock());
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
  if (configuration && configuration.patientSignature !== 'None') {
    // The note's helper answers a Patient or RelatedPerson signature, the same roles a plan has.
    signatures.push(
      (await patientSignature(
        tx,
        ctx.practiceId,
        plan,
        configuration.patientSignature,
        request.patientSignature,
        at,
        hash,
      )) as CarePlanSignature,
    );
  }
  const next = await repo.writeNextVersion(CARE_PLAN, row, (fields) => ({
    ...fields,
    signedAt: at,
    signatures: [...(plan.signatures ?? []), ...signatures],
    ...(configuration && {
      signatureConfiguration: { resourceType: 'SignatureConfiguration', id: configuration.id, display: configuration.name },
    }),
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
  const at = iso(ctx.clock());
  const revised = { ...plan, ...changes } as CarePlan;
  const revision: CarePlanRevision = { reason, author: actor, at, previousVersionId: row.version_id, changedFields: changed };
  const next = await repo.writeNextVersion(CARE_PLAN, row, (fields) => {
    const version: Record<string, unknown> = {
      ...fields,
      ...changes,
      revisions: [...(plan.revisions ?? []), revision],
      signatures: [...(plan.signatures ?? []), { role: 'Reviser', signer: actor, signedAt: at, contentHash: carePlanContentHash(revised) }],
    };
    // A change to null removes an optional field (a review date no longer set).
    for (const key of changed) if (changes[key] === null) delete version[key];
    return version;
  });
  return next as CarePlan;
}
