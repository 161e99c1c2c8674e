import { messageForStatus } from '@caseload/core';
import type { DataLayer, FailedUpsert, SyncState } from '../../data/index.ts';

/** How long a save waits for the server's answer before the dialog closes anyway (the queue keeps it). */
export const SAVE_ANSWER_WAIT_MS = 10_000;
/** The sync state reads a refusal from the store just after the queue rests: this long at most. */
const REFUSAL_READ_MS = 750;

/** What became of a save the dialog waited for. */
export type SaveOutcome = { kind: 'saved' } | { kind: 'queued' } | { kind: 'refused'; failure: FailedUpsert };

/** The refusal of `id` written at or after `since`, if the sync state holds one. */
export const refusalOf = (state: SyncState, collection: string, id: string, since: number): FailedUpsert | undefined =>
  state.failed.find((f) => f.collection === collection && f.id === id && f.lastAttempt >= since);

/** The words to show for a refusal: the server's, or the catalogue's for its status (SPEC.md section 8). */
export function refusalMessage(failure: FailedUpsert): string {
  const catalogue = messageForStatus(failure.status);
  if (!failure.detail || failure.detail === catalogue) return catalogue;
  return failure.status === 403 ? `${catalogue} ${failure.detail}` : failure.detail;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits for the write queue to send what was just saved, then looks for the server's refusal of
 * it. Offline (or the server slow past SAVE_ANSWER_WAIT_MS) the edit stays queued on the device:
 * 'queued', and the sync indicator follows it from there.
 */
export async function awaitSaveOutcome(layer: DataLayer, collection: string, id: string, since: number): Promise<SaveOutcome> {
  if (!layer.syncState.get().online) return { kind: 'queued' };
  const rested = await Promise.race([layer.flush().then(() => true), delay(SAVE_ANSWER_WAIT_MS).then(() => false)]);
  if (!rested) return { kind: 'queued' };
  const found = await new Promise<FailedUpsert | undefined>((resolve) => {
    const check = () => refusalOf(layer.syncState.get(), collection, id, since);
    const now = check();
    if (now) return resolve(now);
    const timer = setTimeout(() => {
      stop();
      resolve(check());
    }, REFUSAL_READ_MS);
    const stop = layer.syncState.subscribe(() => {
      const failure = check();
      if (!failure) return;
      clearTimeout(timer);
      stop();
      resolve(failure);
    });
  });
  if (found) return { kind: 'refused', failure: found };
  return layer.syncState.get().online ? { kind: 'saved' } : { kind: 'queued' };
}
