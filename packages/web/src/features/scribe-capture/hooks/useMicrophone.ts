import { useCallback, useEffect, useRef, useState } from 'react';
import { pickAudioType } from '../utils/upload-plan.ts';

/** How long each chunk of audio is: a dropped connection or a reload loses at most the one being recorded. */
export const CHUNK_MS = 4_000;

const SPEECH_BITS_PER_SECOND = 32_000;

export type MicrophoneStatus = 'off' | 'asking' | 'recording' | 'paused' | 'refused' | 'unavailable';

export interface Microphone {
  status: MicrophoneStatus;
  /** 0..1, the loudness of the last moment (for the level meter). */
  level: number;
  /** Audio time recorded, pauses excluded, in milliseconds. */
  elapsedMs: number;
  contentType: string;
  /** Asks for the microphone; false when refused or absent. */
  open(): Promise<boolean>;
  /** Starts recording; each chunk (with the audio time up to its end) goes to `onChunk`. */
  start(onChunk: (blob: Blob, elapsedMs: number) => void): void;
  pause(): void;
  resume(): void;
  /** Stops; resolves once the last chunk was handed to `onChunk`. */
  stop(): Promise<void>;
  /** Lets the microphone go (no recording). */
  close(): void;
}

interface Live {
  stream: MediaStream;
  audio: AudioContext;
  analyser: AnalyserNode;
  recorder?: MediaRecorder;
  frame?: number;
  /** Recorded time before the current run, and when the current run started. */
  banked: number;
  since?: number;
}

const elapsedOf = (live: Live) => live.banked + (live.since === undefined ? 0 : performance.now() - live.since);

/**
 * The microphone through MediaRecorder (Opus in WebM preferred), in chunks of CHUNK_MS, with a
 * Web Audio AnalyserNode for the level meter. A refused permission is a state of its own, told
 * apart from a device that is missing.
 */
export function useMicrophone(): Microphone {
  const [status, setStatus] = useState<MicrophoneStatus>('off');
  const [level, setLevel] = useState(0);
  const [elapsedMs, setElapsed] = useState(0);
  const live = useRef<Live | undefined>(undefined);
  const contentType = useRef('');

  const close = useCallback(() => {
    const current = live.current;
    live.current = undefined;
    if (!current) return;
    if (current.frame) cancelAnimationFrame(current.frame);
    current.stream.getTracks().forEach((t) => t.stop());
    void current.audio.close().catch(() => undefined);
    setLevel(0);
  }, []);

  useEffect(() => close, [close]);

  const open = useCallback(async () => {
    setStatus('asking');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: false, noiseSuppression: false } });
      const audio = new AudioContext();
      const analyser = audio.createAnalyser();
      analyser.fftSize = 1024;
      audio.createMediaStreamSource(stream).connect(analyser);
      live.current = { stream, audio, analyser, banked: 0 };
      const samples = new Float32Array(analyser.fftSize);
      const measure = () => {
        const current = live.current;
        if (!current) return;
        current.analyser.getFloatTimeDomainData(samples);
        let sum = 0;
        for (const s of samples) sum += s * s;
        // RMS scaled so speech fills most of the meter.
        setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
        setElapsed(elapsedOf(current));
        current.frame = requestAnimationFrame(measure);
      };
      live.current.frame = requestAnimationFrame(measure);
      setStatus('off');
      return true;
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      setStatus(name === 'NotAllowedError' || name === 'SecurityError' ? 'refused' : 'unavailable');
      return false;
    }
  }, []);

  const start = useCallback((onChunk: (blob: Blob, elapsedMs: number) => void) => {
    const current = live.current;
    if (!current) return;
    contentType.current = pickAudioType((t) => MediaRecorder.isTypeSupported(t));
    // Speech needs little: Opus at 32 kbit/s (a 45-minute session is about 11 MB), not the browser's music-quality default.
    const recorder = new MediaRecorder(current.stream, {
      audioBitsPerSecond: SPEECH_BITS_PER_SECOND,
      ...(contentType.current ? { mimeType: contentType.current } : {}),
    });
    contentType.current = recorder.mimeType || contentType.current;
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) onChunk(event.data, elapsedOf(current));
    };
    current.recorder = recorder;
    current.banked = 0;
    current.since = performance.now();
    recorder.start(CHUNK_MS);
    setStatus('recording');
  }, []);

  const pause = useCallback(() => {
    const current = live.current;
    if (!current?.recorder || current.recorder.state !== 'recording') return;
    current.recorder.pause();
    current.banked = elapsedOf(current);
    current.since = undefined;
    setStatus('paused');
  }, []);

  const resume = useCallback(() => {
    const current = live.current;
    if (!current?.recorder || current.recorder.state !== 'paused') return;
    current.recorder.resume();
    current.since = performance.now();
    setStatus('recording');
  }, []);

  const stop = useCallback(async () => {
    const current = live.current;
    const recorder = current?.recorder;
    if (!current || !recorder || recorder.state === 'inactive') return close();
    const stopped = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }));
    current.banked = elapsedOf(current);
    current.since = undefined;
    recorder.stop();
    await stopped;
    setElapsed(current.banked);
    setStatus('off');
    close();
  }, [close]);

  return { status, level, elapsedMs, contentType: contentType.current, open, start, pause, resume, stop, close };
}
