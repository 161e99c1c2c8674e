import type { Coding, Patient } from '@caseload/core';
import { Button, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { formatDate } from '../utils/patient-display.ts';
import type { ChartEditor } from '../utils/chart-editors.ts';

export interface DemographicsTabProps {
  patient: Patient;
  /** Absent when the acting profile may not change the demographics. */
  onEdit?: (editor: ChartEditor) => void;
}

const coded = (c: Coding | undefined) => c?.display ?? c?.code ?? '';
const nameOf = (patient: Patient, use?: 'Preferred' | 'Nickname') => {
  const n = (patient.names ?? []).find((x) => x.use === use);
  return n ? [...(n.given ?? []), n.family ?? ''].join(' ').trim() : '';
};

/** The patient's names, birth date and coded demographics, with the way to edit them. */
export function DemographicsTab({ patient, onEdit }: DemographicsTabProps) {
  const rows: [string, string][] = [
    ['Legal name', nameOf(patient)],
    ['Preferred name', nameOf(patient, 'Preferred')],
    ['Nickname', nameOf(patient, 'Nickname')],
    ['Birth date', formatDate(patient.birthDate)],
    ['Administrative sex', patient.administrativeSex ?? ''],
    ['Gender identity', coded(patient.genderIdentity)],
    ['Sexual orientation', coded(patient.sexualOrientation)],
    ['Race', (patient.race ?? []).map(coded).join(', ')],
    ['Ethnicity', coded(patient.ethnicity)],
    ['MRN', patient.mrn ?? ''],
  ];
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          Demographics
        </Title>
        {onEdit && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={16} />}
            onClick={() => onEdit('demographics')}
            aria-label="Edit demographics"
          >
            Edit
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
        {rows.map(([term, value]) => (
          <div key={term}>
            <Text component="dt" fz="sm" c="dimmed">
              {term}
            </Text>
            <Text component="dd" m={0}>
              {value || '—'}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
