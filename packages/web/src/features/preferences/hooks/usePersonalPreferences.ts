import { useCallback, useMemo } from 'react';
import { useCollection, useUpsert } from '../../../data/index.ts';
import { setAppearance, type Appearance } from '../../../ui/appearance.ts';
import { profileReference, useCan, useCurrentPractice } from '../../practice/index.ts';
import {
  newestOf,
  ownerFilters,
  PREFERENCES_COLLECTION,
  withAppearance,
  type PersonalPreferencesResource,
} from '../utils/personal-preferences.ts';

export interface PersonalPreferences {
  /** The stored resource; undefined before the first save, or while loading. */
  resource: PersonalPreferencesResource | undefined;
  loading: boolean;
  /** False when the acting profile may not save its preferences: the look then stays on this device. */
  savable: boolean;
  /** Applies the appearance at once and, where `savable`, saves it through the write queue (so offline too). */
  saveAppearance: (appearance: Appearance) => Promise<void>;
}

/**
 * The current profile's PersonalPreferences, read and written through the data layer. Working
 * without a profile (an associate viewing a practice), the look is the device's only: applied, not stored.
 */
export function usePersonalPreferences(): PersonalPreferences {
  const { current } = useCurrentPractice();
  const owner = useMemo(() => profileReference(current), [current]);
  // Without a profile, an id no resource has: matches nothing rather than everyone's.
  const { items, loading } = useCollection<PersonalPreferencesResource>(PREFERENCES_COLLECTION, {
    filters: ownerFilters(owner?.id ?? '-'),
  });
  const upsert = useUpsert<PersonalPreferencesResource>(PREFERENCES_COLLECTION);
  const resource = useMemo(() => newestOf(items), [items]);
  const savable = useCan(resource ? 'Update' : 'Create', 'PersonalPreferences');
  const saveAppearance = useCallback(
    async (appearance: Appearance) => {
      setAppearance(appearance);
      if (savable && owner) await upsert(withAppearance(resource, owner, appearance));
    },
    [resource, owner, upsert, savable],
  );
  return { resource, loading, savable, saveAppearance };
}
