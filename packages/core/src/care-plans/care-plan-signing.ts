import type { NoteKind } from '../enums.ts';
import { authorAttestation, coSignerAttestation, type NoteAttestation } from '../notes/note-attestation.ts';
import { coSignRequirement, signatureConfigurationFor } from '../notes/signature-requirements.ts';
import type { SignatureConfiguration } from '../notes/types.ts';
import type { Practitioner } from '../people/types.ts';
import { sha256Hex } from '../questionnaires/sha256.ts';
import { carePlanContentHash } from './care-plan-structure.ts';
import type { CarePlan, CarePlanPendingSignature, CarePlanSignature } from './types.ts';

/** What a clinician attests signing a plan when the configuration words nothing of its own. */
export const DEFAULT_CARE_PLAN_ATTESTATION =
  'I attest that I developed this care plan with the patient and that it reflects their assessed needs and the agreed goals of treatment.';

/**
 * The signature configuration governing a plan: the notes' own matching (Active, most specific
 * first) on the plan's program. A configuration limited to note kinds governs those notes only,
 * so a plan is matched as a kind no configuration lists.
 */
export function carePlanSignatureConfiguration(
  plan: Pick<CarePlan, 'program'>,
  configurations: readonly SignatureConfiguration[],
): SignatureConfiguration | undefined {
  return signatureConfigurationFor({ note: { kind: 'CarePlan' as NoteKind }, encounter: { program: plan.program }, configurations });
}

/** The words a clinician attests signing a plan under `configuration`: its author attestation when worded, else the plan default. */
export function carePlanAttestation(configuration: SignatureConfiguration | undefined): NoteAttestation {
  if (configuration?.authorAttestation?.trim()) return authorAttestation(configuration);
  return { text: DEFAULT_CARE_PLAN_ATTESTATION, hash: sha256Hex(DEFAULT_CARE_PLAN_ATTESTATION) };
}

/** What a co-signing supervisor attests on a plan when the configuration words nothing of its own. */
export const DEFAULT_CARE_PLAN_CO_SIGNER_ATTESTATION =
  "I attest that I reviewed this care plan as the clinician's supervisor and that I agree with its goals and interventions.";

/** The words a supervisor attests co-signing a plan under `configuration`: its co-signer attestation when worded, else the plan default. */
export function carePlanCoSignerAttestation(configuration: SignatureConfiguration | undefined): NoteAttestation {
  if (configuration?.coSignerAttestation?.trim()) return coSignerAttestation(configuration);
  return { text: DEFAULT_CARE_PLAN_CO_SIGNER_ATTESTATION, hash: sha256Hex(DEFAULT_CARE_PLAN_CO_SIGNER_ATTESTATION) };
}

/**
 * The signatures a clinician's signature leaves owed on a plan under `configuration`, in the
 * notes' terms: a supervisor's co-signature by the notes' own rule (`coSignRequirement`, on the
 * signing day), and the patient's when the configuration asks and it was not given at signing.
 */
export function carePlanPendingSignatures(input: {
  configuration: SignatureConfiguration | undefined;
  clinician: Pick<Practitioner, 'display' | 'licences' | 'supervisors'>;
  /** yyyy-MM-dd: the signing day on the practice's calendar. */
  date: string;
  patientSigned: boolean;
}): CarePlanPendingSignature[] {
  const { configuration } = input;
  if (!configuration) return [];
  const pending: CarePlanPendingSignature[] = [];
  const coSign = coSignRequirement(configuration, input.clinician, input.date);
  if (coSign) pending.push({ role: 'CoSigner', ...coSign, attestation: carePlanCoSignerAttestation(configuration) });
  if (configuration.patientSignature !== 'None' && !input.patientSigned)
    pending.push({ role: 'Patient', who: configuration.patientSignature, reason: patientOwedReason(configuration) });
  return pending;
}

const patientOwedReason = (configuration: SignatureConfiguration) =>
  `The signature configuration “${configuration.name}” asks for the ` +
  (configuration.patientSignature === 'Patient' ? "patient's signature." : "patient's or a related person's signature.");

/** The co-signature a plan awaits, if any. */
export const owedCarePlanCoSignature = (plan: Pick<CarePlan, 'pendingSignatures'>) =>
  plan.pendingSignatures?.find((p): p is Extract<CarePlanPendingSignature, { role: 'CoSigner' }> => p.role === 'CoSigner');

/** The patient's signature a plan awaits, if any. */
export const owedCarePlanPatientSignature = (plan: Pick<CarePlan, 'pendingSignatures'>) =>
  plan.pendingSignatures?.find((p): p is Extract<CarePlanPendingSignature, { role: 'Patient' }> => p.role === 'Patient');

/**
 * The patient's and related persons' signatures on the plan's current content: a signature given
 * before a revision signed the content revised, not this one.
 */
export function currentPatientSignatures(plan: CarePlan): CarePlanSignature[] {
  const hash = carePlanContentHash(plan);
  return (plan.signatures ?? []).filter((s) => (s.role === 'Patient' || s.role === 'RelatedPerson') && s.contentHash === hash);
}
