import type { Appointment } from '@caseload/core';
import { useCallback } from 'react';
import { useDataLayer, type ResourceDraft } from '../../../data/index.ts';
import { conflictOf, type ConflictRefusal } from '../utils/conflicts.ts';

/** What became of a save: queued (offline, or sent and kept), or refused over conflicts the user may book over. */
export type SaveOutcome = { kind: 'saved'; appointment: Appointment } | { kind: 'conflict'; conflict: ConflictRefusal; draft: Appointment };

/**
 * Saves an appointment through the write queue (stored on the device at once, so it works
 * offline). Online, it waits for the queue to send it, so that a refusal over conflicts can be
 * shown where the user booked and "Book anyway" offered (the same body with overrideConflicts);
 * that refusal is then the dialog's to show, not the sync panel's. Offline the server checks
 * conflicts when the write is sent, and a refusal lands with the other refused edits.
 */
export function useQueuedAppointmentSave(): (draft: ResourceDraft<Appointment>) => Promise<SaveOutcome> {
  const layer = useDataLayer();
  return useCallback(
    async (draft) => {
      const before = Date.now();
      const saved = await layer.upsert<Appointment>('Appointments', draft);
      if (!layer.syncState.get().online) return { kind: 'saved', appointment: saved };
      await layer.flush();
      const refused = layer.syncState
        .get()
        .failed.find((f) => f.collection === 'Appointments' && f.id === saved.id && f.lastAttempt >= before);
      const conflict = refused && conflictOf(refused);
      if (!refused || !conflict) return { kind: 'saved', appointment: saved };
      await layer.dismissFailed(refused.hash);
      return { kind: 'conflict', conflict, draft: { ...saved, ...(refused.item as Appointment) } };
    },
    [layer],
  );
}
