import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalTranscriptionProvider } from '../../packages/server/src/scribe/local-speech-engine.ts';
import { SESSIONS } from './sessions.ts';

/**
 * The local speech engine (PocketSphinx, Debian's en-us model) on the evaluation set spoken by
 * espeak-ng (docs/performance.md, "Scribe"): each session's turns, alternating two voices, encoded
 * as webm/opus like the browser's recording, transcribed through LocalTranscriptionProvider.
 * - word error rate: word-level edit distance over the reference's words (lower case, no marks);
 * - real-time factor: transcription time (conversion included) over the audio's duration.
 * Run: npx tsx bench/scribe/local-engine.ts [sessions, default all]
 */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w !== '');

function editDistance(a: string[], b: string[]): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

function spoken(turns: string[], dir: string): { audio: Buffer; seconds: number } {
  const parts = turns.map((text, i) => {
    const file = join(dir, `t${i}.wav`);
    execFileSync('espeak-ng', ['-v', i % 2 === 0 ? 'en-us' : 'en-us+f3', '-s', '150', '-w', file, text]);
    return file;
  });
  const list = join(dir, 'list.txt');
  execFileSync('sh', ['-c', `printf "file '%s'\\n" ${parts.map((p) => `'${p}'`).join(' ')} > ${list}`]);
  const webm = join(dir, 'session.webm');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-c:a', 'libopus', webm]);
  const seconds = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', webm]).toString());
  return { audio: readFileSync(webm), seconds };
}

const count = Math.min(Number(process.argv[2] ?? SESSIONS.length), SESSIONS.length);
const engine = new LocalTranscriptionProvider(600_000);
let errors = 0;
let referenceWords = 0;
let audioSeconds = 0;
let workSeconds = 0;
for (const session of SESSIONS.slice(0, count)) {
  const dir = mkdtempSync(join(tmpdir(), 'caseload-bench-speech-'));
  try {
    const turns = session.turns.map(([, text]) => text);
    const { audio, seconds } = spoken(turns, dir);
    const started = performance.now();
    const segments = await engine.transcribe({ bytes: audio, contentType: 'audio/webm', filename: 'session.webm' });
    const took = (performance.now() - started) / 1000;
    const reference = words(turns.join(' '));
    const heard = words(segments.map((s) => s.text).join(' '));
    const distance = editDistance(reference, heard);
    errors += distance;
    referenceWords += reference.length;
    audioSeconds += seconds;
    workSeconds += took;
    console.log(
      `${session.name.padEnd(28)} WER ${((100 * distance) / reference.length).toFixed(0).padStart(3)}%  ` +
        `RTF ${(took / seconds).toFixed(2)}  ${seconds.toFixed(1)} s audio, ${segments.length} segments`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(
  `\n${count} sessions, ${referenceWords} words, ${audioSeconds.toFixed(0)} s of audio: ` +
    `word error rate ${((100 * errors) / referenceWords).toFixed(1)}%, real-time factor ${(workSeconds / audioSeconds).toFixed(2)}`,
);
