import { useState } from 'react';
import { useSubmit, type Submit } from '../../../ui/useSubmit.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import { getFreeSlots, type FreeSlot, type FreeSlotsSearch } from '../api/schedule.api.ts';

export interface FreeSlots {
  /** Asks the server for the next free slots (online only: the answer depends on everyone's bookings). */
  search: Submit<[FreeSlotsSearch]>;
  /** The last answer; undefined before the first search. */
  slots: FreeSlot[] | undefined;
}

/** The free-slot search (docs/scheduling.md, "Free slots"): the server's `_free-slots`, asked when the user searches. */
export function useFreeSlots(): FreeSlots {
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  const [slots, setSlots] = useState<FreeSlot[]>();
  const search = useSubmit(async (query: FreeSlotsSearch) => {
    setSlots(undefined);
    setSlots((await getFreeSlots(practiceId, query)).slots);
  });
  return { search, slots };
}
