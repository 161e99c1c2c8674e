import type { Consent, Patient } from '@caseload/core';
import { Badge, Group, Text } from '@mantine/core';
import type { UseCollectionResult } from '../../../data/index.ts';
import { chartRecordBase, withdrawConsent } from '../utils/chart-record-actions.ts';
import { usePracticeTime } from '../../practice/index.ts';
import { formatDate, localToday } from '../utils/patient-display.ts';
import { ChartRecordList } from './ChartRecordList.tsx';
import { CONSENT_STATUSES, ConsentForm } from './ConsentForm.tsx';

export interface ConsentListProps {
  patient: Patient;
  state: UseCollectionResult<Consent>;
}

/** The patient's consents: add, edit, withdraw today, delete one entered in error. */
export function ConsentList({ patient, state }: ConsentListProps) {
  const clock = usePracticeTime();
  return (
    <ChartRecordList<Consent>
      title="Consents"
      collection="Consents"
      patientId={patient.id}
      state={state}
      noun="consent"
      empty="No consents recorded."
      nameOf={(c) => c.category?.display ?? c.category?.code ?? ''}
      newRecord={() => ({
        resourceType: 'Consent',
        ...chartRecordBase(patient),
        category: undefined as never,
        status: 'active',
        date: localToday(clock),
      })}
      actions={[{ label: 'Withdraw today', when: (c) => c.status === 'active', apply: (c) => withdrawConsent(c, localToday(clock)) }]}
      instead="A consent the patient takes back is withdrawn instead."
      renderItem={(c) => (
        <Group gap="xs">
          <Text fw={500}>{c.category.display ?? c.category.code}</Text>
          <Badge variant="light" color={c.status === 'active' ? 'intent-success' : 'gray'}>
            {CONSENT_STATUSES[c.status] ?? c.status}
          </Badge>
          <Text fz="sm" c="dimmed">
            {formatDate(c.date)}
            {c.period?.end ? ` – ${formatDate(c.period.end)}` : ''}
          </Text>
        </Group>
      )}
      renderForm={(p) => <ConsentForm {...p} />}
    />
  );
}
