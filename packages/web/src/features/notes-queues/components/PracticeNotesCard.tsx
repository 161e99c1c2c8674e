import { NOTE_STATUS_LABELS } from '@caseload/core';
import { Alert, Box, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { userMessageFor } from '../../../platform/core-web.ts';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { usePracticeNoteCounts } from '../hooks/usePracticeNoteCounts.ts';
import type { PracticeNoteCounts } from '../utils/practice-note-filters.ts';

const STATS: { key: keyof PracticeNoteCounts; label: string; hint: string }[] = [
  { key: 'unsigned', label: NOTE_STATUS_LABELS.Preliminary, hint: 'Written but not yet signed by their author' },
  {
    key: 'awaitingCoSignature',
    label: NOTE_STATUS_LABELS.AwaitingCoSignature,
    hint: 'Signed by their author; a supervisor has yet to co-sign',
  },
  { key: 'signedThisWeek', label: 'Signed this week', hint: 'Became final in the last seven days' },
];

/**
 * The practice's notes at a glance, for those who read notes but write none here (an associate
 * viewing a practice, an administrator): how many are unsigned, await a co-signature, and were
 * signed this week, counted by the server.
 */
export function PracticeNotesCard() {
  const { value, loading, error, reload } = usePracticeNoteCounts();
  const headingId = 'practice-notes';
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId} aria-busy={loading}>
      <Title order={2} fz={18} id={headingId} mb="sm">
        Notes in this practice
      </Title>
      {error && !value ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="The note counts could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{userMessageFor(error)}</Text>
            <Button size="xs" variant="default" onClick={reload}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : !value ? (
        <LoadingIndicator fullScreen={false} label="Loading the note counts" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" component="dl" m={0}>
          {STATS.map((s) => (
            <div key={s.key}>
              <Text component="dt" fz="sm" fw={500}>
                {s.label}
              </Text>
              <Box component="dd" m={0}>
                <Text fz={28} fw={700} lh={1.2} data-testid={`practice-notes-${s.key}`}>
                  {value[s.key].toLocaleString()}
                </Text>
                <Text fz="xs" c="dimmed">
                  {s.hint}
                </Text>
              </Box>
            </div>
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
