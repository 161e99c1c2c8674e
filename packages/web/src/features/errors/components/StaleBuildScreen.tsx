import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRefresh, IconSparkles } from '@tabler/icons-react';
import { STALE_BUILD_TEXT } from '../../../platform/core-web.ts';

export interface StaleBuildScreenProps {
  /** Fill the viewport (nothing else could load) rather than the content area. */
  fullScreen?: boolean;
}

/**
 * SPEC.md section 2's screen for a failed on-demand load: the page is older than the server's
 * build (its chunks are gone), so the fix is a reload.
 */
export function StaleBuildScreen({ fullScreen = false }: StaleBuildScreenProps) {
  return (
    <Center mih={fullScreen ? '100dvh' : 360} p="md">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <ThemeIcon size={72} radius={36} variant="light" aria-hidden>
          <IconSparkles size={36} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={24} mt="xs">
          {STALE_BUILD_TEXT.heading}
        </Title>
        <Text c="dimmed">{STALE_BUILD_TEXT.message}</Text>
        <Button mt="sm" leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          {STALE_BUILD_TEXT.action}
        </Button>
      </Stack>
    </Center>
  );
}
