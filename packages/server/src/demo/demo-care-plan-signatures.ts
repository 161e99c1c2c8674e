import {
  addDays,
  carePlanContentHash,
  carePlanPendingSignatures,
  type CarePlan,
  type CarePlanSignature,
  type Practitioner,
  type Reference,
  type SignatureConfiguration,
  isoInstant,
} from '@caseload/core';

/** Days a supervisor takes to co-sign a supervisee's plan in the demo: newer plans still wait. */
const CO_SIGN_AFTER_DAYS = 3;

/** Whether the patient signed their plan with the clinician (one plan in four, by the patient's number). */
export const isPatientSignedPlan = (n: number) => n % 4 === 1;

/**
 * The signatures beyond the clinician's on a demo plan as signed, as the sign, patient-signature
 * and co-sign calls write them (care-plan-signing.service.ts): the patient signs one plan in four
 * in the session it was written (on the clinic's tablet, the version the clinician signed); a
 * plan whose configuration owes a supervisor's co-signature (an unlicensed clinician under the
 * demo's "Supervisor co-signs for unlicensed staff") is co-signed three days later, or still
 * awaits it when newer. Drawn images are left out: the demo stores no signature pictures.
 */
export function withDemoPlanSignatures(
  signed: CarePlan,
  n: number,
  clinician: Pick<Practitioner, 'display' | 'licences' | 'supervisors'>,
  configuration: SignatureConfiguration | undefined,
  today: string,
): CarePlan {
  const at = signed.signedAt ?? signed.created ?? `${today}T12:00:00Z`;
  const day = at.slice(0, 10);
  const hash = carePlanContentHash(signed);
  const signatures: CarePlanSignature[] = [...(signed.signatures ?? [])];
  const patientSigned = isPatientSignedPlan(n);
  if (patientSigned) {
    signatures.push({
      role: 'Patient',
      signer: signed.patient,
      signedAt: isoInstant(new Date(Date.parse(at) + 10 * 60_000)),
      contentHash: hash,
      versionId: signed.meta.versionId,
      device: 'Clinic tablet, front office',
    });
  }
  let pending = carePlanPendingSignatures({ configuration, clinician, date: day, patientSigned });
  const coSign = pending.find((p) => p.role === 'CoSigner');
  const coSignDay = addDays(day, CO_SIGN_AFTER_DAYS);
  if (coSign && coSign.signers.length > 0 && coSignDay < today) {
    const supervisor: Reference = coSign.signers[0]!;
    signatures.push({
      role: 'CoSigner',
      signer: supervisor,
      signedAt: `${coSignDay}T21:00:00Z`,
      contentHash: hash,
      ...(coSign.attestation && { attestation: coSign.attestation }),
    });
    pending = pending.filter((p) => p.role !== 'CoSigner');
  }
  const plan: CarePlan = { ...signed, signatures };
  if (pending.length) plan.pendingSignatures = pending;
  return plan;
}
