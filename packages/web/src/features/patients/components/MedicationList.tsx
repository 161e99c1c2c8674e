import type { Medication, Patient } from '@caseload/core';
import { Badge, Group, Text } from '@mantine/core';
import type { UseCollectionResult } from '../../../data/index.ts';
import { chartRecordBase, stopMedication } from '../utils/chart-record-actions.ts';
import { usePracticeTime } from '../../practice/index.ts';
import { formatDate, localToday } from '../utils/patient-display.ts';
import { ChartRecordList } from './ChartRecordList.tsx';
import { MEDICATION_STATUSES, MedicationForm } from './MedicationForm.tsx';

export interface MedicationListProps {
  patient: Patient;
  state: UseCollectionResult<Medication>;
}

/** The patient's medications: add, edit, stop today, delete one entered in error. */
export function MedicationList({ patient, state }: MedicationListProps) {
  const clock = usePracticeTime();
  return (
    <ChartRecordList<Medication>
      title="Medications"
      collection="Medications"
      patientId={patient.id}
      state={state}
      noun="medication"
      empty="No medications recorded."
      nameOf={(m) => m.name}
      newRecord={() => ({
        resourceType: 'Medication',
        ...chartRecordBase(patient),
        name: '',
        status: 'active',
        period: { start: localToday(clock) },
      })}
      actions={[{ label: 'Stop today', when: (m) => m.status === 'active', apply: (m) => stopMedication(m, localToday(clock)) }]}
      instead="A medication no longer taken is stopped instead."
      renderItem={(m) => (
        <Group gap="xs">
          <Text fw={500}>{m.name}</Text>
          {m.dosage && <Text>{m.dosage}</Text>}
          <Badge variant="light" color={m.status === 'active' ? 'caseload' : 'gray'}>
            {MEDICATION_STATUSES[m.status] ?? m.status}
          </Badge>
          {m.prescriber && (
            <Text fz="sm" c="dimmed">
              by {m.prescriber}
            </Text>
          )}
          {m.period?.end && (
            <Text fz="sm" c="dimmed">
              until {formatDate(m.period.end)}
            </Text>
          )}
        </Group>
      )}
      renderForm={(p) => <MedicationForm {...p} />}
    />
  );
}
