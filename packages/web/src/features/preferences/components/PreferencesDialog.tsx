import { Button, Center, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { setAppearance, type ColorSchemeChoice, type FontSizeChoice } from '../../../ui/appearance.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { usePreferencesDialog } from '../hooks/usePreferencesDialog.ts';
import { CalendarFeedSettings } from './CalendarFeedSettings.tsx';

export interface PreferencesDialogProps {
  opened: boolean;
  onClose: () => void;
}

const option = (icon: ReactNode, label: string) => (
  <Center style={{ gap: 8 }}>
    {icon}
    <span>{label}</span>
  </Center>
);

const SCHEMES: { value: ColorSchemeChoice; label: ReactNode }[] = [
  { value: 'light', label: option(<IconSun size={16} aria-hidden />, 'Light') },
  { value: 'dark', label: option(<IconMoon size={16} aria-hidden />, 'Dark') },
  { value: 'system', label: option(<IconDeviceDesktop size={16} aria-hidden />, 'System') },
];

const FONT_SIZES: { value: FontSizeChoice; label: string }[] = [
  { value: 'Normal', label: 'Normal' },
  { value: 'Large', label: 'Large' },
];

/**
 * The user's preferences (SPEC.md section 2): colour scheme and font size, and a clinician's
 * calendar feed URL (issue 20). Each choice shows at
 * once; closing the dialog saves what is shown to the profile's PersonalPreferences, so it follows
 * the user to their other devices and works offline through the write queue.
 */
export function PreferencesDialog({ opened, onClose }: PreferencesDialogProps) {
  const { appearance, savable, close } = usePreferencesDialog(opened, onClose);
  const schemeLabel = useId();
  const fontLabel = useId();

  return (
    <Modal opened={opened} onClose={close} title="Preferences" closeOnEscape>
      <Stack gap="lg">
        <Stack gap={6}>
          <Text id={schemeLabel} fw={500} fz="sm">
            Colour scheme
          </Text>
          <SegmentedControl
            aria-labelledby={schemeLabel}
            fullWidth
            data={SCHEMES}
            value={appearance.colorScheme}
            onChange={(v) => setAppearance({ ...appearance, colorScheme: v as ColorSchemeChoice })}
          />
          <Text fz="xs" c="dimmed">
            System follows your device's light or dark setting.
          </Text>
        </Stack>
        <Stack gap={6}>
          <Text id={fontLabel} fw={500} fz="sm">
            Font size
          </Text>
          <SegmentedControl
            aria-labelledby={fontLabel}
            fullWidth
            data={FONT_SIZES}
            value={appearance.fontSize}
            onChange={(v) => setAppearance({ ...appearance, fontSize: v as FontSizeChoice })}
          />
          <Text fz="xs" c="dimmed">
            Large makes everything in Caseload a quarter bigger.
          </Text>
        </Stack>
        <CalendarFeedSettings />
        {!savable && (
          <Text fz="xs" c="dimmed">
            Your role cannot keep preferences with your profile: these apply on this device only.
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={close}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
