import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarShare, IconCheck, IconCopy } from '@tabler/icons-react';
import { useId } from 'react';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { useCalendarFeed } from '../hooks/useCalendarFeed.ts';

/**
 * "Calendar feed": a read-only iCalendar URL of the user's appointments for a phone or desktop
 * calendar. The URL is its own credential, shown once: making a new one stops the old, and
 * "Stop the feed" revokes it. Shown to practitioners who may view the scheduler.
 */
export function CalendarFeedSettings() {
  const feed = useCalendarFeed();
  const heading = useId();
  if (!feed.offered) return null;
  const { issued } = feed;
  return (
    <Stack gap={6} component="section" aria-labelledby={heading}>
      <Text id={heading} fw={500} fz="sm">
        Calendar feed
      </Text>
      <Text fz="xs" c="dimmed">
        Subscribe to your appointments from your phone's or computer's calendar. Anyone with the link can read it: keep it to yourself, and
        stop it if it leaks.
      </Text>
      {issued && (
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput label="Your feed URL" value={issued.url} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
            <CopyButton value={issued.url}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  aria-label={copied ? 'Copied' : 'Copy feed URL'}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text fz="xs" c="dimmed" role="status">
            Shown this once. {issued.showsPatientNames ? 'Events name the patient.' : 'Events do not name patients.'}
          </Text>
        </Stack>
      )}
      {feed.revoked && (
        <Text fz="xs" role="status">
          {feed.revoked === 'stopped' ? 'The feed is stopped: its URL no longer works.' : 'You have no feed to stop.'}
        </Text>
      )}
      <FormErrorAlert error={feed.create.error ?? feed.revoke.error} />
      <Group gap="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconCalendarShare size={16} />}
          loading={feed.create.pending}
          onClick={() => void feed.create.run()}
        >
          {issued ? 'Make a new URL' : 'Get a feed URL'}
        </Button>
        <Button variant="subtle" color="red" size="xs" loading={feed.revoke.pending} onClick={() => void feed.revoke.run()}>
          Stop the feed
        </Button>
      </Group>
      {!issued && (
        <Text fz="xs" c="dimmed">
          A new URL stops any earlier one.
        </Text>
      )}
    </Stack>
  );
}
