import type { Patient } from '@caseload/core';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useLabel } from '../../practice/index.ts';
import type { ChartEditor } from '../utils/chart-editors.ts';
import { formatDate } from '../utils/patient-display.ts';

export interface CareTeamTabProps {
  patient: Patient;
  /** Absent when the acting profile may not change the care team. */
  onEdit?: (editor: ChartEditor) => void;
}

/** The members of the patient's care team, with their care-team roles and since when. */
export function CareTeamTab({ patient, onEdit }: CareTeamTabProps) {
  const members = patient.careTeam ?? [];
  const practitioners = useLabel('practitioner', 'plural');
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          Care team
        </Title>
        {onEdit && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={16} />}
            onClick={() => onEdit('careTeam')}
            aria-label="Edit care team"
          >
            Edit
          </Button>
        )}
      </Group>
      {members.length === 0 ? (
        <Text c="dimmed">No {practitioners.toLowerCase()} on the care team yet.</Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {members.map((m, i) => (
            <Group component="li" key={`${m.member.id}-${i}`} gap="sm">
              <Text fw={500}>{m.member.display ?? m.member.id}</Text>
              {m.role && <Badge variant="light">{m.role.display ?? m.role.code}</Badge>}
              {m.period?.start && (
                <Text fz="sm" c="dimmed">
                  since {formatDate(m.period.start)}
                </Text>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
