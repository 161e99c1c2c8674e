import { CLINICIAN_LABEL, PATIENT_LABEL } from './structurer-vocabulary.ts';
import type { SpeakerRole, TranscriptSegment } from './transcript-types.ts';

/** A speaker label and who it stands for. */
export interface SpeakerAssignment {
  label: string;
  role: SpeakerRole;
}

/**
 * Who each speaker label is: as the clinician assigned them (`given`), else by the label's words
 * ("Therapist", "Dr. Reyes" are the clinician; "Client" the patient), else the first speaker of
 * the session is the clinician (clinicians open sessions) and the others the patient.
 */
export function speakerRoles(segments: readonly TranscriptSegment[], given: readonly SpeakerAssignment[] = []): Map<string, SpeakerRole> {
  const labels = [...new Set(segments.map((s) => s.speaker).filter((s): s is string => s !== undefined))];
  const roles = new Map<string, SpeakerRole>();
  for (const label of labels) {
    const assigned = given.find((g) => g.label === label)?.role;
    if (assigned) roles.set(label, assigned);
    else if (CLINICIAN_LABEL.test(label)) roles.set(label, 'Clinician');
    else if (PATIENT_LABEL.test(label)) roles.set(label, 'Patient');
  }
  const hasClinician = [...roles.values()].includes('Clinician');
  labels.forEach((label, i) => {
    if (!roles.has(label)) roles.set(label, !hasClinician && i === 0 ? 'Clinician' : 'Patient');
  });
  return roles;
}

/** The role of a segment's speaker; a segment without a label is the patient's (a dictation is labelled by its import). */
export function roleOf(roles: Map<string, SpeakerRole>, segment: TranscriptSegment): SpeakerRole {
  return segment.speaker === undefined ? 'Patient' : (roles.get(segment.speaker) ?? 'Patient');
}
