import { useCallback, useMemo } from 'react';
import { useCollection, useUpsert } from '../../../data/index.ts';
import { setAppearance, type Appearance } from '../../../ui/appearance.ts';
import { profileReference, useCurrentPractice } from '../../practice/index.ts';
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
  /** Applies the appearance at once and saves it through the write queue (so offline too). */
  saveAppearance: (appearance: Appearance) => Promise<void>;
}

/** The current profile's PersonalPreferences, read and written through the data layer. */
export function usePersonalPreferences(): PersonalPreferences {
  const { current } = useCurrentPractice();
  const owner = useMemo(() => profileReference(current!), [current]);
  const { items, loading } = useCollection<PersonalPreferencesResource>(PREFERENCES_COLLECTION, { filters: ownerFilters(owner.id) });
  const upsert = useUpsert<PersonalPreferencesResource>(PREFERENCES_COLLECTION);
  const resource = useMemo(() => newestOf(items), [items]);
  const saveAppearance = useCallback(
    async (appearance: Appearance) => {
      setAppearance(appearance);
      await upsert(withAppearance(resource, owner, appearance));
    },
    [resource, owner, upsert],
  );
  return { resource, loading, saveAppearance };
}
