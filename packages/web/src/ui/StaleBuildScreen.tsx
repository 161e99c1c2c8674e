import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/**
 * SPEC.md section 2's screen for a failed on-demand load: the page is older than the server's
 * build (its chunks are gone), so the fix is a reload.
 */
export function StaleBuildScreen() {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <Title order={1} fz={24}>
          Updates are ready!
        </Title>
        <Text c="dimmed">Looks like you'll need to refresh the page to go further.</Text>
        <Button mt="sm" leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          Refresh the page
        </Button>
      </Stack>
    </Center>
  );
}
