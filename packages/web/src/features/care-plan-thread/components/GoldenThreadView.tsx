import type { CarePlan } from '@caseload/core';
import { Alert, Button, Grid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { userMessageFor } from '../../../platform/core-web.ts';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { usePracticeTime } from '../../practice/index.ts';
import { useCarePlanThread } from '../hooks/useCarePlanThread.ts';
import { goalThreadViews } from '../utils/goal-thread-view.ts';
import { GoalThreadCard } from './GoalThreadCard.tsx';
import { PatientScoreTrends } from './PatientScoreTrends.tsx';

export interface GoldenThreadViewProps {
  patientId: string;
  plan: CarePlan;
}

/**
 * The golden thread of the active plan (docs/care-plans.md, "In the chart"): each goal with its
 * objectives, progress and the notes that served it, beside the questionnaire score trends.
 */
export function GoldenThreadView({ patientId, plan }: GoldenThreadViewProps) {
  const thread = useCarePlanThread(plan.id, plan.meta?.versionId);
  const clock = usePracticeTime();
  const views = useMemo(() => (thread.value ? goalThreadViews(thread.value, (at) => clock.dateOf(at)) : []), [thread.value, clock]);
  const untouched = views.filter((v) => v.sessions.length === 0).length;
  let goals;
  if (thread.error && !thread.value) {
    goals = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="The golden thread could not be read">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{userMessageFor(thread.error)}</Text>
          <Button size="xs" variant="default" onClick={thread.reload}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!thread.value) {
    goals = <LoadingIndicator fullScreen={false} label="Reading the golden thread" />;
  } else if (views.length === 0) {
    goals = (
      <Text fz="sm" c="dimmed">
        This plan has no goals yet.
      </Text>
    );
  } else {
    goals = views.map((view, i) => <GoalThreadCard key={view.goal.id} patientId={patientId} view={view} position={i + 1} />);
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby="golden-thread-heading" aria-busy={thread.loading} data-testid="golden-thread">
      <div>
        <Title order={3} fz="lg" id="golden-thread-heading">
          Golden thread
        </Title>
        <Text fz="sm" c="dimmed">
          {views.length > 0 &&
            (untouched === 0
              ? 'Every goal has been addressed in a note.'
              : `${untouched} of ${views.length} goals not addressed in any note yet.`)}
        </Text>
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">{goals}</Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <PatientScoreTrends patientId={patientId} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
