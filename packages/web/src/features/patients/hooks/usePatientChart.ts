import type { Allergy, Condition, Consent, Coverage, EpisodeOfCare, Medication, Patient, RelatedPerson } from '@caseload/core';
import { useCollection, useOpenPatient, useResource, type UseCollectionResult } from '../../../data/index.ts';

export interface PatientChartData {
  patient: Patient | undefined;
  loading: boolean;
  /** The patient could not be read (refused, deleted) or opened (no security token). */
  error?: unknown;
  episodes: UseCollectionResult<EpisodeOfCare>;
  conditions: UseCollectionResult<Condition>;
  allergies: UseCollectionResult<Allergy>;
  medications: UseCollectionResult<Medication>;
  coverages: UseCollectionResult<Coverage>;
  consents: UseCollectionResult<Consent>;
  relatedPersons: UseCollectionResult<RelatedPerson>;
}

/**
 * Everything the chart shows of one patient. Opening it follows the security-token lifecycle
 * (useOpenPatient: the token covers the patient while the chart is mounted; the last close deletes
 * it and clears patient data from the device). The chart's lists are the patient's partition.
 */
export function usePatientChart(patientId: string): PatientChartData {
  const opened = useOpenPatient(patientId);
  const { item: patient, loading, error } = useResource<Patient>('Patients', patientId);
  const partition = { partition: patientId };
  return {
    patient,
    loading,
    error: error ?? (patient ? undefined : opened.error),
    episodes: useCollection<EpisodeOfCare>('EpisodesOfCare', partition),
    conditions: useCollection<Condition>('Conditions', partition),
    allergies: useCollection<Allergy>('Allergies', partition),
    medications: useCollection<Medication>('Medications', partition),
    coverages: useCollection<Coverage>('Coverages', partition),
    consents: useCollection<Consent>('Consents', partition),
    relatedPersons: useCollection<RelatedPerson>('RelatedPeople', partition),
  };
}
