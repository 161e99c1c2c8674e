import type { Allergy, EpisodeOfCare, Patient } from '@caseload/core';
import { ageOn } from '@caseload/core';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
// The link's own file, not the feature's index: the chart's chunk must not carry the audit screen.
import { AuditTrailLink } from '../../audit-trail/components/AuditTrailLink.tsx';
import { usePracticeTime } from '../../practice/index.ts';
import { StartScribeSessionButton } from '../../scribe/index.ts';
import { formatDate, goesBy, localToday, patientName } from '../utils/patient-display.ts';

export interface ChartHeaderProps {
  patient: Patient;
  episodes: EpisodeOfCare[];
  allergies: Allergy[];
}

/** The programs of the active episodes of care, each once. */
function activePrograms(episodes: EpisodeOfCare[]): string[] {
  const names = episodes.filter((e) => e.status === 'active').flatMap((e) => e.programs.map((p) => p.program.display ?? p.program.id));
  return [...new Set(names)];
}

/** The top of the chart: who this is (name, the name they go by, age, sex, MRN), their programs, alerts and allergies. */
export function ChartHeader({ patient, episodes, allergies }: ChartHeaderProps) {
  const clock = usePracticeTime();
  const today = useMemo(() => localToday(clock), [clock]);
  const age = ageOn(patient.birthDate, today);
  const preferred = goesBy(patient);
  const programs = activePrograms(episodes);
  const activeAllergies = allergies.filter((a) => a.status !== 'inactive');
  const facts = [
    age !== undefined ? `${age} y` : undefined,
    patient.administrativeSex,
    patient.birthDate ? `Born ${formatDate(patient.birthDate)}` : undefined,
    patient.mrn ? `MRN ${patient.mrn}` : undefined,
  ].filter(Boolean);
  return (
    <Paper withBorder p="md" data-testid="chart-header">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" align="baseline">
            <Title order={1} fz={24}>
              {patientName(patient)}
            </Title>
            {preferred && (
              <Text c="dimmed" fz="lg">
                goes by {preferred}
              </Text>
            )}
          </Group>
          <Group gap="sm">
            <StartScribeSessionButton patientId={patient.id} />
            <AuditTrailLink patientId={patient.id} label="Access log" />
          </Group>
        </Group>
        <Text data-testid="chart-facts">{facts.join(' · ')}</Text>
        {(programs.length > 0 || (patient.alerts ?? []).length > 0 || activeAllergies.length > 0) && (
          <Group gap={6} aria-label="Programs, alerts and allergies" role="group">
            {programs.map((p) => (
              <Badge key={`program-${p}`} variant="light" color="caseload">
                {p}
              </Badge>
            ))}
            {(patient.alerts ?? []).map((a) => (
              <Badge key={`alert-${a}`} color="intent-warning" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
                {a}
              </Badge>
            ))}
            {activeAllergies.map((a) => (
              <Badge key={`allergy-${a.id}`} color="intent-danger" variant="filled">
                Allergy: {a.substance.display ?? a.substance.code}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
