import type { Condition, EpisodeOfCare, Patient } from '@caseload/core';
import { useMemo } from 'react';
import { useCollection, useOpenPatient, useResource } from '../../../data/index.ts';

/** What a plan needs of its patient: their name, episodes and diagnoses. */
export interface PlanPatient {
  patient: Patient | undefined;
  episodes: EpisodeOfCare[];
  conditions: Condition[];
  error?: unknown;
}

/** The patient's chart data the plan screens read, with the patient held open (security token) meanwhile. */
export function usePlanPatient(patientId: string): PlanPatient {
  const opened = useOpenPatient(patientId);
  const patient = useResource<Patient>('Patients', patientId);
  const episodes = useCollection<EpisodeOfCare>('EpisodesOfCare', { partition: patientId });
  const conditions = useCollection<Condition>('Conditions', { partition: patientId });
  return useMemo(
    () => ({
      patient: patient.item,
      episodes: episodes.items,
      conditions: conditions.items.filter((c) => c.verificationStatus !== 'Refuted'),
      error: patient.item ? undefined : (patient.error ?? opened.error),
    }),
    [patient.item, patient.error, opened.error, episodes.items, conditions.items],
  );
}
