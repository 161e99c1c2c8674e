import type { ResponseScore } from '@caseload/core';
import { Alert, Badge, Group, Paper, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { intentColor } from '../../../../ui/intents.ts';

export interface ScoreSummaryProps {
  score: ResponseScore;
  /** The instrument's name, where the screen's own title does not say it (a note's section). */
  instrument?: string;
}

/** Under the shell's header while its questions scroll by. */
const STICKY = { position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 8px)', zIndex: 2 } as const;

/**
 * A scored response's total, band (once every scored item is answered) and alerts, from core's
 * `scoreAssessment`: the same wherever the questionnaire is filled in (its own screen, a note).
 * It stays in view while the questions scroll by, so the item-9 alert shows where the clinician
 * is answering item 9, not only at the top of a long form.
 */
export function ScoreSummary({ score, instrument }: ScoreSummaryProps) {
  return (
    <Paper withBorder shadow="xs" p="xs" style={STICKY} data-testid="score-summary">
      <Group gap="sm">
        <Text fw={600}>
          {instrument ? `${instrument} score` : 'Score'} <span data-testid="score-total">{score.total}</span> of {score.maxScore}
        </Text>
        {score.band ? (
          <Badge color={intentColor(score.band.intent)} variant="filled" data-testid="score-band">
            {score.band.label}
          </Badge>
        ) : (
          <Text fz="sm" c="dimmed">
            {score.answered} of {score.scoredItems} scored questions answered: no severity until all are.
          </Text>
        )}
      </Group>
      {score.alerts?.map((a) => (
        <Alert key={a} mt="xs" color="intent-danger" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
          {a}
        </Alert>
      ))}
    </Paper>
  );
}
