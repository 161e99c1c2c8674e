import type { SpeakerAssignment, TranscriptSegment } from '@caseload/core';
import { splitChannels } from './audio-channels.ts';
import type { AudioInput, TranscriptionProvider } from './transcription-provider.ts';

/**
 * Who each channel of a two-channel recording is (docs/scribe.md, "Speakers from channels"): the
 * first channel is the recording side's own microphone, the clinician's, the second the other
 * party's. The clinician can reassign either in review.
 */
export const CHANNEL_SPEAKERS: readonly SpeakerAssignment[] = [
  { label: 'Speaker 1', role: 'Clinician' },
  { label: 'Speaker 2', role: 'Patient' },
];

/** What transcribing a recording gives: the segments, and the speakers when the channels named them. */
export interface TranscribedRecording {
  segments: TranscriptSegment[];
  speakers?: SpeakerAssignment[];
}

/**
 * One transcript from each channel's segments: each labelled by its channel, all ordered by start
 * time (a segment without times keeps its place after the timed ones of its channel; ties go to
 * the first channel) and numbered again `s1`, `s2`, … so ids stay unique and in order.
 */
export function mergeChannels(channels: readonly (readonly TranscriptSegment[])[]): TranscriptSegment[] {
  const labelled = channels.flatMap((segments, channel) =>
    segments.map((segment, order) => ({ segment: { ...segment, speaker: CHANNEL_SPEAKERS[channel]!.label }, channel, order })),
  );
  const lastStart = new Map<number, number>();
  const keyed = labelled.map((item) => {
    const start = item.segment.start ?? lastStart.get(item.channel) ?? 0;
    lastStart.set(item.channel, start);
    return { ...item, start };
  });
  keyed.sort((a, b) => a.start - b.start || a.channel - b.channel || a.order - b.order);
  return keyed.map(({ segment }, i) => ({ ...segment, id: `s${i + 1}` }));
}

/**
 * Transcribes a recording with the configured provider: a session recording with two distinct
 * channels is transcribed channel by channel (the provider is asked once per channel, whatever
 * it is) and its speakers labelled by channel; anything else as it is, as one call.
 * `afterChannel` is told when the channels are split and when each is done, so the job records
 * progress between the steps, each bounded by the time limit.
 */
export async function transcribeRecording(
  provider: TranscriptionProvider,
  audio: AudioInput,
  options: { byChannel: boolean; timeoutMs: number; afterChannel?: (done: number, of: number) => Promise<void> },
): Promise<TranscribedRecording> {
  const parts = options.byChannel ? await splitChannels(audio, options.timeoutMs) : [audio];
  if (parts.length === 1) return { segments: await provider.transcribe(audio) };
  await options.afterChannel?.(0, parts.length);
  const channels: TranscriptSegment[][] = [];
  for (const part of parts) {
    channels.push(await provider.transcribe(part));
    await options.afterChannel?.(channels.length, parts.length);
  }
  return { segments: mergeChannels(channels), speakers: CHANNEL_SPEAKERS.map((s) => ({ ...s })) };
}
