import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useAppearance, type Appearance } from '../../../ui/appearance.ts';
import { usePersonalPreferences } from './usePersonalPreferences.ts';

export interface PreferencesDialogState {
  /** The look shown now (each choice applies at once). */
  appearance: Appearance;
  /** The profile may save its preferences (create or update its PersonalPreferences). */
  savable: boolean;
  /** Closes the dialog and, if the look changed since it opened, saves it to the profile. */
  close: () => void;
}

/** The preferences dialog's look, and its save on closing (only when the user changed it). */
export function usePreferencesDialog(opened: boolean, onClose: () => void): PreferencesDialogState {
  const appearance = useAppearance();
  const { saveAppearance, savable } = usePersonalPreferences();
  // The look when the dialog opened: closing saves only when the user changed it.
  const latest = useRef<Appearance>(appearance);
  latest.current = appearance;
  const before = useRef<Appearance>(appearance);
  useEffect(() => {
    if (opened) before.current = latest.current;
  }, [opened]);

  const close = () => {
    onClose();
    const changed = before.current.colorScheme !== appearance.colorScheme || before.current.fontSize !== appearance.fontSize;
    if (changed) {
      saveAppearance(appearance).catch((error: unknown) =>
        notifications.show({
          color: 'red',
          title: "Couldn't save your preferences",
          message: error instanceof Error ? error.message : String(error),
        }),
      );
    }
  };

  return { appearance, savable, close };
}
