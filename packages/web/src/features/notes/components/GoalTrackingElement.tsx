import { goalBranches, type CarePlan, type CarePlanElement, type Encounter, type GoalProgress } from '@caseload/core';
import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useNoteGoals } from '../hooks/useNoteGoals.ts';
import { PROGRESS_CHOICES, activityOf } from '../utils/care-plan-activities.ts';

export interface GoalTrackingElementProps {
  label: string;
  partition: string;
  encounter: Encounter;
  /** Absent: read only (a signed note). */
  onEncounterChange?: (change: (e: Encounter) => Encounter) => void;
}

/**
 * The note's GoalTracking section: progress on each goal and objective of the active plan as of
 * this session (NotAchieved, InProgress, Achieved, Abandoned) with a comment, stored on the
 * encounter's `carePlanActivities`; recording progress marks the element addressed.
 */
export function GoalTrackingElement({ label, partition, encounter, onEncounterChange }: GoalTrackingElementProps) {
  const goals = useNoteGoals(partition, encounter, onEncounterChange);
  if (goals.loading)
    return (
      <Text size="sm" c="dimmed">
        Reading the care plan…
      </Text>
    );
  if (goals.plans.length === 0)
    return <EmptyState icon={IconListCheck} title={label} description="This patient has no active care plan to track." headingOrder={3} />;
  const row = (plan: CarePlan, element: CarePlanElement) => {
    const activity = activityOf(encounter, plan.id, element.id);
    const name = `${element.kind}: ${element.text}`;
    return (
      <Group key={element.id} align="flex-end" wrap="nowrap" ml={element.kind === 'Objective' ? 24 : 0}>
        <Select
          label={name}
          placeholder="Not recorded"
          data={PROGRESS_CHOICES}
          value={activity?.progress ?? null}
          clearable
          readOnly={!goals.progress}
          onChange={(v) => goals.progress?.(plan, element.id, v as GoalProgress | null)}
          style={{ flex: 1 }}
        />
        <TextInput
          aria-label={`Comment on ${name}`}
          placeholder="Comment"
          value={activity?.comment ?? ''}
          readOnly={!goals.progress}
          disabled={!activity?.progress}
          onChange={(e) => goals.progress?.(plan, element.id, activity?.progress ?? null, e.currentTarget.value)}
          w={220}
        />
      </Group>
    );
  };
  return (
    <Stack gap="xs" data-testid="goal-tracking">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {goals.plans.flatMap((plan) =>
        goalBranches(plan).map((branch) => (
          <Stack key={`${plan.id}/${branch.goal.id}`} gap={4}>
            {row(plan, branch.goal)}
            {branch.objectives.map((o) => row(plan, o))}
          </Stack>
        )),
      )}
    </Stack>
  );
}
