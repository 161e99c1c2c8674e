import type { Condition, Coverage, EpisodeOfCare, Patient } from '@caseload/core';
import { useMemo } from 'react';
import { useCollection, useOpenPatient, useResource } from '../../../data/index.ts';

/** What a note needs of its patient: who they are, their episodes, diagnoses and coverage. */
export interface PatientNoteContext {
  patient: Patient | undefined;
  episodes: EpisodeOfCare[];
  /** The first active episode (the one new notes document). */
  activeEpisode: EpisodeOfCare | undefined;
  conditions: Condition[];
  coverages: Coverage[];
  loading: boolean;
  error?: unknown;
}

/** The patient's chart data a note reads, with the patient held open (security token) meanwhile. */
export function usePatientNoteContext(patientId: string): PatientNoteContext {
  const opened = useOpenPatient(patientId);
  const patient = useResource<Patient>('Patients', patientId);
  const partition = { partition: patientId };
  const episodes = useCollection<EpisodeOfCare>('EpisodesOfCare', partition);
  const conditions = useCollection<Condition>('Conditions', partition);
  const coverages = useCollection<Coverage>('Coverages', partition);
  return useMemo(
    () => ({
      patient: patient.item,
      episodes: episodes.items,
      activeEpisode: episodes.items.find((e) => e.status === 'active'),
      conditions: conditions.items,
      coverages: coverages.items,
      loading: patient.loading && !patient.item,
      error: patient.error ?? (patient.item ? undefined : opened.error),
    }),
    [patient.item, patient.loading, patient.error, opened.error, episodes.items, conditions.items, coverages.items],
  );
}
