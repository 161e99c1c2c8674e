import type { Condition, Patient } from '@caseload/core';
import { Badge, Group, Text } from '@mantine/core';
import type { UseCollectionResult } from '../../../data/index.ts';
import { chartRecordBase, refuteCondition, resolveCondition } from '../utils/chart-record-actions.ts';
import { diagnosisLabel } from '../utils/diagnosis-search.ts';
import { usePracticeTime } from '../../practice/index.ts';
import { formatDate, localToday } from '../utils/patient-display.ts';
import { ChartRecordList } from './ChartRecordList.tsx';
import { CLINICAL_STATUSES, ConditionForm } from './ConditionForm.tsx';

export interface ConditionListProps {
  patient: Patient;
  state: UseCollectionResult<Condition>;
}

/** The patient's diagnoses: add, edit, mark resolved or refuted, delete one entered in error. */
export function ConditionList({ patient, state }: ConditionListProps) {
  const clock = usePracticeTime();
  return (
    <ChartRecordList<Condition>
      title="Diagnoses"
      collection="Conditions"
      patientId={patient.id}
      state={state}
      noun="diagnosis"
      empty="No diagnoses recorded."
      nameOf={(c) => c.code?.code ?? ''}
      newRecord={() => ({
        resourceType: 'Condition',
        ...chartRecordBase(patient),
        code: undefined as never,
        verificationStatus: 'Confirmed',
        clinicalStatus: 'active',
        recordedDate: localToday(clock),
      })}
      actions={[
        {
          label: 'Mark resolved',
          when: (c) => c.verificationStatus === 'Confirmed' && c.clinicalStatus !== 'resolved',
          apply: resolveCondition,
        },
        { label: 'Mark refuted', when: (c) => c.verificationStatus !== 'Refuted', apply: refuteCondition },
      ]}
      instead="A diagnosis ruled out is marked refuted, and one that has ended resolved."
      renderItem={(c) => (
        <Group gap="xs">
          <Text td={c.verificationStatus === 'Refuted' ? 'line-through' : undefined}>{diagnosisLabel(c.code)}</Text>
          <Badge variant="light" color={c.verificationStatus === 'Confirmed' ? 'caseload' : 'gray'}>
            {c.verificationStatus}
          </Badge>
          {c.clinicalStatus && (
            <Text fz="sm" c="dimmed">
              {CLINICAL_STATUSES[c.clinicalStatus]}
            </Text>
          )}
          {c.onsetDate && (
            <Text fz="sm" c="dimmed">
              since {formatDate(c.onsetDate)}
            </Text>
          )}
        </Group>
      )}
      renderForm={(p) => <ConditionForm {...p} />}
    />
  );
}
