import { isCarePlanSigned } from '@caseload/core';
import { Alert, Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconTargetArrow } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { useCan, usePracticeTime } from '../../practice/index.ts';
import { useMayWriteCarePlans } from '../hooks/useMayWriteCarePlans.ts';
import { useMyCarePlans } from '../hooks/useMyCarePlans.ts';
import { daysOverdue } from '../utils/my-plans.ts';
import { carePlanPath } from '../utils/plan-paths.ts';
import { NewCarePlanButton } from './NewCarePlanButton.tsx';
import { PlanPatientPicker } from './PlanPatientPicker.tsx';

const STATUS_COLOR = { Active: 'blue', Completed: 'green', Cancelled: 'gray' } as const;

/**
 * The /care-plans area: the plans the signed-in clinician wrote or is on the care team of, across
 * patients, active first, soonest review first; each opens the plan. A new plan starts from a
 * patient chosen here.
 */
export function MyCarePlans() {
  useDocumentTitle('Care plans · Caseload');
  const mine = useMyCarePlans();
  const clock = usePracticeTime();
  const today = clock.dateOf(new Date());
  const may = useMayWriteCarePlans();
  const mayConfigure = useCan('Create', 'CarePlanGoalTemplate');
  const [patientId, setPatientId] = useState<string>();

  let body;
  if (!mine.practitionerId) {
    body = (
      <EmptyState
        icon={IconTargetArrow}
        title="No care plans of your own"
        description="This lists the plans a clinician wrote or is on the care team of; you are signed in without a clinician profile."
      />
    );
  } else if (mine.error && mine.plans.length === 0) {
    body = (
      <Alert color="red" variant="light" role="alert" title="Your care plans could not be read">
        {mine.error instanceof Error ? mine.error.message : String(mine.error)}
      </Alert>
    );
  } else if (mine.loading && mine.plans.length === 0) {
    body = <LoadingIndicator fullScreen={false} label="Loading your care plans" />;
  } else if (mine.plans.length === 0) {
    body = (
      <EmptyState
        icon={IconTargetArrow}
        title="No care plans yet"
        description="Plans you write, or whose care team names you, are listed here with their review dates."
      />
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover data-testid="my-care-plans">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Patient</Table.Th>
              <Table.Th>Plan</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Review date</Table.Th>
              <Table.Th>Goals</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mine.plans.map((p) => {
              const overdue = p.status === 'Active' && p.reviewDate ? daysOverdue(p.reviewDate, today) : 0;
              return (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.patient.display ?? 'Patient'}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={carePlanPath(p.partition, p.id)}>
                      {p.title || 'Care plan'}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge variant="light" color={STATUS_COLOR[p.status]}>
                        {p.status}
                      </Badge>
                      {!isCarePlanSigned(p) && (
                        <Badge variant="outline" color="gray">
                          Not signed
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {p.reviewDate ? (
                      clock.formatDate(`${p.reviewDate}T12:00:00Z`)
                    ) : (
                      <Text span c="dimmed">
                        Not set
                      </Text>
                    )}
                    {overdue > 0 && (
                      <Badge ml="xs" color="orange" variant="light">
                        {overdue} day{overdue === 1 ? '' : 's'} overdue
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{p.elements.filter((e) => e.kind === 'Goal').length}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {mine.more && (
          <Text size="sm" c="dimmed" mt="xs">
            Showing the first plans only; open a patient's chart for all of theirs.
          </Text>
        )}
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="baseline">
          <Title order={1}>Care plans</Title>
          {mayConfigure && (
            <Anchor component={Link} to="/care-plans/templates" size="sm">
              Goal templates
            </Anchor>
          )}
        </Group>
        {may.create && (
          <Group align="flex-end" gap="sm">
            <PlanPatientPicker value={patientId} onChange={setPatientId} />
            {patientId && <NewCarePlanButton patientId={patientId} />}
          </Group>
        )}
      </Group>
      {body}
    </Stack>
  );
}
