import { useCallback, useEffect, useRef, useState } from 'react';
import { captureApi } from '../api/capture.api.ts';
import { dexieCaptureStore } from '../utils/capture-db.ts';
import type { CaptureStore } from '../utils/capture-store.ts';
import { ChunkSender, type SenderState } from '../utils/chunk-sender.ts';

export interface UploadSenders {
  states: Record<string, SenderState>;
  /** Starts (or nudges) the sender of a recording. */
  kick(recordingId: string): Promise<void>;
  store: CaptureStore;
}

/**
 * One ChunkSender per recording of the page, nudged when the browser says it is online again;
 * stopped when the page goes, the chunks staying on the device for the next visit.
 */
export function useUploadSenders(): UploadSenders {
  const senders = useRef(new Map<string, ChunkSender>());
  const [states, setStates] = useState<Record<string, SenderState>>({});

  const kick = useCallback((recordingId: string) => {
    let sender = senders.current.get(recordingId);
    if (!sender) {
      sender = new ChunkSender({
        api: captureApi,
        store: dexieCaptureStore,
        recordingId,
        onChange: (state) => setStates((all) => ({ ...all, [recordingId]: state })),
      });
      senders.current.set(recordingId, sender);
    }
    return sender.kick();
  }, []);

  useEffect(() => {
    const all = senders.current;
    const online = () => all.forEach((s) => void s.kick());
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      all.forEach((s) => s.stop());
      all.clear();
    };
  }, []);

  return { states, kick, store: dexieCaptureStore };
}
