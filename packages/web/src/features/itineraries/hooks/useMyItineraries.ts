import type { Itinerary } from '@caseload/core';
import { useMemo } from 'react';
import { useCollection } from '../../../data/index.ts';
import { profileReference, useCurrentPractice } from '../../practice/index.ts';
import { byDateDescending } from '../utils/itinerary-draft.ts';

/** The signed-in practitioner's itineraries, latest date first, live from the device store (with unsent edits). */
export function useMyItineraries() {
  const profile = profileReference(useCurrentPractice().current);
  const authorId = profile?.resourceType === 'Practitioner' ? profile.id : '';
  const { items, loading, error } = useCollection<Itinerary>('Itineraries', {
    filters: [{ field: 'author.id', op: 'eq', value: authorId }],
  });
  const itineraries = useMemo(() => byDateDescending(items), [items]);
  return { itineraries, loading, error, author: profile?.resourceType === 'Practitioner' ? profile : undefined };
}
