import { Card, Group, Stack, Text } from '@mantine/core';
import type { QueuedEdit } from '../../../data/index.ts';
import { describeItem, editLines, editText, editTitle } from '../utils/edit-text.ts';
import { usePracticeTime } from '../../practice/index.ts';
import { CopyTextButton } from './CopyTextButton.tsx';
import { EditValues } from './EditValues.tsx';

export interface QueuedEditCardProps {
  edit: QueuedEdit;
}

/** One edit waiting to be sent: what it is, when it was made, its values, and Copy. */
export function QueuedEditCard({ edit }: QueuedEditCardProps) {
  const { formatDateTime: formatEditTime } = usePracticeTime();
  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-label={`Waiting: ${describeItem(edit.item)}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} fz="sm">
            {editTitle(edit)}
          </Text>
          <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatEditTime(edit.madeAt)}
          </Text>
        </Group>
        <EditValues lines={editLines(edit)} testId="queued-edit-text" />
        <Group justify="flex-end">
          <CopyTextButton value={editText(edit, 'Waiting to be sent', formatEditTime)} />
        </Group>
      </Stack>
    </Card>
  );
}
