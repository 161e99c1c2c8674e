import { getResourceType, practiceTimeZone, type CarePlan, type Patient } from '@caseload/core';
import type { FastifyInstance } from 'fastify';
import { exportAudit } from '../audit/resource-audit.ts';
import type { ResourceScope } from '../http/resource-scope.ts';
import { printoutPreferences, resolveNames, signatureImagesOf } from '../notes/note-printout.service.ts';
import { practiceName } from '../storage/practice-names.ts';
import { renderCarePlanPdf } from './care-plan-printout.pdf.ts';
import { CARE_PLAN } from './care-plan-signing.service.ts';

const PATIENT = getResourceType('Patient')!;

/**
 * The printout of a care plan as a PDF (`GET CarePlans/{id}/printout`), with its signatures (the
 * clinician's personal signature image, a patient's drawn one) and its revisions. A practice that
 * turned printouts off (allowNotePrintout) gets 403 here too: a plan is as much a clinical document
 * as a note. The plan and patient are read as the caller (checked and audited as reads) and the
 * printout is audited as an export.
 */
export async function carePlanPrintout(
  app: FastifyInstance,
  scope: ResourceScope,
  id: string,
): Promise<{ bytes: Buffer; fileName: string }> {
  const { ctx, repo } = scope;
  const preferences = await printoutPreferences(ctx);
  const plan = (await repo.read(CARE_PLAN, id)) as CarePlan;
  const patient = (await repo.read(PATIENT, plan.partition)) as Patient;
  const signatureImages = await signatureImagesOf(app, repo, ctx.practiceId, plan.signatures ?? []);
  const names = await resolveNames(repo, [
    ctx.actor,
    plan.author,
    ...(plan.careTeam ?? []),
    ...plan.elements.flatMap((e) => e.responsible ?? []),
    ...(plan.signatures ?? []).map((s) => s.signer),
    ...(plan.revisions ?? []).map((r) => r.author),
  ]);
  const bytes = await renderCarePlanPdf({
    practiceName: await practiceName(ctx.db, ctx.practiceId),
    plan,
    patient,
    timeZone: practiceTimeZone(preferences),
    militaryTime: preferences.militaryTimeInPrintouts,
    signatureImages,
    names,
    printedBy: (ctx.actor && names.get(`${ctx.actor.resourceType}/${ctx.actor.id}`)) ?? ctx.actor?.display ?? ctx.actor?.id ?? 'system',
    printedAt: ctx.clock(),
    patientLabel: preferences.labels.patient.singular,
  });
  await ctx.audit.record(
    exportAudit(ctx, {
      description: `Care plan printout: CarePlan/${plan.id} version ${plan.meta.versionId} as PDF.`,
      entity: { resourceType: 'CarePlan', id: plan.id, versionId: plan.meta.versionId },
      patientId: plan.partition,
    }),
  );
  return { bytes, fileName: `care-plan-${plan.id}.pdf` };
}
