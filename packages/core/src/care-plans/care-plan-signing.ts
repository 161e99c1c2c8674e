import type { NoteKind } from '../enums.ts';
import { authorAttestation, type NoteAttestation } from '../notes/note-attestation.ts';
import { signatureConfigurationFor } from '../notes/signature-requirements.ts';
import type { SignatureConfiguration } from '../notes/types.ts';
import { sha256Hex } from '../questionnaires/sha256.ts';
import type { CarePlan } from './types.ts';

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
