import type { CarePlanGoalTemplate } from '@caseload/core';
import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCollection, useDelete } from '../../../data/index.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { useCan } from '../../practice/index.ts';
import { GoalTemplateForm } from './GoalTemplateForm.tsx';

/**
 * `/care-plans/templates`: the practice's goal templates (practice configuration), by program,
 * for a profile that may write them (the Manage note configuration grant set); read-only otherwise.
 */
export function GoalTemplatesAdmin() {
  useDocumentTitle('Goal templates · Caseload');
  const templates = useCollection<CarePlanGoalTemplate>('CarePlanGoalTemplates');
  const mayWrite = useCan('Create', 'CarePlanGoalTemplate');
  const mayDelete = useCan('Delete', 'CarePlanGoalTemplate');
  const remove = useDelete('CarePlanGoalTemplates');
  const [editing, setEditing] = useState<CarePlanGoalTemplate | 'new'>();
  const sorted = [...templates.items].sort(
    (a, b) => (a.program?.display ?? '').localeCompare(b.program?.display ?? '') || a.name.localeCompare(b.name),
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={1}>Goal templates</Title>
          <Text c="dimmed" size="sm">
            Goals offered ready-made in the care-plan editor, with their objectives and interventions.{' '}
            <Anchor component={Link} to="/care-plans">
              Back to care plans
            </Anchor>
          </Text>
        </div>
        {mayWrite && !editing && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New goal template
          </Button>
        )}
      </Group>
      {editing && (
        <Card withBorder padding="md">
          <GoalTemplateForm template={editing === 'new' ? undefined : editing} onDone={() => setEditing(undefined)} />
        </Card>
      )}
      {templates.loading && sorted.length === 0 ? (
        <LoadingIndicator fullScreen={false} label="Loading the goal templates" />
      ) : sorted.length === 0 ? (
        <EmptyState
          icon={IconTemplate}
          title="No goal templates yet"
          description="A template holds a goal with its objectives and interventions, for one program or every one."
        />
      ) : (
        <Table striped data-testid="goal-templates">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Program</Table.Th>
              <Table.Th>Goal</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td>
                  {t.name}{' '}
                  {t.active === false && (
                    <Badge variant="light" color="gray">
                      Not offered
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{t.program?.display ?? 'Every program'}</Table.Td>
                <Table.Td>
                  {t.goal}
                  <Text size="xs" c="dimmed">
                    {t.objectives?.length ?? 0} objectives, {t.interventions?.length ?? 0} interventions
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {mayWrite && (
                      <Button size="compact-sm" variant="subtle" onClick={() => setEditing(t)}>
                        Edit
                      </Button>
                    )}
                    {mayDelete && (
                      <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove(t)}>
                        Delete
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
