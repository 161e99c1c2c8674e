import type { CarePlanElementKinds, CarePlanStatuses, GoalProgresses } from '../enums.ts';
import type { NoteAttestation } from '../notes/note-attestation.ts';
import type { Reference, Resource } from '../resources/resource.ts';

export type CarePlanStatus = (typeof CarePlanStatuses)[number];
export type CarePlanElementKind = (typeof CarePlanElementKinds)[number];
export type GoalProgress = (typeof GoalProgresses)[number];

/**
 * One element of a plan's tree (docs/care-plans.md, "The model"). The tree is stored flat, in
 * the order the editor shows it: a Goal has no parent, an Objective's parent is a Goal, an
 * Intervention's parent is an Objective or a Goal of the same plan. `id` is the element's own key,
 * unique in the plan and kept across revisions, so notes and sessions keep pointing at it.
 */
export interface CarePlanElement {
  id: string;
  kind: CarePlanElementKind;
  /** The `id` of the parent element (absent on a Goal). */
  parent?: string;
  text: string;
  /** yyyy-MM-dd */
  targetDate?: string;
  /** How achievement is measured ("PHQ-9 below 10", "3 panic-free weeks"). */
  measure?: string;
  /** Practitioners responsible for it. */
  responsible?: Reference[];
}

/** Who signed a plan, in which capacity. */
export type CarePlanSignatureRole = 'Clinician' | 'Patient' | 'RelatedPerson' | 'Reviser' | 'CoSigner';

/** A signature on a plan version; written only by the sign and revise calls. */
export interface CarePlanSignature {
  role: CarePlanSignatureRole;
  signer: Reference;
  /** yyyy-MM-ddTHH:mm:ssZ */
  signedAt: string;
  personalSignature?: Reference;
  /** Patient and related-person signatures: the Media holding the drawn image. */
  image?: Reference;
  /** Hex sha-256 of the signed content (`carePlanContentHash`). */
  contentHash: string;
  attestation?: NoteAttestation;
  /** Patient and related-person signatures: the plan's version (revision) shown and signed. */
  versionId?: string;
  /** Patient and related-person signatures: the device it was drawn on, as its browser describes itself. */
  device?: string;
}

/**
 * A signature a signed plan still owes (server-owned): a supervisor's co-signature (the notes'
 * rule, docs/care-plans.md "Co-signature"), or the patient's (or a related person's) when the
 * signature configuration asks for one and it was not given at signing.
 */
export type CarePlanPendingSignature =
  | { role: 'CoSigner'; signers: Reference[]; reason: string; attestation?: NoteAttestation }
  | { role: 'Patient'; who: 'Patient' | 'PatientOrRelatedPerson'; reason: string };

/** One revision of a signed plan (like a note's amendment). */
export interface CarePlanRevision {
  reason: string;
  author: Reference;
  /** yyyy-MM-ddTHH:mm:ssZ */
  at: string;
  /** The version revised: readable at `CarePlans/{id}/_history/{previousVersionId}`. */
  previousVersionId: string;
  changedFields: string[];
}

/** A patient's treatment plan: goals, their objectives and the interventions that serve them. */
export interface CarePlan extends Resource {
  resourceType: 'CarePlan';
  partition: string;
  /** The Patient (the partition). */
  patient: Reference;
  status: CarePlanStatus;
  title?: string;
  episodeOfCare?: Reference;
  program?: Reference;
  /** Days (yyyy-MM-dd). */
  period?: { start?: string; end?: string };
  /** yyyy-MM-dd: when the plan is due for review (the dashboard's review list). */
  reviewDate?: string;
  /** The diagnoses it addresses (Conditions of the chart). */
  addresses?: Reference[];
  /** Practitioners (and related persons) on the patient's care team for this plan. */
  careTeam?: Reference[];
  /** The Practitioner who wrote it. */
  author?: Reference;
  elements: CarePlanElement[];
  /** Server-owned. */
  signatures?: CarePlanSignature[];
  /** Server-owned: when the clinician first signed. */
  signedAt?: string;
  /** Server-owned. */
  revisions?: CarePlanRevision[];
  signatureConfiguration?: Reference;
  /** Server-owned: the signatures still owed after the clinician's. */
  pendingSignatures?: CarePlanPendingSignature[];
}

/**
 * A goal the practice offers ready-made (practice configuration, docs/care-plans.md "Goal
 * templates"): for one program, or any when none; "Add goal from template" copies it into a plan
 * as a Goal with its objectives and interventions, under fresh element ids.
 */
export interface CarePlanGoalTemplate extends Resource {
  resourceType: 'CarePlanGoalTemplate';
  name: string;
  /** The program whose plans offer it; none: every plan. */
  program?: Reference;
  /** Offered only while active (default: active). */
  active?: boolean;
  goal: string;
  measure?: string;
  /** Objectives under the goal, in order. */
  objectives?: string[];
  /** Interventions under the goal, in order. */
  interventions?: string[];
}

/** Progress on one goal or objective, as of one session. */
export interface ElementProgress {
  /** The element's `id` in the plan. */
  element: string;
  status: GoalProgress;
  comment?: string;
}

/** A review session of a plan: the date, who reviewed, and progress per goal and objective. */
export interface CarePlanSession extends Resource {
  resourceType: 'CarePlanSession';
  partition: string;
  carePlan: Reference;
  /** The session's encounter, when the review happened in one. */
  encounter?: Reference;
  /** yyyy-MM-dd */
  date: string;
  author?: Reference;
  progress: ElementProgress[];
  comment?: string;
}

/** A measured outcome of a plan: a questionnaire's score (PHQ-9, GAD-7) or a rating. */
export interface CarePlanOutcome extends Resource {
  resourceType: 'CarePlanOutcome';
  partition: string;
  carePlan: Reference;
  /** The goal or objective it measures, when one. */
  element?: string;
  encounter?: Reference;
  author?: Reference;
  /** yyyy-MM-dd */
  date: string;
  kind: 'Score' | 'Rating';
  /** Score: the Questionnaire scored (phq-9, gad-7). */
  instrument?: Reference;
  /** Score: the QuestionnaireResponse the score comes from. */
  response?: Reference;
  value: number;
  /** Rating: the scale's top (a 1-10 rating has 10). */
  scaleMax?: number;
  comment?: string;
}

/**
 * What a note's session addressed of a plan: on `Encounter.carePlanActivities`, one entry per
 * element ticked in the note's GoalsObjectives section, with the progress GoalTracking recorded.
 */
export interface CarePlanActivity {
  carePlan: Reference;
  /** The element's `id` in the plan. */
  element: string;
  progress?: GoalProgress;
  comment?: string;
}
