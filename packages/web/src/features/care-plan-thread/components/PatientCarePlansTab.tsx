import type { CarePlan } from '@caseload/core';
import { Alert, Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconTarget } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { usePracticeTime, type ZonedClock } from '../../practice/index.ts';
import { usePatientCarePlanList } from '../hooks/usePatientCarePlanList.ts';
import { calendarDay } from '../utils/calendar-day.ts';
import { carePlanPath } from '../../care-plans/utils/plan-paths.ts';
import { NewCarePlanButton } from '../../care-plans/components/NewCarePlanButton.tsx';
import { GoldenThreadView } from './GoldenThreadView.tsx';

export interface PatientCarePlansTabProps {
  patientId: string;
}

const STATUS_COLOR: Record<CarePlan['status'], string> = { Active: 'green', Completed: 'blue', Cancelled: 'gray' };

const day = (date: string | undefined) => (date ? calendarDay(date) : undefined);

function planSummary(plan: CarePlan, clock: ZonedClock): string {
  const goals = plan.elements.filter((e) => e.kind === 'Goal').length;
  const start = day(plan.period?.start);
  return [
    goals === 1 ? '1 goal' : `${goals} goals`,
    start && `from ${start}`,
    plan.reviewDate && `review ${day(plan.reviewDate)}`,
    plan.signedAt ? `signed ${clock.formatDate(plan.signedAt)}` : 'not signed',
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The chart's Care plans tab: the patient's plans, the active ones first, each opening the plan,
 * and for the active plan the golden thread. A patient without a plan gets an empty state, with
 * "New care plan" for those who may write one.
 */
export function PatientCarePlansTab({ patientId }: PatientCarePlansTabProps) {
  const { plans, collection } = usePatientCarePlanList(patientId);
  const clock = usePracticeTime();
  const active = plans.find((p) => p.status === 'Active');
  // The care-plans feature's button writes the first draft and opens its editor.
  const newButton = <NewCarePlanButton patientId={patientId} variant={plans.length ? 'default' : 'filled'} />;

  if (plans.length === 0) {
    if (collection.loading) return <LoadingIndicator fullScreen={false} label="Loading the care plans" />;
    if (collection.error)
      return (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="The care plans could not be read">
          {collection.error.message}
        </Alert>
      );
    return (
      <EmptyState
        icon={IconTarget}
        title="No care plan yet"
        description="A care plan sets the goals, objectives and interventions that each session's note works towards."
        action={newButton || undefined}
        headingOrder={3}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap="xs" component="ul" aria-label="Care plans" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {plans.map((plan) => (
          <Card key={plan.id} component="li" withBorder radius="md" padding="sm" data-testid="care-plan-row">
            <Group justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600}>{plan.title ?? 'Care plan'}</Text>
                  <Badge color={STATUS_COLOR[plan.status]} variant="light" size="sm">
                    {plan.status}
                  </Badge>
                </Group>
                <Text fz="sm" c="dimmed">
                  {planSummary(plan, clock)}
                </Text>
              </div>
              <Anchor component={Link} to={carePlanPath(patientId, plan.id)} fz="sm" style={{ flexShrink: 0 }}>
                Open plan
              </Anchor>
            </Group>
          </Card>
        ))}
      </Stack>
      <Group>{newButton}</Group>
      {active ? (
        <GoldenThreadView patientId={patientId} plan={active} />
      ) : (
        <Text c="dimmed" fz="sm">
          No plan is active: the golden thread is shown for the active plan.
        </Text>
      )}
    </Stack>
  );
}
