import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIO_PROGRAMS, runProgram } from './audio-programs.ts';
import { providerFailed } from './scribe-providers.ts';
import type { AudioInput } from './transcription-provider.ts';

/**
 * How many channels of different sound the recording has: 2 when it is stereo and its channels
 * differ, else 1. A stereo recording whose channels carry the same signal (a browser recording a
 * mono microphone as stereo) counts as one, so it is not transcribed twice. When ffprobe is not
 * installed or cannot read the audio the answer is 1: the provider then gets the recording as it
 * is, as before channels were read.
 */
export async function distinctChannels(file: string, deadline: number): Promise<1 | 2> {
  try {
    const probe = await runProgram(
      AUDIO_PROGRAMS.ffprobe,
      ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=channels', '-of', 'csv=p=0', file],
      deadline,
    );
    if (probe.code !== 0 || Number(probe.stdout.trim()) !== 2) return 1;
    const difference = await meanVolume(file, 'pan=mono|c0=c0-c1', deadline);
    const sum = await meanVolume(file, 'pan=mono|c0=c0+c1', deadline);
    // Identical channels cancel out: what is left is the codec's noise, far below the sound itself.
    return difference !== undefined && sum !== undefined && difference > sum - SAME_SIGNAL_DB ? 2 : 1;
  } catch {
    return 1;
  }
}

/** How far (dB) below the channels' sum their difference must be for them to count as one signal. */
const SAME_SIGNAL_DB = 20;

/** The mean volume (dB) of the audio through a filter; -inf (digital silence) as -200. */
async function meanVolume(file: string, filter: string, deadline: number): Promise<number | undefined> {
  const result = await runProgram(
    AUDIO_PROGRAMS.ffmpeg,
    ['-nostdin', '-hide_banner', '-i', file, '-af', `${filter},volumedetect`, '-f', 'null', '-'],
    deadline,
    { stderr: true },
  );
  const match = /mean_volume: (-?(?:\d+(?:\.\d+)?|inf)) dB/.exec(result.stderr);
  if (result.code !== 0 || !match) return undefined;
  return match[1] === '-inf' ? -200 : Number(match[1]);
}

/**
 * The recording as one mono recording per channel when it has two distinct channels (above), else
 * as it is. Each channel is encoded as webm/opus, a format every OpenAI-compatible server and the
 * local engine read, and small enough for a long session.
 */
export async function splitChannels(audio: AudioInput, timeoutMs: number): Promise<AudioInput[]> {
  const deadline = Date.now() + timeoutMs;
  const dir = await mkdtemp(join(tmpdir(), 'caseload-channels-'));
  try {
    const input = join(dir, 'recording');
    await writeFile(input, audio.bytes);
    if ((await distinctChannels(input, deadline)) === 1) return [audio];
    const outputs = [join(dir, 'channel1.webm'), join(dir, 'channel2.webm')];
    const split = await runProgram(
      AUDIO_PROGRAMS.ffmpeg,
      [
        ...['-nostdin', '-loglevel', 'error', '-y', '-i', input],
        ...['-filter_complex', '[0:a]asplit=2[a][b];[a]pan=mono|c0=c0[c1];[b]pan=mono|c0=c1[c2]'],
        ...['-map', '[c1]', '-c:a', 'libopus', outputs[0]!, '-map', '[c2]', '-c:a', 'libopus', outputs[1]!],
      ],
      deadline,
    );
    if (split.code !== 0) throw providerFailed('Transcription', "the recording's two channels could not be separated");
    const base = audio.filename.replace(/\.[^.]*$/, '');
    return Promise.all(
      outputs.map(async (file, i) => ({
        bytes: await readFile(file),
        contentType: 'audio/webm',
        filename: `${base}-channel${i + 1}.webm`,
      })),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
