import type { Coverage, Patient } from '@caseload/core';
import { Badge, Group, Text } from '@mantine/core';
import type { UseCollectionResult } from '../../../data/index.ts';
import { chartRecordBase, endCoverage, hasEnded } from '../utils/chart-record-actions.ts';
import { coverageOrderLabel, nextCoverageOrder } from '../utils/coverage-payor.ts';
import { usePracticeTime } from '../../practice/index.ts';
import { formatDate, localToday } from '../utils/patient-display.ts';
import { ChartRecordList } from './ChartRecordList.tsx';
import { CoverageForm } from './CoverageForm.tsx';

export interface CoverageListProps {
  patient: Patient;
  state: UseCollectionResult<Coverage>;
}

const period = (p?: { start?: string; end?: string }) =>
  p?.start ? `${formatDate(p.start)} – ${p.end ? formatDate(p.end) : 'now'}` : p?.end ? `until ${formatDate(p.end)}` : '';

/** The patient's insurance: add (next in order), edit, end today, delete one entered in error. */
export function CoverageList({ patient, state }: CoverageListProps) {
  const clock = usePracticeTime();
  return (
    <ChartRecordList<Coverage>
      title="Coverage"
      collection="Coverages"
      patientId={patient.id}
      state={state}
      noun="coverage"
      empty="No insurance coverage recorded."
      nameOf={(c) => `${c.payor?.name ?? ''} ${c.memberId ?? ''}`.trim()}
      newRecord={() => ({
        resourceType: 'Coverage',
        ...chartRecordBase(patient),
        payor: { name: '' },
        memberId: '',
        order: nextCoverageOrder(state.items, localToday(clock)),
      })}
      actions={[
        { label: 'End today', when: (c) => !hasEnded(c.period, localToday(clock)), apply: (c) => endCoverage(c, localToday(clock)) },
      ]}
      instead="A coverage no longer in force is ended instead."
      renderItem={(c) => (
        <Group gap="xs">
          <Badge variant="outline">{coverageOrderLabel(c.order)}</Badge>
          <Text fw={500}>{c.payor.name}</Text>
          <Text>Member {c.memberId}</Text>
          {c.groupNumber && <Text>Group {c.groupNumber}</Text>}
          <Text fz="sm" c="dimmed">
            {period(c.period)}
          </Text>
        </Group>
      )}
      renderForm={(p) => <CoverageForm {...p} />}
    />
  );
}
