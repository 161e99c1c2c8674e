import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBug, IconRefresh } from '@tabler/icons-react';
import { lazy } from 'react';
import { isStaleBuild } from '../../../platform/global-error-handlers.ts';
import { SHOW_ERROR_DETAILS_LABEL, userMessageFor } from '../../../platform/core-web.ts';
import { DeferredMount } from '../../../ui/DeferredMount.tsx';
import { ErrorIllustration } from './ErrorIllustration.tsx';
import { StaleBuildScreen } from './StaleBuildScreen.tsx';

// The nerd stuff (a dialog with a table, code and copy buttons): fetched when asked for, so the
// error screen, which every first load carries, stays small.
const ErrorDetailsDialog = lazy(() => import('./ErrorDetailsDialog.tsx').then((m) => ({ default: m.ErrorDetailsDialog })));

export interface ErrorScreenProps {
  error: unknown;
  /** Offered when the same screen may work a second time. */
  onRetry?: () => void;
  fullScreen?: boolean;
}

/**
 * SPEC.md section 2's error screen: the stale-build screen for a failed on-demand load; for any
 * other error an illustration, the catalogue's friendly message (section 8) and "Show me nerd
 * stuff", which opens the details dialog.
 */
export function ErrorScreen({ error, onRetry, fullScreen = false }: ErrorScreenProps) {
  const [detailsOpened, details] = useDisclosure(false);
  if (isStaleBuild(error)) return <StaleBuildScreen fullScreen={fullScreen} />;
  return (
    <Center mih={fullScreen ? '100dvh' : 360} p="md">
      <Stack align="center" gap="sm" maw={480} ta="center" role="alert">
        <ErrorIllustration />
        <Title order={1} fz={22}>
          Something went wrong
        </Title>
        <Text>{userMessageFor(error)}</Text>
        <Group justify="center" mt="sm">
          <Button variant="default" leftSection={<IconBug size={16} />} onClick={details.open}>
            {SHOW_ERROR_DETAILS_LABEL}
          </Button>
          {onRetry && (
            <Button leftSection={<IconRefresh size={16} />} onClick={onRetry}>
              Try again
            </Button>
          )}
        </Group>
      </Stack>
      <DeferredMount when={detailsOpened}>
        <ErrorDetailsDialog error={error} opened={detailsOpened} onClose={details.close} />
      </DeferredMount>
    </Center>
  );
}
