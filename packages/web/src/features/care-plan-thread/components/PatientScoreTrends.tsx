import type { Questionnaire, QuestionnaireResponse } from '@caseload/core';
import { Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { useCollection } from '../../../data/index.ts';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { trendPoints } from '../../forms/utils/assessment-trend.ts';
import { usePracticeTime } from '../../practice/index.ts';

// The forms feature's own chart, so a PHQ-9 trend looks the same here as under "Forms and assessments".
const ScoreTrendChart = lazy(() => import('../../forms/components/assessments/ScoreTrendChart.tsx'));

export interface PatientScoreTrendsProps {
  patientId: string;
}

/** The patient's questionnaire score trends (PHQ-9, GAD-7...), shown beside the goals' progress. */
export function PatientScoreTrends({ patientId }: PatientScoreTrendsProps) {
  const responses = useCollection<QuestionnaireResponse>('QuestionnaireResponses', { partition: patientId });
  const questionnaires = useCollection<Questionnaire>('Questionnaires');
  const clock = usePracticeTime();
  const trends = useMemo(
    () =>
      questionnaires.items
        .filter((q) => q.scoring && !q.meta?.isDeleted)
        .map((q) => ({ q, points: trendPoints(responses.items, q.id, q.scoring!, clock) }))
        .filter((t) => t.points.length > 0),
    [questionnaires.items, responses.items, clock],
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby="score-trends-heading">
      <Title order={3} fz="md" id="score-trends-heading">
        Questionnaire scores
      </Title>
      {trends.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {responses.loading ? 'Reading the scores…' : 'No scored questionnaire (PHQ-9, GAD-7) answered yet.'}
        </Text>
      ) : (
        trends.map(({ q, points }) => (
          <Suspense key={q.id} fallback={<LoadingIndicator fullScreen={false} label="Loading the chart" />}>
            <ScoreTrendChart title={q.title} scoring={q.scoring!} points={points} />
          </Suspense>
        ))
      )}
    </Stack>
  );
}
