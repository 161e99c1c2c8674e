import { SCRIBE_MESSAGES, type TranscriptSegment } from '@caseload/core';
import { LocalTranscriptionProvider } from './local-speech-engine.ts';
import { notConfigured, postToProvider, providerFailed, type RemoteEndpoint, type ScribeProviders } from './scribe-providers.ts';

/** Audio to transcribe. */
export interface AudioInput {
  bytes: Buffer;
  contentType: string;
  filename: string;
}

/** One interface for every speech-to-text engine (docs/scribe.md, "Providers"). */
export interface TranscriptionProvider {
  /** Recorded on the Transcription: which provider made it. */
  readonly name: string;
  transcribe(audio: AudioInput): Promise<TranscriptSegment[]>;
}

interface VerboseSegment {
  start?: unknown;
  end?: unknown;
  text?: unknown;
  speaker?: unknown;
}

/**
 * An OpenAI-compatible `/v1/audio/transcriptions` endpoint (a self-hosted Whisper server, or a
 * HIPAA-eligible host): multipart upload, `verbose_json` for timed segments; a server that
 * answers only `text` gives one segment.
 */
export class OpenAiTranscriptionProvider implements TranscriptionProvider {
  readonly name = 'openai-compatible';

  constructor(
    private readonly endpoint: RemoteEndpoint,
    private readonly timeoutMs: number,
  ) {}

  async transcribe(audio: AudioInput): Promise<TranscriptSegment[]> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(audio.bytes)], { type: audio.contentType }), audio.filename);
    form.append('model', this.endpoint.model);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'segment');
    const answer = (await postToProvider(this.endpoint, '/audio/transcriptions', form, this.timeoutMs, 'Transcription')) as {
      text?: unknown;
      segments?: VerboseSegment[];
    };
    const segments = Array.isArray(answer.segments) ? answer.segments : [{ text: answer.text }];
    const spoken = segments.filter((s) => typeof s.text === 'string' && s.text.trim() !== '');
    if (spoken.length === 0 && typeof answer.text !== 'string') throw providerFailed('Transcription', 'the answer had no text');
    return spoken.map((s, i) => ({
      id: `s${i + 1}`,
      ...(typeof s.start === 'number' && { start: s.start }),
      ...(typeof s.end === 'number' && { end: s.end }),
      ...(typeof s.speaker === 'string' && { speaker: s.speaker }),
      text: (s.text as string).trim(),
    }));
  }
}

/** The configured provider, or a 400 saying how to configure one. */
export function transcriptionProvider(providers: ScribeProviders): TranscriptionProvider {
  if (!providers.transcription) throw notConfigured(SCRIBE_MESSAGES.noTranscriptionProvider);
  if (providers.transcription === 'local') return new LocalTranscriptionProvider(providers.timeoutMs);
  return new OpenAiTranscriptionProvider(providers.transcription, providers.timeoutMs);
}
