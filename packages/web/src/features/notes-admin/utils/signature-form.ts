import { applyFormLocale, NoteKinds, type NoteKind, type Reference, type SignatureConfiguration } from '@caseload/core';
import { array, boolean, object, string, type ObjectSchema } from '../../../ui/yup.ts';

// The web bundle keeps only what it uses of core (sideEffects: false), so the product's yup messages
// and rules (SPEC.md section 5, `unique`) are put in place here, before these schemas are built.
applyFormLocale();

export type CoSignature = SignatureConfiguration['supervisorCoSignature'];
export type PatientSignature = SignatureConfiguration['patientSignature'];

/** The choices of who co-signs, each with what it means. */
export const CO_SIGNATURE_CHOICES: readonly { value: CoSignature; label: string; help: string }[] = [
  { value: 'Never', label: 'No co-signature', help: 'The author signs alone.' },
  {
    value: 'UnlicensedAuthors',
    label: 'Supervisor co-signs for unlicensed staff',
    help: "When the author has no licence in force on the session date, one of the author's supervisors co-signs before the note is final.",
  },
  { value: 'Always', label: 'Supervisor always co-signs', help: "Every note waits for one of the author's supervisors." },
];

/** The choices of a patient-side signature. */
export const PATIENT_SIGNATURE_CHOICES: readonly { value: PatientSignature; label: string; help: string }[] = [
  { value: 'None', label: 'No patient signature', help: 'Only staff sign.' },
  { value: 'Patient', label: 'The patient signs', help: 'The patient signs on the device when the note is signed.' },
  {
    value: 'PatientOrRelatedPerson',
    label: 'The patient or a related person signs',
    help: 'A parent, guardian or other related person may sign instead.',
  },
];

export interface SignatureFormValues {
  name: string;
  noteKinds: NoteKind[];
  programs: string[];
  serviceTypes: string[];
  authorSignature: boolean;
  supervisorCoSignature: CoSignature;
  patientSignature: PatientSignature;
  serviceTypeExclusions: string[];
  /** Blank: the default wording (core DEFAULT_AUTHOR_ATTESTATION). */
  authorAttestation: string;
  /** Blank: the default wording (core DEFAULT_CO_SIGNER_ATTESTATION). */
  coSignerAttestation: string;
}

const ids = (refs: readonly Reference[] | undefined) => (refs ?? []).map((r) => r.id);

/** The form's values for a stored configuration (or a new one: the author signs, nobody else). */
export function signatureFormValues(c: SignatureConfiguration | undefined): SignatureFormValues {
  return {
    name: c?.name ?? '',
    noteKinds: [...(c?.noteKinds ?? [])],
    programs: ids(c?.programs),
    serviceTypes: ids(c?.serviceTypes),
    authorSignature: c?.authorSignature ?? true,
    supervisorCoSignature: c?.supervisorCoSignature ?? 'Never',
    patientSignature: c?.patientSignature ?? 'None',
    serviceTypeExclusions: ids(c?.serviceTypeExclusions),
    authorAttestation: c?.authorAttestation ?? '',
    coSignerAttestation: c?.coSignerAttestation ?? '',
  };
}

/** The stored fields; empty "which notes" lists and blank wordings are left out (they match every note, the default applies). */
export function signatureFields(
  v: SignatureFormValues,
  refer: (resourceType: string, id: string) => Reference,
): Pick<
  SignatureConfiguration,
  | 'name'
  | 'noteKinds'
  | 'programs'
  | 'serviceTypes'
  | 'authorSignature'
  | 'supervisorCoSignature'
  | 'patientSignature'
  | 'serviceTypeExclusions'
  | 'authorAttestation'
  | 'coSignerAttestation'
> {
  const refs = (type: string, list: string[]) => (list.length ? list.map((id) => refer(type, id)) : undefined);
  return {
    name: v.name.trim(),
    noteKinds: v.noteKinds.length ? [...v.noteKinds] : undefined,
    programs: refs('Program', v.programs),
    serviceTypes: refs('HealthcareService', v.serviceTypes),
    authorSignature: v.authorSignature,
    supervisorCoSignature: v.supervisorCoSignature,
    patientSignature: v.patientSignature,
    serviceTypeExclusions: refs('HealthcareService', v.serviceTypeExclusions),
    authorAttestation: v.authorAttestation.trim() || undefined,
    coSignerAttestation: v.coSignerAttestation.trim() || undefined,
  };
}

/** The signature configuration form's schema (SPEC.md section 5's messages). */
export const signatureSchema = object({
  name: string().trim().label('Name').required().max(200),
  noteKinds: array(
    string()
      .required()
      .oneOf([...NoteKinds]),
  ).default([]),
  programs: array(string().required()).default([]),
  serviceTypes: array(string().required()).default([]),
  authorSignature: boolean().default(true),
  supervisorCoSignature: string()
    .label('Co-signature')
    .required()
    .oneOf(CO_SIGNATURE_CHOICES.map((c) => c.value)),
  patientSignature: string()
    .label('Patient signature')
    .required()
    .oneOf(PATIENT_SIGNATURE_CHOICES.map((c) => c.value)),
  serviceTypeExclusions: array(string().required()).label('Services signed by the author only').default([]),
  authorAttestation: string().trim().label("The author's attestation").max(2000).default(''),
  coSignerAttestation: string().trim().label("The co-signer's attestation").max(2000).default(''),
}) as unknown as ObjectSchema<SignatureFormValues>;
