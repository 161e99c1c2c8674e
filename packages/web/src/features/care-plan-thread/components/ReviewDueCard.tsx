import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import { Link } from 'react-router';
import { QueueCard } from '../../notes-queues/components/QueueCard.tsx';
import { useCan, useLabel } from '../../practice/index.ts';
import { usePatientNames } from '../hooks/usePatientNames.ts';
import { REVIEW_AHEAD_DAYS, useReviewDue } from '../hooks/useReviewDue.ts';
import { calendarDay } from '../utils/calendar-day.ts';
import { carePlanPath } from '../../care-plans/utils/plan-paths.ts';

const rowStyle = { borderTop: '1px solid var(--mantine-color-default-border)' };

const dueText = (daysOverdue: number) =>
  daysOverdue > 0
    ? `${daysOverdue === 1 ? '1 day' : `${daysOverdue} days`} overdue`
    : daysOverdue === 0
      ? 'Due today'
      : `Due in ${-daysOverdue === 1 ? '1 day' : `${-daysOverdue} days`}`;

/**
 * "Care plans due for review": the caller's active plans (written by them or naming them in the
 * care team) whose review date has passed or comes within two weeks, most overdue first, each
 * opening the plan. Shown only to those who read care plans.
 */
export function ReviewDueCard() {
  const reads = useCan('Read', 'CarePlan');
  const due = useReviewDue(reads);
  const patient = useLabel('patient', 'singular');
  const items = due.value?.items;
  const names = usePatientNames(items?.map((i) => i.carePlan.partition) ?? []);
  if (!reads) return null;
  return (
    <QueueCard
      title="Care plans due for review"
      icon={IconCalendarDue}
      count={items?.length}
      loading={due.loading}
      error={due.error}
      onRetry={due.reload}
      more={due.value?.truncated}
      empty={{
        title: 'No plan due for review',
        description: `Your patients' care plans show here when their review date is past or within ${REVIEW_AHEAD_DAYS} days.`,
      }}
    >
      <Stack gap={0} component="ul" aria-label="Care plans due for review" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {(items ?? []).map(({ carePlan, daysOverdue }) => (
          <Group key={carePlan.id} component="li" justify="space-between" wrap="nowrap" py="xs" style={rowStyle}>
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={carePlanPath(carePlan.partition, carePlan.id)} fw={500}>
                {carePlan.patient.display ?? names.get(carePlan.partition) ?? patient} · {carePlan.title ?? 'Care plan'}
              </Anchor>
              <Text fz="sm" c="dimmed">
                Review date {calendarDay(carePlan.reviewDate ?? '')}
              </Text>
            </div>
            <Badge color={daysOverdue > 0 ? 'red' : 'yellow'} variant="light" style={{ flexShrink: 0 }}>
              {dueText(daysOverdue)}
            </Badge>
          </Group>
        ))}
      </Stack>
    </QueueCard>
  );
}
