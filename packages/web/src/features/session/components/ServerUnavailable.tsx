import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useSession } from '../hooks/useSession.ts';

/** The first session check got no answer: say so plainly and offer to try again. */
export function ServerUnavailable() {
  const { retry } = useSession();
  return (
    <Center h="100dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <IconCloudOff size={48} stroke={1.5} aria-hidden />
        <Title order={1} fz={22}>
          Caseload can't be reached
        </Title>
        <Text c="dimmed">Check your connection, then try again.</Text>
        <Button onClick={retry} mt="sm">
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
