import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, NetworkError } from '../../../api/index.ts';
import { uuid } from '../../../data/uuid.ts';
import { captureApi, type RecordingPurpose } from '../api/capture.api.ts';
import type { LocalRecording } from '../utils/capture-store.ts';
import { refusalMessage } from '../utils/chunk-sender.ts';
import { sliceFile } from '../utils/upload-plan.ts';
import { useMicrophone } from './useMicrophone.ts';
import { useUploadSenders } from './useUploadSenders.ts';

/** Files go up in pieces of this size (recordings in CHUNK_MS of audio). */
const FILE_CHUNK_BYTES = 1024 * 1024;

export interface CaptureTarget {
  practiceId: string;
  sessionId: string;
  purpose: RecordingPurpose;
}

/**
 * A recording page's work: asks for the microphone, has the server make the Media first (its
 * consent check answers before any audio exists), keeps every chunk on the device and sends it
 * from there, and on finish commits. Recordings an earlier visit left unfinished are sent on at
 * once and listed, to be finished.
 */
export function useRecordingCapture(target: CaptureTarget) {
  const mic = useMicrophone();
  const { states, kick, store } = useUploadSenders();
  const [current, setCurrent] = useState<LocalRecording>();
  const [unfinished, setUnfinished] = useState<LocalRecording[]>([]);
  const [refusal, setRefusal] = useState<string>();
  const [error, setError] = useState<string>();
  const writes = useRef<Promise<unknown>>(Promise.resolve());
  const { practiceId, sessionId, purpose } = target;

  useEffect(() => {
    if (!practiceId) return;
    let live = true;
    void store.unfinishedOf(practiceId, sessionId).then((all) => {
      // Each page resumes its own kind: the recording page the session's audio, a dictation button dictations.
      const found = all.filter((r) => r.purpose === purpose);
      if (!live) return;
      setUnfinished(found);
      found.forEach((r) => void kick(r.id));
    });
    return () => {
      live = false;
    };
  }, [store, kick, practiceId, sessionId, purpose]);

  /** A new local recording with its Media made now when the server can be reached (refusals show before any audio). */
  const begin = useCallback(
    async (source: LocalRecording['source'], contentType: string, fileName?: string) => {
      setRefusal(undefined);
      setError(undefined);
      const recording: LocalRecording = {
        id: uuid(),
        practiceId,
        sessionId,
        purpose,
        contentType,
        state: 'recording',
        source,
        fileName,
        startedAt: new Date().toISOString(),
        recordedMs: 0,
        nextChunk: 0,
      };
      try {
        recording.mediaId = (await captureApi.createRecording(practiceId, sessionId, purpose, recording.id)).id;
      } catch (e) {
        // Offline: record anyway; the sender makes the Media (and hears any refusal) when it can.
        if (!(e instanceof NetworkError)) {
          if (e instanceof ApiError && e.status === 403) setRefusal(refusalMessage(e));
          else setError(e instanceof Error ? e.message : String(e));
          return undefined;
        }
      }
      await store.putRecording(recording);
      setCurrent(recording);
      return recording;
    },
    [practiceId, sessionId, purpose, store],
  );

  const start = useCallback(async () => {
    if (!(await mic.open())) return;
    const recording = await begin('microphone', '');
    if (!recording) return mic.close();
    mic.start((blob, elapsedMs) => {
      writes.current = writes.current.then(async () => {
        if (!recording.contentType) {
          recording.contentType = blob.type || 'audio/webm';
          const stored = await store.getRecording(recording.id);
          if (stored) await store.putRecording({ ...stored, contentType: recording.contentType });
        }
        await store.appendChunk(recording.id, blob, elapsedMs);
        void kick(recording.id);
      });
    });
  }, [mic, begin, store, kick]);

  /** No more chunks for `id`: commit once all are on the server. */
  const finishRecording = useCallback(
    async (id: string) => {
      const stored = await store.getRecording(id);
      if (stored && stored.state === 'recording') await store.putRecording({ ...stored, state: 'finishing' });
      await kick(id);
    },
    [store, kick],
  );

  const finish = useCallback(async () => {
    await mic.stop();
    await writes.current;
    if (current) await finishRecording(current.id);
  }, [mic, current, finishRecording]);

  const uploadFile = useCallback(
    async (file: File) => {
      const recording = await begin('file', file.type || 'application/octet-stream', file.name);
      if (!recording) return;
      for (const part of sliceFile(file, FILE_CHUNK_BYTES)) await store.appendChunk(recording.id, part, 0);
      await finishRecording(recording.id);
    },
    [begin, store, finishRecording],
  );

  return {
    mic,
    current,
    currentState: current ? states[current.id] : undefined,
    unfinished,
    states,
    refusal,
    error,
    start,
    finish,
    uploadFile,
    finishRecording,
  };
}

export type RecordingCapture = ReturnType<typeof useRecordingCapture>;
