import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestServer, TestUser } from '../../packages/server/test/harness.ts';
import { OFFICE_PLACE_OF_SERVICE } from '../../packages/server/test/note-samples.ts';

/** A short written session, clinician (en-us) and patient (en-gb) in turn. */
export const DIALOGUE: readonly (readonly ['en-us' | 'en-gb', string])[] = [
  ['en-us', 'How has your week been since our last session?'],
  ['en-gb', 'I had two panic attacks at work and I could not sleep well.'],
  ['en-us', "Let's practise the box breathing exercise together for a few minutes."],
  ['en-gb', 'That helped. I feel calmer now.'],
  ['en-us', 'For homework, keep a panic log this week and we will review it next time.'],
];

/** The `data` chunk and format of a PCM WAV file (espeak-ng writes 16-bit mono). */
function pcmOf(wav: Buffer): { format: Buffer; data: Buffer } {
  let at = 12;
  let format: Buffer | undefined;
  while (at + 8 <= wav.length) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    // espeak-ng writing to a file leaves the data size as 0xFFFFFFFF when it streams: take the rest.
    const end = Math.min(wav.length, at + 8 + size);
    if (id === 'fmt ') format = wav.subarray(at + 8, end);
    if (id === 'data') return { format: format!, data: wav.subarray(at + 8, end) };
    at = end + (size % 2);
  }
  throw new Error('no data chunk in the WAV file');
}

/**
 * Speaks DIALOGUE with espeak-ng (two voices) into one WAV file, a half second of silence between
 * turns, written by hand (RIFF header + the turns' PCM): no sox needed. Chromium's fake capture
 * device plays it in a loop as the microphone.
 */
export async function dialogueWav(turns: readonly (readonly ['en-us' | 'en-gb', string])[] = DIALOGUE): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-scribe-'));
  const parts: Buffer[] = [];
  let format: Buffer | undefined;
  for (const [i, [voice, text]] of turns.entries()) {
    const file = path.join(dir, `turn-${i}.wav`);
    execFileSync('espeak-ng', ['-v', voice, '-s', '150', '-w', file, text]);
    const pcm = pcmOf(await fs.readFile(file));
    format ??= pcm.format;
    const rate = format.readUInt32LE(4);
    parts.push(pcm.data, Buffer.alloc(Math.round(rate / 2) * 2));
  }
  const data = Buffer.concat(parts);
  const header = Buffer.alloc(12 + 8 + format!.length + 8);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(header.length - 8 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(format!.length, 16);
  format!.copy(header, 20);
  header.write('data', 20 + format!.length, 'ascii');
  header.writeUInt32LE(data.length, 24 + format!.length);
  const out = path.join(dir, 'dialogue.wav');
  await fs.writeFile(out, Buffer.concat([header, data]));
  return out;
}

/** Chromium's fake microphone playing `wav`, the permission granted without a prompt. */
export const fakeMicrophoneArgs = (wav: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-audio-capture=${wav}`,
];

/** A patient (with an active recording consent unless `consent` is false) and a ScribeSession on an encounter of theirs. */
export async function scribeSession(
  t: TestServer,
  clinician: TestUser,
  family: string,
  consent = true,
): Promise<{ patient: string; session: string }> {
  const today = new Date().toISOString().slice(0, 10);
  const post = async (collection: string, body: Record<string, unknown>, as: Pick<TestServer, 'request'> = t) => {
    const r = await as.request('POST', t.practiceUrl(collection), { body });
    expect(r.status, r.text).toBe(201);
    return r.body.id as string;
  };
  const patient = await post('Patients', { names: [{ given: ['Jordan'], family }], birthDate: '1990-01-02' });
  if (consent) {
    await post('Consents', {
      partition: patient,
      category: { system: 'urn:caseload:consent-category', code: 'recording' },
      status: 'active',
      date: today,
    });
  }
  const encounter = await post(
    'Encounters',
    {
      partition: patient,
      participants: [{ role: 'PrimaryPerformer', individual: clinician.profile }],
      visitStatus: 'Show',
      location: { placeOfService: OFFICE_PLACE_OF_SERVICE },
      sessionTime: { mode: 'DurationMinutes', start: `${today}T13:00:00Z`, minutes: 53 },
    },
    clinician.client,
  );
  const session = await post(
    'Notes/scribe-sessions',
    { partition: patient, encounter: { resourceType: 'Encounter', id: encounter } },
    clinician.client,
  );
  return { patient, session };
}

/**
 * Counts the chunks the page sends, by number (a resent chunk replaces its earlier size), from
 * inside the page: Playwright cannot read a Blob request body, so the page's fetch is wrapped and
 * each chunk the server answered with a 2xx is recorded. Read them with `sentChunks`.
 */
export async function watchSentChunks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { sentChunks?: Record<number, number> };
    if (w.sentChunks) return;
    w.sentChunks = {};
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const match = /\/Media\/[^/]+\/content\/chunks\/(\d+)$/.exec(url);
      const response = await original(input, init);
      if (match && init?.method === 'POST' && init.body instanceof Blob && response.ok) w.sentChunks![Number(match[1])] = init.body.size;
      return response;
    };
  });
}

/** The chunks `watchSentChunks` saw sent, as [n, size] sorted by n. */
export const sentChunks = (page: Page): Promise<[number, number][]> =>
  page.evaluate(() =>
    Object.entries((window as unknown as { sentChunks: Record<string, number> }).sentChunks)
      .map(([n, size]) => [Number(n), size] as [number, number])
      .sort((a, b) => a[0] - b[0]),
  );

/** The Media's content as the server serves it: its size, and its duration as Chromium decodes it. */
export async function serverAudio(
  page: Page,
  t: TestServer,
  mediaId: string,
): Promise<{ size: number; seconds: number; contentType: string }> {
  const url = t.practiceUrl(`Media/${mediaId}/content`).replace(t.url, '');
  return page.evaluate(async (path) => {
    const response = await fetch(path, { credentials: 'include' });
    const bytes = await response.arrayBuffer();
    const audio = new OfflineAudioContext(1, 1, 48_000);
    const decoded = await audio.decodeAudioData(bytes.slice(0));
    return { size: bytes.byteLength, seconds: decoded.duration, contentType: response.headers.get('content-type') ?? '' };
  }, url);
}

/** The chunks the page keeps on the device (numbers and sizes), read from its IndexedDB as it stands. */
export function deviceChunks(page: Page): Promise<{ n: number; size: number }[]> {
  return page.evaluate(
    () =>
      new Promise<{ n: number; size: number }[]>((resolve, reject) => {
        const open = indexedDB.open('caseload-scribe-capture');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('chunks').objectStore('chunks').getAll();
          all.onsuccess = () => {
            resolve((all.result as { n: number; size: number }[]).map((c) => ({ n: c.n, size: c.size })));
            open.result.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}
