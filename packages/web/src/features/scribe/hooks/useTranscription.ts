import type { Transcription } from '@caseload/core';
import { useCallback, useEffect } from 'react';
import { useResource, useUpsert, type ResourceState } from '../../../data/index.ts';
import { useRefreshFromServer } from './useRefreshFromServer.ts';

/** How often a transcription being made is read again. */
const POLL_MS = 1500;

export const isWorking = (t: Transcription | undefined) => t?.status === 'Preparation' || t?.status === 'InProgress';

export interface TranscriptionState extends ResourceState<Transcription> {
  /** Stores corrected segment text or speaker roles (the write queue sends them). */
  save: (next: Transcription) => Promise<void>;
}

/**
 * A session's Transcription: the device's copy, read again from the server while the server is
 * still making it (Preparation, InProgress), so the progress bar moves and the segments arrive.
 */
export function useTranscription(partition: string | undefined, id: string | undefined): TranscriptionState {
  const state = useResource<Transcription>('Transcriptions', id, { partition });
  const refresh = useRefreshFromServer();
  const upsert = useUpsert<Transcription>('Transcriptions');
  const working = isWorking(state.item);
  useEffect(() => {
    if (!id || !partition || !working) return;
    const timer = setInterval(() => void refresh('Transcriptions', [id], partition).catch(() => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [id, partition, working, refresh]);
  const save = useCallback(async (next: Transcription) => void (await upsert(next)), [upsert]);
  return { ...state, save };
}
