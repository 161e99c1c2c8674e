import { CARE_PLAN_MESSAGES, goalBranches, type CarePlan, type CarePlanElement, type Encounter } from '@caseload/core';
import { Alert, Card, Checkbox, Stack, Text, Title } from '@mantine/core';
import { IconTarget } from '@tabler/icons-react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useNoteGoals } from '../hooks/useNoteGoals.ts';
import { activityOf } from '../utils/care-plan-activities.ts';
import { fieldDomId } from '../utils/note-refs.ts';

export interface GoalsObjectivesElementProps {
  label: string;
  partition: string;
  encounter: Encounter;
  /** Absent: read only (a signed note). */
  onEncounterChange?: (change: (e: Encounter) => Encounter) => void;
  /** A card of its own outside any section, and nothing (rather than the empty state) when the patient has no plan to show. */
  quietWithoutPlan?: boolean;
}

const KIND_WORD = { Goal: 'Goal', Objective: 'Objective', Intervention: 'Intervention' } as const;
const INDENT = { Goal: 0, Objective: 24, Intervention: 48 } as const;

/**
 * The note's GoalsObjectives section (docs/care-plans.md, "The thread"): the patient's active care
 * plan as a list of goals with their objectives and interventions, each ticked when the session
 * addressed it (the encounter's `carePlanActivities`). A note tied to no goal is flagged.
 */
export function GoalsObjectivesElement({ label, partition, encounter, onEncounterChange, quietWithoutPlan }: GoalsObjectivesElementProps) {
  const goals = useNoteGoals(partition, encounter, onEncounterChange);
  if (goals.loading)
    return quietWithoutPlan ? null : (
      <Text size="sm" c="dimmed">
        Reading the care plan…
      </Text>
    );
  if (goals.plans.length === 0)
    return quietWithoutPlan ? null : (
      <EmptyState icon={IconTarget} title={label} description="This patient has no active care plan." headingOrder={3} />
    );
  const row = (plan: CarePlan, element: CarePlanElement) => (
    <Checkbox
      key={element.id}
      ml={INDENT[element.kind]}
      label={`${KIND_WORD[element.kind]}: ${element.text}`}
      checked={!!activityOf(encounter, plan.id, element.id)}
      disabled={!goals.toggle}
      onChange={(e) => goals.toggle?.(plan, element.id, e.currentTarget.checked)}
    />
  );
  const list = (
    // The checks panel focuses this list for the golden-thread rule (its path is encounter.carePlanActivities).
    <Stack gap="xs" data-testid="goals-objectives" id={goals.toggle ? fieldDomId('encounter.carePlanActivities') : undefined} tabIndex={-1}>
      {quietWithoutPlan ? (
        <Title order={3} fz="md">
          {label}
        </Title>
      ) : (
        <Text size="sm" fw={500}>
          {label}
        </Text>
      )}
      {goals.noGoal && (
        <Alert color="yellow" variant="light" title="Tied to no goal">
          {CARE_PLAN_MESSAGES.noGoalAddressed}
        </Alert>
      )}
      {goals.plans.map((plan) => (
        <Stack key={plan.id} gap={6} role="group" aria-label={plan.title ?? 'Care plan'}>
          <Text size="xs" c="dimmed">
            {plan.title ?? 'Care plan'}
            {plan.reviewDate ? ` · review by ${plan.reviewDate}` : ''}
          </Text>
          {goalBranches(plan).map((branch) => (
            <Stack key={branch.goal.id} gap={4}>
              {row(plan, branch.goal)}
              {branch.objectives.map((o) => row(plan, o))}
              {branch.interventions.map((i) => row(plan, i))}
            </Stack>
          ))}
        </Stack>
      ))}
    </Stack>
  );
  return quietWithoutPlan ? (
    <Card withBorder padding="md" component="section" aria-label={label}>
      {list}
    </Card>
  ) : (
    list
  );
}
