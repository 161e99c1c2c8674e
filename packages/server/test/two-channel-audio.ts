import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RATE = 16000;

/** Where a turn was placed: its channel (1 or 2) and its time in the recording, in seconds. */
export interface PlacedTurn {
  channel: 1 | 2;
  start: number;
  end: number;
}

/**
 * A two-channel recording as a telehealth recorder makes one: each turn spoken by espeak-ng with
 * its channel's voice (channel 1 en-us, channel 2 en-us+f3), placed in turn on its own channel
 * with half a second between turns and silence on the other, the channels joined into one stereo
 * webm/opus file by ffmpeg. Returns the file and where each turn is.
 */
export function twoChannelRecording(turns: readonly (readonly [1 | 2, string])[]): { webm: Buffer; placed: PlacedTurn[] } {
  const dir = mkdtempSync(join(tmpdir(), 'caseload-two-channels-'));
  try {
    const voices = { 1: 'en-us', 2: 'en-us+f3' } as const;
    const spoken = turns.map(([channel, text], i) => {
      const wav = join(dir, `turn-${i}.wav`);
      execFileSync('espeak-ng', ['-v', voices[channel], '-s', '150', '-w', wav, text]);
      const pcm = execFileSync('ffmpeg', ['-loglevel', 'error', '-i', wav, '-f', 's16le', '-ac', '1', '-ar', String(RATE), '-']);
      return { channel, pcm };
    });
    const gap = RATE / 2;
    const total = spoken.reduce((samples, turn) => samples + turn.pcm.length / 2 + gap, 0);
    const channels = { 1: Buffer.alloc(total * 2), 2: Buffer.alloc(total * 2) };
    const placed: PlacedTurn[] = [];
    let at = 0;
    for (const turn of spoken) {
      turn.pcm.copy(channels[turn.channel], at * 2);
      placed.push({ channel: turn.channel, start: at / RATE, end: (at + turn.pcm.length / 2) / RATE });
      at += turn.pcm.length / 2 + gap;
    }
    writeFileSync(join(dir, 'c1.raw'), channels[1]);
    writeFileSync(join(dir, 'c2.raw'), channels[2]);
    const raw = (file: string) => ['-f', 's16le', '-ar', String(RATE), '-ac', '1', '-i', join(dir, file)];
    execFileSync('ffmpeg', [
      ...['-loglevel', 'error', '-y', ...raw('c1.raw'), ...raw('c2.raw')],
      ...['-filter_complex', '[0:a][1:a]join=inputs=2:channel_layout=stereo', '-c:a', 'libopus', join(dir, 'session.webm')],
    ]);
    return { webm: readFileSync(join(dir, 'session.webm')), placed };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
