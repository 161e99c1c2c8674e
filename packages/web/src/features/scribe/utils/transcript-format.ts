import type { SpeakerRole } from '@caseload/core';

/** The import call's formats (core's TranscriptImportBodySchema). */
export type TranscriptFormat = 'vtt' | 'srt' | 'text';

/** The import call's body. */
export interface TranscriptImport {
  format: TranscriptFormat;
  text: string;
  speakers?: { label: string; role: SpeakerRole }[];
}

const SRT_TIMING = /^\s*\d{1,2}:\d{2}:\d{2},\d{3}\s+-->/m;

/**
 * The format of a transcript to import, from its file name when it has one, else its text: a
 * `WEBVTT` header is WebVTT, a comma-millisecond cue timing is SRT, anything else speaker-labelled
 * text. The clinician can still change it before importing.
 */
export function guessTranscriptFormat(text: string, fileName?: string): TranscriptFormat {
  const extension = fileName?.toLowerCase().split('.').pop();
  if (extension === 'vtt') return 'vtt';
  if (extension === 'srt') return 'srt';
  if (extension === 'txt') return 'text';
  if (/^\uFEFF?WEBVTT/.test(text)) return 'vtt';
  if (SRT_TIMING.test(text)) return 'srt';
  return 'text';
}

/** A segment's time as the transcript pane shows it: m:ss, or h:mm:ss past an hour. */
export function segmentTime(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return '';
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
