import type { Transcription } from '@caseload/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/index.ts';
import { captureApi } from '../api/capture.api.ts';

const POLL_MS = 2_000;

export interface TranscribeState {
  status?: Transcription['status'];
  progress?: number;
  transcription?: Transcription;
  /** The server's words: "No transcription provider is configured. …", or the job's failure. */
  error?: string;
  busy: boolean;
}

/** Asks the server to transcribe a recording and follows the Transcription until it succeeds or fails. */
export function useTranscribe(practiceId: string, sessionId: string) {
  const [state, setState] = useState<TranscribeState>({ busy: false });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const transcribe = useCallback(
    async (mediaId?: string): Promise<Transcription | undefined> => {
      setState({ busy: true });
      try {
        let t = await captureApi.transcribe(practiceId, sessionId, mediaId);
        while (alive.current && (t.status === 'Preparation' || t.status === 'InProgress')) {
          setState({ busy: true, status: t.status, progress: t.progress, transcription: t });
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
          t = await captureApi.readTranscription(practiceId, t.id);
        }
        const failed = t.status === 'Failed';
        setState({
          busy: false,
          status: t.status,
          progress: t.progress,
          transcription: t,
          error: failed ? (t.error ?? 'Transcription failed.') : undefined,
        });
        return failed ? undefined : t;
      } catch (error) {
        const message = error instanceof ApiError ? (error.issues[0]?.message ?? error.detail ?? error.title) : String(error);
        setState({ busy: false, error: message });
        return undefined;
      }
    },
    [practiceId, sessionId],
  );

  return { ...state, transcribe };
}
