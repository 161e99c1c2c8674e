import { Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { useEndMySession } from '../hooks/useEndMySession.ts';
import { useMySessions } from '../hooks/useMySessions.ts';
import { describeUserAgent } from '../utils/describe-user-agent.ts';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Where the account is signed in, with a way to end any session but this one. */
export function MySessionsCard() {
  const { sessions, error, loading, reload } = useMySessions();
  const end = useEndMySession(reload);

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between">
          <div>
            <Title order={2} fz="lg">
              Where you're signed in
            </Title>
            <Text c="dimmed" fz="sm">
              Sign out any device you don't recognise or no longer use.
            </Text>
          </div>
          <Button variant="default" size="xs" leftSection={<IconRefresh size={16} />} onClick={reload} loading={loading && !!sessions}>
            Refresh
          </Button>
        </Group>
        {error !== null && <FormErrorAlert error={error} />}
        {!sessions && loading && <LoadingIndicator fullScreen={false} label="Loading sessions" />}
        {sessions && (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="sm" aria-label="Your sessions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Device</Table.Th>
                  <Table.Th>Address</Table.Th>
                  <Table.Th>Last active</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Group gap="xs">
                        <Text fz="sm">{describeUserAgent(s.userAgent)}</Text>
                        {s.current && (
                          <Badge size="sm" variant="light">
                            This device
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{s.address ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{when.format(new Date(s.lastSeenAt))}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {!s.current && (
                        <Button
                          variant="subtle"
                          color="red"
                          size="xs"
                          onClick={() => void end(s)}
                          aria-label={`End session: ${describeUserAgent(s.userAgent)}, last active ${when.format(new Date(s.lastSeenAt))}`}
                        >
                          End session
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
