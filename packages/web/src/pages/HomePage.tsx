import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { MySessionsCard, useSignedInUser } from '../features/session/index.ts';
import { AppFrame } from '../features/shell/index.ts';

/** `/`: the signed-in home. A placeholder until the application shell of issue 4 arrives. */
export function HomePage() {
  useDocumentTitle('Caseload');
  const user = useSignedInUser();
  if (!user) return null;
  return (
    <AppFrame>
      <Stack gap="lg">
        <Card withBorder padding="lg" radius="md">
          <Stack gap="xs">
            <Title order={1} fz={24}>
              Welcome
            </Title>
            <Text>
              You are signed in as <strong>{user.account.email}</strong>.
            </Text>
            {user.profiles.length > 0 ? (
              <Stack gap={6} mt={4}>
                {user.profiles.map((p) => (
                  <Group key={`${p.practiceId}:${p.profile}`} gap="xs">
                    <Text fz="sm" c="dimmed">
                      Practice {p.practiceId}
                    </Text>
                    {p.roles.map((role) => (
                      <Badge key={role} variant="light" size="sm">
                        {role}
                      </Badge>
                    ))}
                  </Group>
                ))}
              </Stack>
            ) : (
              user.account.associateRole && (
                <Text fz="sm" c="dimmed">
                  Caseload staff: {user.account.associateRole}
                </Text>
              )
            )}
            <Text fz="sm" c="dimmed" mt="xs">
              Notes, care plans, scheduling and the rest of Caseload will appear here.
            </Text>
          </Stack>
        </Card>
        <MySessionsCard />
      </Stack>
    </AppFrame>
  );
}
