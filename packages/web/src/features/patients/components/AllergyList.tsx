import type { Allergy, Patient } from '@caseload/core';
import { Badge, Group, Text } from '@mantine/core';
import type { UseCollectionResult } from '../../../data/index.ts';
import { chartRecordBase, inactivateAllergy } from '../utils/chart-record-actions.ts';
import { usePracticeTime } from '../../practice/index.ts';
import { localToday } from '../utils/patient-display.ts';
import { ALLERGY_SEVERITIES, AllergyForm } from './AllergyForm.tsx';
import { ChartRecordList } from './ChartRecordList.tsx';

export interface AllergyListProps {
  patient: Patient;
  state: UseCollectionResult<Allergy>;
}

const substanceOf = (a: Allergy) => a.substance?.display ?? a.substance?.code ?? '';

/** The patient's allergies: add, edit, make inactive (it leaves the header's alerts), delete one entered in error. */
export function AllergyList({ patient, state }: AllergyListProps) {
  const clock = usePracticeTime();
  return (
    <ChartRecordList<Allergy>
      title="Allergies"
      collection="Allergies"
      patientId={patient.id}
      state={state}
      noun="allergy"
      empty="No known allergies recorded."
      nameOf={substanceOf}
      newRecord={() => ({
        resourceType: 'Allergy',
        ...chartRecordBase(patient),
        substance: undefined as never,
        status: 'active',
        recordedDate: localToday(clock),
      })}
      actions={[
        { label: 'Make inactive', when: (a) => a.status === 'active', apply: inactivateAllergy },
        { label: 'Make active again', when: (a) => a.status === 'inactive', apply: (a) => ({ ...a, status: 'active' }) },
      ]}
      instead="An allergy that no longer applies is made inactive instead."
      renderItem={(a) => (
        <Group gap="xs">
          <Text fw={500} td={a.status === 'inactive' ? 'line-through' : undefined}>
            {substanceOf(a)}
          </Text>
          {a.reaction && <Text>{a.reaction}</Text>}
          {a.severity && (
            <Badge color={a.severity === 'severe' ? 'intent-danger' : 'intent-warning'} variant="light">
              {ALLERGY_SEVERITIES[a.severity]}
            </Badge>
          )}
          {a.status === 'inactive' && (
            <Badge color="gray" variant="light">
              Inactive
            </Badge>
          )}
        </Group>
      )}
      renderForm={(p) => <AllergyForm {...p} />}
    />
  );
}
