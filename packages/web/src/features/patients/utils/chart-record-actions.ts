import type { Allergy, Condition, Consent, Coverage, EpisodeOfCare, Medication, Patient, Period, Reference } from '@caseload/core';

/**
 * How a clinician closes a chart record without erasing it: an episode is finished on a day, a
 * diagnosis resolved or refuted, an allergy made inactive, a medication stopped, a coverage or a
 * consent ended. The record and its history stay; only one entered in error is deleted. Each
 * function answers the changed copy and leaves the given one as it was.
 */

/** The patient a new chart record belongs to, as its `patient` reference. */
export function patientReference(patient: Pick<Patient, 'id' | 'display'>): Reference {
  return { resourceType: 'Patient', id: patient.id, ...(patient.display ? { display: patient.display } : {}) };
}

/** The fields every new record of the patient's chart starts with: its partition and patient. */
export function chartRecordBase(patient: Pick<Patient, 'id' | 'display'>): { partition: string; patient: Reference } {
  return { partition: patient.id, patient: patientReference(patient) };
}

/** A period ended on `day`; its start, when missing or later, becomes that day too. */
export function endPeriod(period: Period | undefined, day: string): Period {
  const start = period?.start && period.start <= day ? period.start : day;
  return { start, end: period?.end && period.end <= day ? period.end : day };
}

/** The episode finished on `day`: status finished, its period and its open program periods ended. */
export function finishEpisode(episode: EpisodeOfCare, day: string): EpisodeOfCare {
  return {
    ...episode,
    status: 'finished',
    period: endPeriod(episode.period, day),
    programs: episode.programs.map((p) => (p.period && !p.period.end ? { ...p, period: endPeriod(p.period, day) } : p)),
  };
}

/** The diagnosis resolved: still confirmed, no longer active. */
export function resolveCondition(condition: Condition): Condition {
  return { ...condition, clinicalStatus: 'resolved' };
}

/** The diagnosis refuted: it was considered and ruled out (SPEC.md section 4: Confirmed, Refuted). */
export function refuteCondition(condition: Condition): Condition {
  const { clinicalStatus: _dropped, ...rest } = condition;
  return { ...rest, verificationStatus: 'Refuted' };
}

/** The allergy no longer applies (it leaves the chart header's alerts). */
export function inactivateAllergy(allergy: Allergy): Allergy {
  return { ...allergy, status: 'inactive' };
}

/** The medication stopped on `day`. */
export function stopMedication(medication: Medication, day: string): Medication {
  return { ...medication, status: 'stopped', period: endPeriod(medication.period, day) };
}

/** The coverage ended on `day`. */
export function endCoverage(coverage: Coverage, day: string): Coverage {
  return { ...coverage, period: endPeriod(coverage.period, day) };
}

/** The consent withdrawn on `day`: inactive, its period ended. */
export function withdrawConsent(consent: Consent, day: string): Consent {
  return { ...consent, status: 'inactive', period: endPeriod(consent.period, day) };
}

/** True when a period has ended on or before `day`. */
export function hasEnded(period: Period | undefined, day: string): boolean {
  return Boolean(period?.end && period.end <= day);
}
