import { useCallback, useEffect, useRef, useState } from 'react';
import { useCurrentPractice } from '../../practice/index.ts';
import { useMicrophone } from './useMicrophone.ts';
import { useRecordingCapture } from './useRecordingCapture.ts';
import { useTranscribe } from './useTranscribe.ts';

export type DictationPhase = 'idle' | 'dictating' | 'uploading' | 'transcribing' | 'failed';

/**
 * Dictation into a narrative field: the clinician's own voice recorded as a `dictation` recording
 * of the scribe session (which needs no patient consent), sent through the same chunk path,
 * transcribed, and its text handed to `onText`. The server keeps recordings on a session only, so
 * there is no dictation outside one.
 */
export function useDictation(sessionId: string, onText: (text: string) => void) {
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  const capture = useRecordingCapture({ practiceId, sessionId, purpose: 'dictation' });
  const transcribe = useTranscribe(practiceId, sessionId);
  const [phase, setPhase] = useState<DictationPhase>('idle');
  const waiting = useRef<string | undefined>(undefined);
  const mic: ReturnType<typeof useMicrophone> = capture.mic;

  const toggle = useCallback(async () => {
    if (phase === 'dictating') {
      setPhase('uploading');
      await capture.finish();
      return;
    }
    setPhase('dictating');
    await capture.start();
  }, [phase, capture]);

  // Once the sender has committed the dictation, transcribe it (once) and insert its text.
  const state = capture.currentState;
  const { transcribe: run } = transcribe;
  useEffect(() => {
    if (phase !== 'uploading' || state?.phase !== 'committed' || !state.mediaId || waiting.current === state.mediaId) return;
    waiting.current = state.mediaId;
    setPhase('transcribing');
    void run(state.mediaId).then((t) => {
      const text = t?.segments?.map((s) => s.text.trim()).join(' ');
      if (text) onText(text);
      setPhase(t ? 'idle' : 'failed');
    });
  }, [phase, state, run, onText]);
  const refusedMic = mic.status === 'refused' || mic.status === 'unavailable';
  const stuck =
    (phase === 'dictating' && (refusedMic || Boolean(capture.refusal) || Boolean(capture.error))) ||
    (phase === 'uploading' && (state?.phase === 'refused' || state?.phase === 'failed'));
  useEffect(() => {
    if (stuck) setPhase('failed');
  }, [stuck]);

  const error =
    transcribe.error ??
    capture.refusal ??
    capture.error ??
    (state?.phase === 'refused' || state?.phase === 'failed' ? state.error : undefined) ??
    (mic.status === 'refused' ? 'Microphone access was refused.' : mic.status === 'unavailable' ? 'No microphone found.' : undefined);

  return { phase, toggle, level: mic.level, elapsedMs: mic.elapsedMs, error: phase === 'failed' || transcribe.error ? error : undefined };
}
