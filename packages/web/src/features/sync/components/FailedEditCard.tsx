import { Button, Card, Code, CopyButton, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconCheck, IconClipboardCopy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useResource, useUpsert, type FailedUpsert } from '../../../data/index.ts';
import { describeItem, recoverableText, restoredEdit } from '../utils/recoverable-text.ts';

export interface FailedEditCardProps {
  failure: FailedUpsert;
  onDismiss: () => void;
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const WHAT: Record<FailedUpsert['operation'], string> = { upsert: 'Edit', upload: 'Upload', delete: 'Delete' };

/** One refused write: what it was, why, the user's words, and copy / restore / dismiss. */
export function FailedEditCard({ failure, onDismiss }: FailedEditCardProps) {
  const { item: current } = useResource(failure.collection, failure.id);
  const upsert = useUpsert(failure.collection);
  const [restoring, setRestoring] = useState(false);
  const text = recoverableText(failure.item);
  const name = describeItem(failure.item);
  const canRestore = failure.operation !== 'delete';

  const restore = async () => {
    setRestoring(true);
    try {
      await upsert(restoredEdit(current, failure.item));
      onDismiss();
      notifications.show({ color: 'caseload', message: `Your version of ${name} will be saved again.` });
    } catch (error) {
      notifications.show({ color: 'red', title: `Couldn't restore ${name}`, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setRestoring(false);
    }
  };

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={`Not saved: ${name}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={600}>
              {WHAT[failure.operation]}: {name}
            </Text>
            {failure.detail && (
              <Text fz="sm" c="dimmed">
                {failure.detail}
              </Text>
            )}
          </div>
          <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {when.format(new Date(failure.lastAttempt))}
          </Text>
        </Group>
        <ScrollArea.Autosize mah={160} type="auto">
          <Code block style={{ whiteSpace: 'pre-wrap' }} data-testid="failed-edit-text">
            {text || '(no text)'}
          </Code>
        </ScrollArea.Autosize>
        <Group gap="xs" justify="flex-end">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" leftSection={copied ? <IconCheck size={16} /> : <IconClipboardCopy size={16} />} onClick={copy}>
                {copied ? 'Copied' : 'Copy my text'}
              </Button>
            )}
          </CopyButton>
          {canRestore && (
            <Button size="xs" variant="default" leftSection={<IconArrowBackUp size={16} />} loading={restoring} onClick={() => void restore()}>
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
