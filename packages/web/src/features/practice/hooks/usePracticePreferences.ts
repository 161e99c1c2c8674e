import type { PracticePreferenceValues } from '@caseload/core';
import { useEffect, useMemo, useState } from 'react';
import type { ApiError } from '../../../api/index.ts';
import { useCollection, useResource } from '../../../data/index.ts';
import {
  currentPracticePreferences,
  PRACTICE_PREFERENCES_COLLECTION,
  preferenceValues,
  type PracticePreferencesResource,
} from '../utils/practice-preferences.ts';

export interface PracticePreferencesState {
  /** The stored resource; undefined when the practice has none yet (every value is the default). */
  resource: PracticePreferencesResource | undefined;
  /** The values in force: stored over the defaults of SPEC.md section 9. */
  values: PracticePreferenceValues;
  loading: boolean;
  error?: ApiError;
}

/**
 * The current practice's preferences, live through the data layer: every screen reading them
 * shares one watch, so a saved change (on this device at once, from elsewhere on the next read)
 * shows everywhere without a reload.
 */
export function usePracticePreferences(): PracticePreferencesState {
  const { items, loading, error } = useCollection<PracticePreferencesResource>(PRACTICE_PREFERENCES_COLLECTION);
  const listed = useMemo(() => currentPracticePreferences(items), [items]);
  // A list holds what the server listed plus unsent edits: the practice's first preferences, once
  // sent, leave it until it is read again. Following the one seen by id keeps it in between, so
  // the labels never flick back to the defaults.
  const [seenId, setSeenId] = useState<string>();
  useEffect(() => {
    if (listed) setSeenId(listed.id);
  }, [listed]);
  const byId = useResource<PracticePreferencesResource>(PRACTICE_PREFERENCES_COLLECTION, listed ? undefined : seenId);
  const resource = listed ?? (byId.item?.meta?.isDeleted ? undefined : byId.item);
  return useMemo(() => ({ resource, values: preferenceValues(resource), loading, error }), [resource, loading, error]);
}
