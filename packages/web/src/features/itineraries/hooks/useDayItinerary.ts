import type { Itinerary } from '@caseload/core';
import { useCollection } from '../../../data/index.ts';

/**
 * The itinerary of one author for one local date (the ItineraryTopics note element: the author's
 * plan for the session's day). Undefined while either is unknown or none is found.
 */
export function useDayItinerary(authorId: string | undefined, date: string | undefined): { itinerary?: Itinerary; loading: boolean } {
  const { items, loading } = useCollection<Itinerary>('Itineraries', {
    filters: [
      { field: 'author.id', op: 'eq', value: authorId ?? '' },
      { field: 'date', op: 'eq', value: date ?? '' },
    ],
  });
  const itinerary = authorId && date ? items.find((i) => !i.meta?.isDeleted) : undefined;
  return { itinerary, loading };
}
