import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TranscriptSegment } from '@caseload/core';
import { AUDIO_PROGRAMS, runProgram as run } from './audio-programs.ts';
import { providerFailed } from './scribe-providers.ts';
import type { AudioInput, TranscriptionProvider } from './transcription-provider.ts';

/** The programs the local engine runs (Debian's `ffmpeg`, `pocketsphinx`, `pocketsphinx-en-us`). */
export const LOCAL_ENGINE_PROGRAMS = { ffmpeg: AUDIO_PROGRAMS.ffmpeg, recogniser: AUDIO_PROGRAMS.recogniser } as const;

/** Words pocketsphinx times but nobody said: sentence marks, silence, fillers and noise. */
const NOT_SPOKEN = /^(<s>|<\/s>|<sil>|\[.*\]|\+\+.*\+\+)$/;
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;

/**
 * Reads `pocketsphinx_continuous -time yes` output: per utterance (the engine splits at silences)
 * a line of the hypothesis, then one `word start end confidence` line per word between `<s>` and
 * `</s>`. Each utterance with spoken words becomes a segment from its first word's start to its
 * last word's end; alternate pronunciations (`the(2)`) are written as the word.
 */
export function segmentsFromPocketsphinx(output: string): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let words: { word: string; start: number; end: number }[] = [];
  const close = () => {
    if (words.length > 0) {
      segments.push({
        id: `s${segments.length + 1}`,
        start: words[0]!.start,
        end: words.at(-1)!.end,
        text: words.map((w) => w.word).join(' '),
      });
    }
    words = [];
  };
  for (const line of output.split('\n')) {
    const match = WORD_LINE.exec(line.trim());
    if (!match) continue;
    const [, token, start, end] = match as unknown as [string, string, string, string];
    if (token === '<s>') close();
    else if (token === '</s>') close();
    else if (!NOT_SPOKEN.test(token)) words.push({ word: token.replace(/\(\d+\)$/, ''), start: Number(start), end: Number(end) });
  }
  close();
  return segments;
}

/**
 * The local engine (docs/scribe.md, "Local engine"): CMU PocketSphinx with its US English model,
 * both from Debian packages, run as a child process on the server, so no audio leaves it and no
 * model is fetched at run time. The browser's webm/opus (or any format ffmpeg reads) is first
 * converted to the 16 kHz mono 16-bit WAV the model was trained on. Its accuracy is poor
 * (docs/performance.md); the OpenAI-compatible provider is the production path.
 */
export class LocalTranscriptionProvider implements TranscriptionProvider {
  readonly name = 'local';

  constructor(private readonly timeoutMs: number) {}

  async transcribe(audio: AudioInput): Promise<TranscriptSegment[]> {
    const deadline = Date.now() + this.timeoutMs;
    const dir = await mkdtemp(join(tmpdir(), 'caseload-speech-'));
    try {
      const input = join(dir, 'recording');
      const wav = join(dir, 'recording.wav');
      await writeFile(input, audio.bytes);
      const converted = await run(
        LOCAL_ENGINE_PROGRAMS.ffmpeg,
        ['-nostdin', '-loglevel', 'error', '-y', '-i', input, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', wav],
        deadline,
      );
      if (converted.code !== 0) throw providerFailed('Transcription', 'the recording could not be read as audio');
      const recognised = await run(LOCAL_ENGINE_PROGRAMS.recogniser, ['-infile', wav, '-time', 'yes', '-logfn', '/dev/null'], deadline);
      if (recognised.code !== 0) throw providerFailed('Transcription', 'the local speech engine failed');
      return segmentsFromPocketsphinx(recognised.stdout);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
