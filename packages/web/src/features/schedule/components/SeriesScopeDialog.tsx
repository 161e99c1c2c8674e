import { Button, Stack, Text } from '@mantine/core';
import { Modal } from '../../../ui/Modal.tsx';
import { usePracticeTime } from '../../practice/index.ts';
import type { ScopeQuestion } from '../hooks/useMoveEntry.ts';
import { SERIES_SCOPE_LABELS, type SeriesScope } from '../utils/series-edit.ts';

const ALL_SCOPES: readonly SeriesScope[] = ['this', 'following', 'all'];

export interface SeriesScopeDialogProps {
  question: ScopeQuestion | undefined;
  onAnswer(scope: SeriesScope): void;
  /** Closed without an answer: the occurrence goes back where it was. */
  onCancel(): void;
}

/**
 * "This occurrence, this and following, or all?" when an occurrence of a recurring appointment is
 * moved (docs/scheduling.md, "The web calendar"). Scopes that cannot be taken now are shown
 * disabled with the reason (offline, or a rule naming its weekdays moved to another day).
 */
export function SeriesScopeDialog({ question, onAnswer, onCancel }: SeriesScopeDialogProps) {
  const clock = usePracticeTime();
  return (
    <Modal opened={question !== undefined} onClose={onCancel} title="Move a recurring appointment">
      {question && (
        <Stack gap="sm">
          <Text size="sm">
            Move to {clock.formatRange(question.changes.start!, question.changes.end!)}. Which appointments of the series change?
          </Text>
          {ALL_SCOPES.map((scope, i) => (
            <Button
              key={scope}
              variant={i === 0 ? 'filled' : 'light'}
              disabled={!question.scopes.includes(scope)}
              onClick={() => onAnswer(scope)}
              data-autofocus={i === 0 || undefined}
            >
              {SERIES_SCOPE_LABELS[scope]}
            </Button>
          ))}
          {question.scopes.length === 1 && (
            <Text size="xs" c="dimmed">
              Moving the later appointments needs a connection, and a series kept to named weekdays moves to another day one appointment at
              a time.
            </Text>
          )}
          <Button variant="default" onClick={onCancel}>
            Keep where it was
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
