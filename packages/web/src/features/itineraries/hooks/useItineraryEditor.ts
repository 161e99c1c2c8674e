import type { Itinerary, ItineraryVisit } from '@caseload/core';
import { useCallback, useState } from 'react';
import { useUpsert } from '../../../data/index.ts';
import { useSubmit, type Submit } from '../../../ui/useSubmit.ts';
import { cleanDraft, moveVisit, type ItineraryDraft } from '../utils/itinerary-draft.ts';

export interface ItineraryEditor {
  draft: ItineraryDraft;
  change: (fields: Partial<ItineraryDraft>) => void;
  changeVisit: (index: number, fields: Partial<ItineraryVisit>) => void;
  addVisit: (visit: ItineraryVisit) => void;
  removeVisit: (index: number) => void;
  /** Moves the visit at `from` to `to` (the up and down buttons, or a drop). */
  move: (from: number, to: number) => void;
  dirty: boolean;
  /** Saves through the write queue (works offline); answers the stored copy. */
  save: Submit<[]>;
}

/** Editing one itinerary: the draft in memory until saved through the write queue. */
export function useItineraryEditor(initial: ItineraryDraft, onSaved: (saved: Itinerary) => void): ItineraryEditor {
  const [draft, setDraft] = useState(initial);
  const [dirty, setDirty] = useState(false);
  const upsert = useUpsert<Itinerary>('Itineraries');
  const edit = useCallback((change: (d: ItineraryDraft) => ItineraryDraft) => {
    setDraft(change);
    setDirty(true);
  }, []);
  const save = useSubmit(
    useCallback(async () => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) throw new Error('Choose the date the itinerary plans.');
      const saved = await upsert(cleanDraft(draft) as Itinerary);
      setDraft(saved);
      setDirty(false);
      onSaved(saved);
    }, [draft, upsert, onSaved]),
  );
  return {
    draft,
    dirty,
    save,
    change: (fields) => edit((d) => ({ ...d, ...fields })),
    changeVisit: (index, fields) => edit((d) => ({ ...d, visits: d.visits.map((v, i) => (i === index ? { ...v, ...fields } : v)) })),
    addVisit: (visit) => edit((d) => ({ ...d, visits: [...d.visits, visit] })),
    removeVisit: (index) => edit((d) => ({ ...d, visits: d.visits.filter((_, i) => i !== index) })),
    move: (from, to) => edit((d) => ({ ...d, visits: moveVisit(d.visits, from, to) })),
  };
}
