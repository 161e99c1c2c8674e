import { toCoding, DIAGNOSES, type Condition, type EpisodeOfCare, type Patient, type Reference } from '@caseload/core';
import { chartRecordBase } from './chart-record-actions.ts';
import { diagnosisLabel } from './diagnosis-search.ts';

/**
 * An episode's diagnoses are references to the patient's Conditions. The episode form also offers
 * a diagnosis the chart does not hold yet: it stands in the form as a reference whose id is
 * `new:{ICD-10-CM code}`, and becomes a Condition of its own when the episode is saved.
 */
export const NEW_DIAGNOSIS_PREFIX = 'new:';

/** The form's stand-in reference for a new diagnosis with this ICD-10-CM code. */
export function newDiagnosisReference(code: string): Reference {
  return { resourceType: 'Condition', id: `${NEW_DIAGNOSIS_PREFIX}${code}`, display: diagnosisLabel(toCoding(DIAGNOSES, code)) };
}

/** The ICD-10-CM code of a stand-in reference, or undefined for a real Condition's. */
export function newDiagnosisCode(reference: Pick<Reference, 'id'> | undefined): string | undefined {
  return reference?.id.startsWith(NEW_DIAGNOSIS_PREFIX) ? reference.id.slice(NEW_DIAGNOSIS_PREFIX.length) : undefined;
}

/** A reference to one of the patient's Conditions, as an episode holds it. */
export function conditionReference(condition: Pick<Condition, 'id' | 'code'>): Reference {
  return { resourceType: 'Condition', id: condition.id, display: diagnosisLabel(condition.code) };
}

/**
 * The patient's Conditions an episode may list: the ones not refuted (a ruled-out diagnosis is
 * no reason for care) and not resolved, plus any the episode already lists, so editing an old
 * episode never silently drops one. In the chart's order.
 */
export function selectableConditions(conditions: readonly Condition[], episode: Pick<EpisodeOfCare, 'diagnoses'> | undefined): Condition[] {
  const listed = new Set((episode?.diagnoses ?? []).map((d) => d.condition.id));
  return conditions.filter((c) => listed.has(c.id) || (c.verificationStatus !== 'Refuted' && c.clinicalStatus !== 'resolved'));
}

/** A confirmed, active Condition for a new diagnosis picked in the episode form, recorded `today`. */
export function newConditionDraft(patient: Pick<Patient, 'id' | 'display'>, code: string, today: string): Omit<Condition, 'id' | 'meta'> {
  return {
    resourceType: 'Condition',
    ...chartRecordBase(patient),
    code: toCoding(DIAGNOSES, code),
    verificationStatus: 'Confirmed',
    clinicalStatus: 'active',
    recordedDate: today,
  };
}

/**
 * The episode with each stand-in replaced by the saved Condition's reference (`saved` maps the
 * ICD-10-CM code to it) and ranks numbered in the order listed; the primary diagnosis is rank 1.
 */
export function withSavedDiagnoses(episode: EpisodeOfCare, saved: ReadonlyMap<string, Reference>): EpisodeOfCare {
  const diagnoses = (episode.diagnoses ?? []).map((d) => {
    const code = newDiagnosisCode(d.condition);
    const condition = code ? saved.get(code) : d.condition;
    if (!condition) throw new Error(`The new diagnosis ${code} was not saved.`);
    return { ...d, condition };
  });
  const ordered = [...diagnoses.filter((d) => d.role === 'primary'), ...diagnoses.filter((d) => d.role !== 'primary')];
  return { ...episode, diagnoses: ordered.map((d, i) => ({ ...d, rank: i + 1 })) };
}

/** The ICD-10-CM codes offered as a new diagnosis: the list's, less those the patient already has to pick. */
export function newDiagnosisCodes(selectable: readonly Pick<Condition, 'code'>[]): string[] {
  const held = new Set(selectable.map((c) => c.code.code));
  return DIAGNOSES.concepts.map((c) => c.code).filter((code) => !held.has(code));
}
