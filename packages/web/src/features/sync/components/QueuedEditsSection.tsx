import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useQueuedEdits } from '../hooks/useQueuedEdits.ts';
import { editText } from '../utils/edit-text.ts';
import { usePracticeTime } from '../../practice/index.ts';
import { CopyTextButton } from './CopyTextButton.tsx';
import { QueuedEditCard } from './QueuedEditCard.tsx';

export interface QueuedEditsSectionProps {
  count: number;
  /** Shown open: the queue cannot send now (offline, or signed out), so what waits is news. */
  held: boolean;
}

/**
 * The edits waiting to be sent, each with its values and Copy (and Copy all): a user whose
 * edits cannot be sent (offline, signed out) can read and keep every one of them.
 */
export function QueuedEditsSection({ count, held }: QueuedEditsSectionProps) {
  const [open, setOpen] = useState(held);
  const edits = useQueuedEdits(open);
  const { formatDateTime: formatEditTime } = usePracticeTime();
  const all = (edits ?? []).map((e) => editText(e, 'Waiting to be sent', formatEditTime)).join('\n\n');
  return (
    <Stack gap="xs" component="section" aria-label="Waiting to be sent">
      <Group justify="space-between">
        <Title order={3} fz="md">
          Waiting to be sent
        </Title>
        <Group gap="xs">
          {open && edits && edits.length > 0 && <CopyTextButton value={all} label="Copy all" />}
          <Button
            size="xs"
            variant="subtle"
            leftSection={open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide them' : `Show ${count === 1 ? 'it' : `all ${count}`}`}
          </Button>
        </Group>
      </Group>
      {open && !edits && <Loader size="sm" aria-label="Reading the edits waiting" />}
      {open && edits?.length === 0 && <Text c="dimmed">Nothing waits now.</Text>}
      {open && edits?.map((edit) => <QueuedEditCard key={edit.seq} edit={edit} />)}
    </Stack>
  );
}
