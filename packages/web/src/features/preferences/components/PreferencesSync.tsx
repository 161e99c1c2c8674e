import { useEffect } from 'react';
import { setAppearance } from '../../../ui/appearance.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import { usePersonalPreferences } from '../hooks/usePersonalPreferences.ts';
import { appearanceOf } from '../utils/personal-preferences.ts';

function ApplyStoredPreferences() {
  const { resource } = usePersonalPreferences();
  const colorScheme = resource ? appearanceOf(resource).colorScheme : undefined;
  const fontSize = resource ? appearanceOf(resource).fontSize : undefined;
  const version = resource?.meta?.versionId;
  useEffect(() => {
    if (colorScheme && fontSize) setAppearance({ colorScheme, fontSize });
  }, [colorScheme, fontSize, version]);
  return null;
}

/**
 * Applies the signed-in profile's stored appearance whenever it arrives or changes (another device
 * saved it, or this one did). Until it arrives, the device's cached look stays. Working without a
 * practice profile (an associate viewing a practice) keeps the device's look.
 */
export function PreferencesSync() {
  const { current } = useCurrentPractice();
  return current?.profile ? <ApplyStoredPreferences /> : null;
}
