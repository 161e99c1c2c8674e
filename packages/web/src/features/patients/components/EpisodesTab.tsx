import type { Patient } from '@caseload/core';
import { Stack } from '@mantine/core';
import type { PatientChartData } from '../hooks/usePatientChart.ts';
import { AllergyList } from './AllergyList.tsx';
import { ConditionList } from './ConditionList.tsx';
import { ConsentList } from './ConsentList.tsx';
import { CoverageList } from './CoverageList.tsx';
import { EpisodeList } from './EpisodeList.tsx';
import { MedicationList } from './MedicationList.tsx';

export type EpisodesTabProps = Pick<
  PatientChartData,
  'episodes' | 'conditions' | 'allergies' | 'medications' | 'coverages' | 'consents'
> & {
  patient: Patient;
};

/** Episodes of care with their programs and diagnoses; then diagnoses, allergies, medications, coverage and consents, each editable. */
export function EpisodesTab({ patient, episodes, conditions, allergies, medications, coverages, consents }: EpisodesTabProps) {
  return (
    <Stack gap="lg">
      <EpisodeList patient={patient} state={episodes} conditions={conditions} />
      <ConditionList patient={patient} state={conditions} />
      <AllergyList patient={patient} state={allergies} />
      <MedicationList patient={patient} state={medications} />
      <CoverageList patient={patient} state={coverages} />
      <ConsentList patient={patient} state={consents} />
    </Stack>
  );
}
