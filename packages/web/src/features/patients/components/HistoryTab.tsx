import type { Patient } from '@caseload/core';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useHistory } from '../../../data/index.ts';
import { usePracticeTime } from '../../practice/index.ts';
import { versionChanges } from '../utils/version-changes.ts';

export interface HistoryTabProps {
  patientId: string;
}

/** Long field lists are summarised: the first few changes, then how many more. */
const SHOWN_CHANGES = 6;

/** Every saved version of the patient record, newest first, with who saved it and what changed. */
export function HistoryTab({ patientId }: HistoryTabProps) {
  const { versions, loading, error, refresh } = useHistory<Patient>('Patients', patientId);
  const clock = usePracticeTime();
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert" title="Couldn't load the history">
        <Text fz="sm">{error instanceof Error ? error.message : String(error)}</Text>
        <Button size="xs" variant="default" mt="xs" onClick={refresh}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (loading && versions.length === 0) return <Loader aria-label="Loading the history" />;
  return (
    <Card withBorder>
      <Title order={2} fz="lg" mb="sm">
        Versions
      </Title>
      <Stack gap="sm" component="ol" aria-label="Versions" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {versions.map((version, i) => {
          const changes = versionChanges(versions[i + 1], version);
          const by = version.meta.lastModifiedBy?.display ?? version.meta.lastModifiedBy?.id;
          return (
            <li key={version.meta.versionId}>
              <Group gap="xs">
                <Text fw={600}>{i === versions.length - 1 ? 'Created' : 'Changed'}</Text>
                <Text c="dimmed" fz="sm">
                  {clock.formatDateTime(version.meta.lastModified)}
                  {by ? ` by ${by}` : ''}
                </Text>
              </Group>
              <Stack gap={0} pl="md">
                {changes.slice(0, SHOWN_CHANGES).map((c) => (
                  <Text key={c.field} fz="sm">
                    {c.field}: {c.change}
                  </Text>
                ))}
                {changes.length > SHOWN_CHANGES && (
                  <Text fz="sm" c="dimmed">
                    and {changes.length - SHOWN_CHANGES} more changes
                  </Text>
                )}
              </Stack>
            </li>
          );
        })}
      </Stack>
    </Card>
  );
}
