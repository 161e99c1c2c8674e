import { array, object, string } from 'yup';
import {
  EncounterDocumentationTypes,
  GoalProgresses,
  NoteCompletions,
  NoteCompositions,
  NoteKinds,
  NoteSigningStatuses,
  ParticipantRoles,
  VisitModes,
  VisitStatuses,
} from '../enums.ts';
import { applyFormLocale } from '../forms/form-locale.ts';
import { codingOf, referenceSchema, requiredText, resourceShape, text } from '../people/common-schemas.ts';
import { noteGenerationSchema, scribeSessionSchema } from '../scribe/scribe-schemas.ts';
import { DIAGNOSES } from '../vocabularies/diagnoses.ts';
import { PLACES_OF_SERVICE } from '../vocabularies/places-of-service.ts';
import { flag, instant, noteSectionsSchema, oneOfValues, referenceList, sessionTimeSchema, wholeNumber } from './note-schema-parts.ts';

applyFormLocale();

/**
 * The Encounter and Note schemas (docs/notes.md, "Schemas"): what every write of either must be,
 * checked by the server inside the write transaction (server notes/note.hooks.ts) after it fills
 * what it owns (subject from the partition, a note's status and defaults).
 */

const ICD10CM = DIAGNOSES.system;
const ICD10CM_CODE = /^[A-TV-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/;

/** A person taking part: who, in which SPEC.md role. */
export const encounterParticipantSchema = object({
  individual: referenceSchema('Practitioner', 'Patient', 'RelatedPerson').required(),
  role: oneOfValues(ParticipantRoles).required(),
}).noUnknown();

/** A coded diagnosis of the encounter (an ICD-10-CM code must look like one, as on Condition). */
export const encounterDiagnosisSchema = object({
  code: object({ system: string().strict(true), code: requiredText(20), display: text(300) })
    .noUnknown()
    .required()
    .test('icd-10-cm', '${path} is invalid.', (c) => !c || c.system !== ICD10CM || ICD10CM_CODE.test(c.code ?? '')),
  condition: referenceSchema('Condition'),
  rank: wholeNumber(1),
}).noUnknown();

/** One service of a multi-service encounter. */
export const encounterServiceSchema = object({
  serviceType: referenceSchema('HealthcareService').required(),
  sessionTime: sessionTimeSchema.required(),
  subform: referenceSchema('NoteSectionForm'),
  units: wholeNumber(0).max(96),
}).noUnknown();

/** The group session an attendee's encounter and note belong to. */
export const groupSessionLinkSchema = object({
  id: requiredText(128),
  present: flag().required(),
  attendeeCount: wholeNumber(1),
  facilitator: referenceSchema('Practitioner'),
})
  .noUnknown()
  .default(undefined);

/** What happened in one patient's session. */
/** What a note's session addressed of a care plan (docs/care-plans.md, "The thread"). */
export const carePlanActivitySchema = object({
  carePlan: referenceSchema('CarePlan').required(),
  element: requiredText(64),
  progress: oneOfValues(GoalProgresses),
  comment: text(2000),
}).noUnknown();

export const encounterSchema = object({
  ...resourceShape,
  subject: referenceSchema('Patient').required(),
  participants: array(encounterParticipantSchema).required(),
  serviceType: referenceSchema('HealthcareService'),
  location: object({
    location: referenceSchema('Location'),
    kind: referenceSchema(),
    placeOfService: codingOf(PLACES_OF_SERVICE),
  })
    .noUnknown()
    .default(undefined),
  program: referenceSchema('Program'),
  episodeOfCare: referenceSchema('EpisodeOfCare'),
  appointment: referenceSchema('Appointment'),
  visitStatus: oneOfValues(VisitStatuses),
  visitMode: oneOfValues(VisitModes),
  sessionTime: sessionTimeSchema,
  period: object({ start: instant(), end: instant() }).noUnknown().default(undefined),
  diagnoses: array(encounterDiagnosisSchema),
  documentationType: oneOfValues(EncounterDocumentationTypes),
  services: array(encounterServiceSchema),
  groupSession: groupSessionLinkSchema,
  partOf: referenceSchema('Encounter'),
  dialogues: referenceList('Dialogue'),
  carePlanActivities: array(carePlanActivitySchema).unique(
    undefined,
    (a: { carePlan?: { id?: string }; element?: string }) => `${a?.carePlan?.id}/${a?.element}`,
  ),
});

const SIGNATURE_ROLES = ['Author', 'CoSigner', 'Patient', 'RelatedPerson', 'Amender'] as const;

const sha256 = () =>
  string()
    .strict(true)
    .matches(/^[0-9a-f]{64}$/);

/** The words a signer attested, their hash and the configuration version that worded them. */
export const noteAttestationSchema = object({
  text: string().strict(true).required().max(2000),
  hash: sha256().required(),
  configuration: referenceSchema('SignatureConfiguration'),
})
  .noUnknown()
  .default(undefined);

/** A signature on a note version (written by the sign, co-sign and amend calls). */
export const noteSignatureSchema = object({
  role: oneOfValues(SIGNATURE_ROLES).required(),
  signer: referenceSchema().required(),
  signedAt: instant().required(),
  personalSignature: referenceSchema('PersonalSignature'),
  image: referenceSchema(),
  contentHash: sha256().required(),
  attestation: noteAttestationSchema,
}).noUnknown();

/** A clinical note on one encounter; the signing fields are the server's (docs/notes.md). */
export const noteSchema = object({
  ...resourceShape,
  subject: referenceSchema('Patient').required(),
  kind: oneOfValues(NoteKinds).required(),
  composition: oneOfValues(NoteCompositions).required(),
  definition: referenceSchema('NoteDefinition'),
  template: referenceSchema('NoteTemplate'),
  encounter: referenceSchema('Encounter').required(),
  encounterDate: instant(),
  author: referenceSchema('Practitioner').required(),
  title: text(300),
  sections: noteSectionsSchema().required(),
  completion: oneOfValues(NoteCompletions).required(),
  status: oneOfValues(NoteSigningStatuses).required(),
  signatures: array(noteSignatureSchema),
  pendingSignatures: array(
    object({
      role: oneOfValues(['CoSigner']).required(),
      signers: array(referenceSchema('Practitioner').required()).required(),
      reason: string().strict(true).required(),
      attestation: noteAttestationSchema,
    }).noUnknown(),
  ),
  amendments: array(
    object({
      reason: string().strict(true).required(),
      author: referenceSchema().required(),
      at: instant().required(),
      previousVersionId: string().strict(true).required(),
      changedFields: array(string().strict(true).required()).required(),
    }).noUnknown(),
  ),
  enteredInError: object({ reason: string().strict(true).required(), by: referenceSchema().required(), at: instant().required() })
    .noUnknown()
    .default(undefined),
  signatureConfiguration: referenceSchema('SignatureConfiguration'),
  groupSession: groupSessionLinkSchema,
  signedAt: instant(),
  /** The outcomes measured in this note's session (SPEC.md's expansion path `derivedFrom`). */
  derivedFrom: referenceList('CarePlanOutcome'),
  /** A ScribeSession's links: format, recordings, transcription, generated note (docs/scribe.md). */
  scribe: scribeSessionSchema,
  /** A generated note's provenance and its sentences' evidence (docs/scribe.md). */
  generation: noteGenerationSchema,
});
