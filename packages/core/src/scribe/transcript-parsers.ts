import { badRequest } from '../errors/app-error.ts';
import type { TranscriptSegment, TranscriptSource } from './transcript-types.ts';
import { blocksOf, linesOf, parseCueTime, plainCaptionText, splitSpeaker } from './transcript-text.ts';

/** What a parser makes of a transcript file: its segments, numbered `s1`, `s2`, ... in order. */
export interface ParsedTranscript {
  source: Exclude<TranscriptSource, 'Provider'>;
  segments: TranscriptSegment[];
}

/** The messages of a refused transcript (docs/scribe.md, "Import"). */
export const TRANSCRIPT_MESSAGES = {
  notWebVtt: 'The transcript is not WebVTT: the file must start with "WEBVTT".',
  badTiming: (line: number) => `The transcript's cue at line ${line} has no valid timing ("00:00:01.000 --> 00:00:04.000").`,
  backwards: (line: number) => `The transcript's cue at line ${line} ends before it starts.`,
  empty: 'The transcript has no spoken text.',
  tooLong: (max: number) => `The transcript has more than ${max} segments.`,
} as const;

/** A session of a few hours is a few thousand cues; far more is not a session transcript. */
export const MAX_SEGMENTS = 20000;

const refused = (message: string) => badRequest(message, [{ path: 'transcript', message }]);

interface Cue {
  start?: number;
  end?: number;
  speaker?: string;
  text: string;
}

function numbered(source: ParsedTranscript['source'], cues: Cue[]): ParsedTranscript {
  const spoken = cues.filter((cue) => cue.text !== '');
  if (spoken.length === 0) throw refused(TRANSCRIPT_MESSAGES.empty);
  if (spoken.length > MAX_SEGMENTS) throw refused(TRANSCRIPT_MESSAGES.tooLong(MAX_SEGMENTS));
  return {
    source,
    segments: spoken.map((cue, i) => ({
      id: `s${i + 1}`,
      ...(cue.start !== undefined && { start: cue.start }),
      ...(cue.end !== undefined && { end: cue.end }),
      ...(cue.speaker !== undefined && { speaker: cue.speaker }),
      text: cue.text,
    })),
  };
}

function timing(line: string, at: number): { start: number; end: number } | undefined {
  const match = /^\s*(\S+)\s+-->\s+(\S+)/.exec(line);
  if (!match) return undefined;
  const start = parseCueTime(match[1]!);
  const end = parseCueTime(match[2]!);
  if (start === undefined || end === undefined) throw refused(TRANSCRIPT_MESSAGES.badTiming(at));
  if (end < start) throw refused(TRANSCRIPT_MESSAGES.backwards(at));
  return { start, end };
}

/**
 * A cue's payload as one or more speaker turns. WebVTT voice spans (`<v Dr. Reyes>...</v>`,
 * Teams and Meet) name the speaker; Zoom writes `Name: text` into the payload instead.
 */
function turnsOf(payload: string): { speaker?: string; text: string }[] {
  const voices = [...payload.matchAll(/<v(?:\.[^\s>]*)?\s+([^>]+)>([\s\S]*?)(?:<\/v>|(?=<v[\s.])|$)/g)];
  if (voices.length > 0) return voices.map((v) => ({ speaker: v[1]!.trim(), text: plainCaptionText(v[2]!) }));
  return [splitSpeaker(plainCaptionText(payload))];
}

/** WebVTT (W3C): header, optional NOTE/STYLE/REGION blocks, cues with optional identifiers. */
export function parseWebVtt(text: string): ParsedTranscript {
  const [first] = linesOf(text);
  if (!first || !/^WEBVTT(?:[ \t].*)?$/.test(first)) throw refused(TRANSCRIPT_MESSAGES.notWebVtt);
  const cues: Cue[] = [];
  for (const block of blocksOf(text).slice(1)) {
    const head = block.lines[0]!;
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(head)) continue;
    const timingIndex = block.lines.findIndex((l) => l.includes('-->'));
    // A cue is an optional identifier line then its timing; anything else is not a cue.
    if (timingIndex < 0 || timingIndex > 1) throw refused(TRANSCRIPT_MESSAGES.badTiming(block.line));
    const times = timing(block.lines[timingIndex]!, block.line + timingIndex);
    if (!times) throw refused(TRANSCRIPT_MESSAGES.badTiming(block.line + timingIndex));
    for (const turn of turnsOf(block.lines.slice(timingIndex + 1).join('\n'))) cues.push({ ...times, ...turn });
  }
  return numbered('WebVTT', cues);
}

/** SubRip: numbered blocks, `00:00:01,000 --> 00:00:04,000`, text lines. */
export function parseSrt(text: string): ParsedTranscript {
  const cues: Cue[] = [];
  for (const block of blocksOf(text)) {
    const timingIndex = /^\d+$/.test(block.lines[0]!.trim()) ? 1 : 0;
    const line = block.lines[timingIndex];
    const times = line === undefined ? undefined : timing(line, block.line + timingIndex);
    if (!times) throw refused(TRANSCRIPT_MESSAGES.badTiming(block.line + timingIndex));
    cues.push({ ...times, ...splitSpeaker(plainCaptionText(block.lines.slice(timingIndex + 1).join(' '))) });
  }
  return numbered('SRT', cues);
}

/**
 * Plain text with speaker labels: each `Speaker: text` line starts a turn; a line without a label
 * continues the turn before it (a wrapped paragraph), or stands alone at the top.
 */
export function parseSpeakerText(text: string): ParsedTranscript {
  const cues: Cue[] = [];
  for (const raw of linesOf(text)) {
    if (raw.trim() === '') continue;
    const turn = splitSpeaker(raw.trim());
    const last = cues[cues.length - 1];
    if (turn.speaker === undefined && last) last.text = `${last.text} ${turn.text}`;
    else cues.push(turn);
  }
  return numbered('Text', cues);
}

export type TranscriptFormat = 'vtt' | 'srt' | 'text';

/** The parser of a transcript format. */
export function parseTranscript(format: TranscriptFormat, text: string): ParsedTranscript {
  if (format === 'vtt') return parseWebVtt(text);
  if (format === 'srt') return parseSrt(text);
  return parseSpeakerText(text);
}
