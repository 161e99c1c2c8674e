import type { ResponseScore } from '@caseload/core';
import { Alert, Badge, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { intentColor } from '../../../../ui/intents.ts';

/** A scored response's total, band (once every scored item is answered) and alerts. */
export function ScoreSummary({ score }: { score: ResponseScore }) {
  return (
    <div data-testid="score-summary">
      <Group gap="sm">
        <Text fw={600}>
          Score <span data-testid="score-total">{score.total}</span> of {score.maxScore}
        </Text>
        {score.band ? (
          <Badge color={intentColor(score.band.intent)} variant="filled" data-testid="score-band">{score.band.label}</Badge>
        ) : (
          <Text fz="sm" c="dimmed">{score.answered} of {score.scoredItems} scored questions answered: no severity until all are.</Text>
        )}
      </Group>
      {score.alerts?.map((a) => (
        <Alert key={a} mt="xs" color="intent-danger" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
          {a}
        </Alert>
      ))}
    </div>
  );
}
