import type { Resource } from '@caseload/core';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useDataLayer, useUpsert } from '../../data/index.ts';
import { awaitSaveOutcome, refusalMessage } from './save-outcome.ts';

/** A refused save: the form stays open with the user's values and shows this message. */
export class SaveRefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'SaveRefusedError';
  }
}

/**
 * Saves through the data layer (stored on the device, sent by the write queue) and waits for the
 * server's answer, so an admin dialog can show a refusal (no permission, a role granting more than
 * the writer may delegate) beside the form instead of closing as if it had worked. The refusal is
 * then dismissed from the sync indicator: the dialog has said it, and still holds the text.
 */
export function useSaveResource<T extends Resource>(collection: string): (draft: T | Omit<T, 'id' | 'meta'>) => Promise<T> {
  const layer = useDataLayer();
  const upsert = useUpsert<T>(collection);
  return useCallback(
    async (draft) => {
      const since = Date.now();
      const saved = await upsert(draft);
      const outcome = await awaitSaveOutcome(layer, collection, saved.id, since);
      if (outcome.kind === 'refused') {
        await layer.dismissFailed(outcome.failure.hash);
        throw new SaveRefusedError(refusalMessage(outcome.failure), outcome.failure.status);
      }
      if (outcome.kind === 'queued') {
        notifications.show({ message: 'Saved on this device. It will be sent when the server can be reached.' });
      }
      return saved;
    },
    [layer, upsert, collection],
  );
}
