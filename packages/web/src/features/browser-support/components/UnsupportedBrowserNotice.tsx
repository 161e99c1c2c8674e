import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SUPPORTED_BROWSERS } from '../../../platform/core-web.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { readDismissal, saveDismissal, shouldShowUnsupportedNotice } from '../utils/notice-dismissal.ts';

/**
 * Told once per browser version (issue 4): this browser is not one Caseload is built and tested
 * for, here are the ones it is, and the user may carry on anyway.
 */
export function UnsupportedBrowserNotice() {
  const [opened, setOpened] = useState(() =>
    shouldShowUnsupportedNotice(navigator.userAgent, readDismissal(), { maxTouchPoints: navigator.maxTouchPoints }),
  );
  const carryOn = () => {
    saveDismissal(navigator.userAgent);
    setOpened(false);
  };
  return (
    <Modal opened={opened} onClose={carryOn} title="Your browser isn't supported" size="md" closeOnEscape>
      <Stack gap="sm">
        <Text>Caseload is built and tested for these browsers. Some things may not work properly in this one.</Text>
        <List spacing={4} aria-label="Supported browsers">
          {SUPPORTED_BROWSERS.map((browser) => (
            <List.Item key={browser}>{browser}</List.Item>
          ))}
        </List>
        <Text c="dimmed" fz="sm">
          You can carry on here, or open Caseload in one of them.
        </Text>
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button onClick={carryOn} data-autofocus>
          Continue anyway
        </Button>
      </Group>
    </Modal>
  );
}
