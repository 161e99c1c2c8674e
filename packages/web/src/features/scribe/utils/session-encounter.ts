import type { Encounter, Reference } from '@caseload/core';

/** Now, to the minute, as a session time's start (yyyy-MM-ddTHH:mm:ssZ). */
const minute = (at: Date) => `${at.toISOString().slice(0, 16)}:00Z`;

/**
 * The encounter a scribe session started from the chart is written on: the clinician performing,
 * the patient attending, starting now. The clinician completes its details in the note editor.
 */
export function sessionEncounter(patient: Reference, clinician: Reference, now: Date): Omit<Encounter, 'id' | 'meta'> {
  const subject: Reference = { resourceType: 'Patient', id: patient.id, ...(patient.display && { display: patient.display }) };
  return {
    resourceType: 'Encounter',
    partition: patient.id,
    subject,
    participants: [
      { role: 'PrimaryPerformer', individual: { ...clinician, resourceType: 'Practitioner' } },
      { role: 'Patient', individual: subject },
    ],
    visitStatus: 'Show',
    visitMode: 'InPerson',
    sessionTime: { mode: 'DurationMinutes', start: minute(now), minutes: 50 },
  } as Omit<Encounter, 'id' | 'meta'>;
}
