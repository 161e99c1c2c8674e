import type { Condition, EpisodeOfCare, Patient } from '@caseload/core';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { UseCollectionResult } from '../../../data/index.ts';
import { useLabel, usePracticeTime } from '../../practice/index.ts';
import { chartRecordBase, finishEpisode } from '../utils/chart-record-actions.ts';
import { diagnosisLabel } from '../utils/diagnosis-search.ts';
import { formatDate, localToday } from '../utils/patient-display.ts';
import { ChartRecordList } from './ChartRecordList.tsx';
import { EPISODE_STATUSES, EpisodeForm } from './EpisodeForm.tsx';

export interface EpisodeListProps {
  patient: Patient;
  state: UseCollectionResult<EpisodeOfCare>;
  conditions: UseCollectionResult<Condition>;
}

const period = (p?: { start?: string; end?: string }) => (p?.start ? `${formatDate(p.start)} – ${p.end ? formatDate(p.end) : 'now'}` : '');
const programsOf = (e: EpisodeOfCare) => e.programs.map((p) => p.program.display ?? p.program.id).join(', ');

/** Episodes of care with their programs and diagnoses: add, edit, finish today, cancel, delete one entered in error. */
export function EpisodeList({ patient, state, conditions }: EpisodeListProps) {
  const clock = usePracticeTime();
  const enrollment = useLabel('enrollment', 'plural');
  const byId = new Map(conditions.items.map((c) => [c.id, c]));
  return (
    <ChartRecordList<EpisodeOfCare>
      title={`Episodes of care and ${enrollment.toLowerCase()}`}
      collection="EpisodesOfCare"
      patientId={patient.id}
      state={state}
      noun="episode of care"
      empty="No episodes of care recorded."
      nameOf={(e) => programsOf(e) || formatDate(e.period?.start)}
      newRecord={() => ({
        resourceType: 'EpisodeOfCare',
        ...chartRecordBase(patient),
        status: 'active',
        period: { start: localToday(clock) },
        programs: [],
        diagnoses: [],
      })}
      actions={[
        { label: 'Finish today', when: (e) => e.status === 'active', apply: (e) => finishEpisode(e, localToday(clock)) },
        { label: 'Cancel episode', when: (e) => e.status === 'active', apply: (e) => ({ ...e, status: 'cancelled' }) },
      ]}
      instead="An episode that has ended is finished with an end date instead."
      renderItem={(e) => (
        <Stack gap={4}>
          <Group gap="xs">
            <Badge color={e.status === 'active' ? 'intent-success' : 'gray'} variant="light">
              {EPISODE_STATUSES[e.status] ?? e.status}
            </Badge>
            {e.programs.map((p) => (
              <Text key={p.program.id} fw={500}>
                {p.program.display ?? p.program.id}
              </Text>
            ))}
            <Text fz="sm" c="dimmed">
              {period(e.period)}
            </Text>
          </Group>
          {(e.diagnoses ?? []).map((d) => {
            const condition = byId.get(d.condition.id);
            return (
              <Text key={d.condition.id} fz="sm" pl="md">
                {d.role === 'primary' ? 'Primary: ' : d.role === 'secondary' ? 'Secondary: ' : ''}
                {condition ? diagnosisLabel(condition.code) : (d.condition.display ?? d.condition.id)}
              </Text>
            );
          })}
        </Stack>
      )}
      renderForm={(p) => <EpisodeForm {...p} patient={patient} conditions={conditions.items} />}
    />
  );
}
