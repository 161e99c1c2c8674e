import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useResource, useUpsert, type FailedUpsert } from '../../../data/index.ts';
import { useCan, usePracticeTime } from '../../practice/index.ts';
import { describeItem, editLines, editText, editTitle, refusalReason, restoredEdit } from '../utils/edit-text.ts';
import { CopyTextButton } from './CopyTextButton.tsx';
import { EditValues } from './EditValues.tsx';

export interface FailedEditCardProps {
  failure: FailedUpsert;
  /** Where this edit stands among its item's refused edits, when there are several. */
  position?: { n: number; of: number };
  onDismiss: () => void;
}

/**
 * One refused edit: what it was, why the server refused it, the values the user typed, and ways
 * to keep them: Copy (the whole edit as text), Restore (only where the user may still make that
 * write) and Dismiss.
 */
export function FailedEditCard({ failure, position, onDismiss }: FailedEditCardProps) {
  const { item: current } = useResource(failure.collection, failure.id);
  const upsert = useUpsert(failure.collection);
  const [restoring, setRestoring] = useState(false);
  const { formatDateTime: formatEditTime } = usePracticeTime();
  const name = describeItem(failure.item);
  const mayWrite = useCan(current ? 'Update' : 'Create', failure.item.resourceType);
  const canRestore = failure.operation !== 'delete' && mayWrite;
  const restore = async () => {
    setRestoring(true);
    try {
      await upsert(restoredEdit(current, failure.item));
      onDismiss();
      notifications.show({ color: 'caseload', message: `Your version of ${name} will be saved again.` });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: `Couldn't restore ${name}`,
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setRestoring(false);
    }
  };
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={`Not saved: ${name}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={600}>{editTitle(failure)}</Text>
            <Text fz="sm" c="red.8">
              {refusalReason(failure)}
            </Text>
          </div>
          <Stack gap={0} align="flex-end">
            <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatEditTime(failure.madeAt ?? failure.lastAttempt)}
            </Text>
            {position && (
              <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                Edit {position.n} of {position.of}
              </Text>
            )}
          </Stack>
        </Group>
        <EditValues lines={editLines(failure)} testId="failed-edit-text" />
        <Group gap="xs" justify="flex-end">
          <CopyTextButton value={editText(failure, `Not saved: ${refusalReason(failure)}`, formatEditTime)} />
          {canRestore && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArrowBackUp size={16} />}
              loading={restoring}
              onClick={() => void restore()}
            >
              Restore my version
            </Button>
          )}
          <Button size="xs" variant="subtle" color="gray" leftSection={<IconTrash size={16} />} onClick={onDismiss}>
            Dismiss
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
