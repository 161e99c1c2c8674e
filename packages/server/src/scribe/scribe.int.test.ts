import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILTIN_RULES_VERSION, SCRIBE_MESSAGES, TRANSCRIPT_MESSAGES, promptVersionFor } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { startScribeSession } from '../../test/scribe-samples.ts';
import { ATTESTED } from '../../test/note-samples.ts';

/** What the loopback OpenAI-compatible server received. */
const received: { path: string; contentType: string; body: Buffer }[] = [];

/**
 * Where a recording has sound, as a speech server hears speech: the complement of what ffmpeg's
 * silencedetect finds; undefined when ffmpeg cannot read it (the tests' placeholder bytes).
 */
function soundBursts(audio: Buffer): { start: number; end: number }[] | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'caseload-loopback-'));
  try {
    writeFileSync(join(dir, 'audio'), audio);
    const run = spawnSync('ffmpeg', [
      '-nostdin',
      '-hide_banner',
      '-i',
      join(dir, 'audio'),
      '-af',
      'silencedetect=noise=-40dB:d=0.3',
      '-f',
      'null',
      '-',
    ]);
    const log = run.stderr.toString();
    const progress = /time=(\d+):(\d+):(\d+(?:\.\d+)?)/g;
    const times = [...log.matchAll(progress)].at(-1);
    if (run.status !== 0 || !times) return undefined;
    const total = Number(times[1]) * 3600 + Number(times[2]) * 60 + Number(times[3]);
    const bursts: { start: number; end: number }[] = [];
    // Sound runs from the start, or from each silence's end, to the next silence's start (or the end).
    let soundFrom: number | undefined = 0;
    for (const [, kind, at] of log.matchAll(/silence_(start|end): (-?\d+(?:\.\d+)?)/g)) {
      if (kind === 'end') soundFrom = Number(at);
      else if (soundFrom !== undefined) {
        if (Number(at) > soundFrom + 0.1) bursts.push({ start: soundFrom, end: Number(at) });
        soundFrom = undefined;
      }
    }
    if (soundFrom !== undefined && total > soundFrom + 0.1) bursts.push({ start: soundFrom, end: total });
    return bursts;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A loopback server speaking the OpenAI protocol: multipart transcription, chat with a JSON schema. */
async function startOpenAi(): Promise<Server> {
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    received.push({ path: req.url ?? '', contentType: req.headers['content-type'] ?? '', body });
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (req.url === '/v1/audio/transcriptions') {
      const form = await new Request('http://x', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type']! },
        body,
      }).formData();
      const file = form.get('file');
      if (!(file instanceof Blob) || form.get('model') !== 'whisper-test') return json(400, { error: { message: 'bad form' } });
      // Real audio: a segment per burst of sound, labelled as a diarizing server would.
      const bursts = soundBursts(Buffer.from(await file.arrayBuffer()));
      if (bursts) {
        const segments = bursts.map((b, i) => ({ id: i, ...b, text: ` Sound ${i + 1}.`, speaker: 'SPEAKER_00' }));
        return json(200, { text: segments.map((s) => s.text).join(''), segments });
      }
      return json(200, {
        text: 'How did the week go? I had two panic attacks at work.',
        segments: [
          { id: 0, start: 0, end: 2.5, text: ' How did the week go?' },
          { id: 1, start: 2.5, end: 6, text: ' I had two panic attacks at work.' },
        ],
      });
    }
    if (req.url === '/v1/chat/completions') {
      const request = JSON.parse(body.toString()) as { response_format?: { type?: string; json_schema?: { name?: string } } };
      if (request.response_format?.type !== 'json_schema') return json(400, { error: { message: 'json_schema expected' } });
      const draft = {
        sections: [
          { key: 'behavior', sentences: [{ text: 'Patient reported two panic attacks at work.', evidence: ['s2'] }] },
          { key: 'intervention', sentences: [{ text: 'Clinician reviewed coping skills.', evidence: ['s99'] }] },
        ],
      };
      return json(200, { choices: [{ message: { role: 'assistant', content: JSON.stringify(draft) } }] });
    }
    return json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

let openAi: Server;
let t: TestServer;
let clinician: TestUser;
let scribe: TestUser;
let preferences: Record<string, unknown>;
let patientId: string;
let unconsentedId: string;

const ref = (resourceType: string, id: string) => ({ resourceType, id });
const today = new Date().toISOString().slice(0, 10);

const TRANSCRIPT = [
  'Therapist: Hi Jordan, come on in.',
  "Client: This week was rough, I had two panic attacks at work and I couldn't sleep.",
  "Therapist: Let's practise the box breathing exercise together for a few minutes.",
  'Client: That helped, I feel calmer now.',
  'Therapist: For homework, keep a panic log this week and we will review it next session.',
].join('\n');

async function newPatient(family: string): Promise<string> {
  const r = await t.request('POST', 'Patients', { body: { names: [{ given: ['Jordan'], family }], birthDate: '1990-01-02' } });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

async function newSession(partition: string, client = clinician.client, extra: Record<string, unknown> = {}) {
  return (await startScribeSession(clinician, partition, { client, extra })).session;
}

const count = async (collection: string, partition: string) => {
  const r = await t.request('GET', collection, { headers: { 'x-partition-key': partition } });
  expect(r.status, r.text).toBe(200);
  return (r.body as unknown[]).length;
};

beforeAll(async () => {
  openAi = await startOpenAi();
  const base = `http://127.0.0.1:${(openAi.address() as AddressInfo).port}/v1`;
  t = await startTestServer({
    env: {
      scribe: { transcription: { baseUrl: base, model: 'whisper-test' }, chat: { baseUrl: base, model: 'chat-test' }, timeoutMs: 5000 },
    },
  });
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  scribe = await t.createUser({ roles: ['Scribe'] });
  const created = await t.request('POST', 'PracticePreferences', { body: { display: 'preferences' } });
  expect(created.status, created.text).toBe(201);
  preferences = created.body;
  patientId = await newPatient('Consented');
  unconsentedId = await newPatient('Unconsented');
  const consent = await t.request('POST', 'Consents', {
    body: { partition: patientId, category: { system: 'urn:caseload:consent-category', code: 'recording' }, status: 'active', date: today },
  });
  expect(consent.status, consent.text).toBe(201);
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => openAi?.close(resolve));
});

describe('import and generate', () => {
  it('imports a speaker-labelled transcript and drafts a BIRP note whose sentences cite their segments', async () => {
    const session = await newSession(patientId, clinician.client, { format: 'BIRP' });
    expect(session).toMatchObject({ kind: 'ScribeSession', status: 'Preliminary', scribe: { format: 'BIRP' } });
    const imported = await clinician.client.request('POST', `Notes/${session.id}/scribe/transcript`, {
      body: { format: 'text', text: TRANSCRIPT },
    });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.transcription).toMatchObject({ status: 'Succeeded', progress: 100, source: 'Text' });
    expect(imported.body.transcription.segments).toHaveLength(5);
    expect(imported.body.session.scribe.transcription.id).toBe(imported.body.transcription.id);

    const generated = await clinician.client.request('POST', `Notes/${session.id}/scribe/generate`, { body: {} });
    expect(generated.status, generated.text).toBe(201);
    const note = generated.body.note;
    expect(note.sections.map((s: { key: string }) => s.key)).toEqual(['behavior', 'intervention', 'response', 'plan']);
    expect(note.generation).toMatchObject({
      format: 'BIRP',
      generator: 'builtin',
      provider: 'caseload',
      scribeSession: { id: session.id },
    });
    const evidence = Object.fromEntries(
      note.generation.sentences.map((s: { section: string; evidence: string[] }) => [s.section, s.evidence]),
    );
    expect(evidence).toEqual({ behavior: ['s2'], intervention: ['s3'], response: ['s4'], plan: ['s5'] });
    expect(note.sections[1].narrative).toContain('data-evidence="s3"');
    expect(generated.body.session.scribe.generatedNote.id).toBe(note.id);

    // The provenance is the server's: a client cannot rewrite it.
    const forged = await clinician.client.request('PUT', `Notes/${note.id}`, {
      body: { ...note, generation: { ...note.generation, generator: 'me' } },
    });
    expect(forged.status, forged.text).toBe(400);
    // The clinician signs the draft as any note; what drafted it is kept.
    const signed = await clinician.client.request('POST', `Notes/${note.id}/sign`, {
      body: { versionId: note.meta.versionId, ...ATTESTED },
    });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.note.generation.promptVersion).toBe(note.generation.promptVersion);
  });

  it('lets a scribe prepare the draft for a clinician but never sign it', async () => {
    const session = await newSession(patientId, scribe.client, { author: clinician.profile });
    expect(session.author.id).toBe(clinician.profile.id);
    const imported = await scribe.client.request('POST', `Notes/${session.id}/scribe/transcript`, {
      body: { format: 'text', text: TRANSCRIPT },
    });
    expect(imported.status, imported.text).toBe(200);
    const generated = await scribe.client.request('POST', `Notes/${session.id}/scribe/generate`, { body: { format: 'GIRPP' } });
    expect(generated.status, generated.text).toBe(201);
    const note = generated.body.note;
    expect(note.author.id).toBe(clinician.profile.id);
    const signed = await scribe.client.request('POST', `Notes/${note.id}/sign`, { body: { versionId: note.meta.versionId, ...ATTESTED } });
    expect(signed.status, signed.text).toBe(403);
  });

  it('refuses an unknown format and a malformed WebVTT with a 400, storing nothing', async () => {
    const session = await newSession(patientId);
    const before = await count('Transcriptions', patientId);
    const unknown = await clinician.client.request('POST', `Notes/${session.id}/scribe/generate`, { body: { format: 'SOAPY' } });
    expect(unknown.status, unknown.text).toBe(400);
    const malformed = await clinician.client.request('POST', `Notes/${session.id}/scribe/transcript`, {
      body: { format: 'vtt', text: 'WEBVTT\n\n00:00:05.000 --> 00:00:01.000\nHi' },
    });
    expect(malformed.status, malformed.text).toBe(400);
    expect(malformed.body.issues[0].message).toBe(TRANSCRIPT_MESSAGES.backwards(3));
    const noHeader = await clinician.client.request('POST', `Notes/${session.id}/scribe/transcript`, {
      body: { format: 'vtt', text: 'Hello' },
    });
    expect(noHeader.body.issues[0].message).toBe(TRANSCRIPT_MESSAGES.notWebVtt);
    expect(await count('Transcriptions', patientId)).toBe(before);
    const untouched = await clinician.client.request('GET', `Notes/${session.id}`);
    expect(untouched.body.scribe.transcription).toBeUndefined();
  });
});

describe('consent before audio', () => {
  it('refuses session audio for a patient without recording consent, storing nothing', async () => {
    const session = await newSession(unconsentedId);
    const before = await count('Media', unconsentedId);
    const refused = await clinician.client.request('POST', `Notes/${session.id}/scribe/recordings`, { body: { purpose: 'session' } });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.issues[0].message).toBe(SCRIBE_MESSAGES.noRecordingConsent);
    expect(await count('Media', unconsentedId)).toBe(before);
    const dictation = await clinician.client.request('POST', `Notes/${session.id}/scribe/recordings`, { body: { purpose: 'dictation' } });
    expect(dictation.status, dictation.text).toBe(201);
  });

  it('checks consent again before every chunk: withdrawn consent stops the audio', async () => {
    const partition = await newPatient('Withdrawn');
    const consent = await t.request('POST', 'Consents', {
      body: { partition, category: { system: 'urn:caseload:consent-category', code: 'recording' }, status: 'active', date: today },
    });
    const session = await newSession(partition);
    const media = await clinician.client.request('POST', `Notes/${session.id}/scribe/recordings`, { body: { purpose: 'session' } });
    expect(media.status, media.text).toBe(201);
    const chunk = (n: number) =>
      clinician.client.request('POST', `Media/${media.body.id}/content/chunks/${n}`, {
        raw: Buffer.from('RIFF....WAVE'),
        headers: { 'content-type': 'audio/wav' },
      });
    expect((await chunk(0)).status).toBe(200);
    const withdrawn = await t.request('PUT', `Consents/${consent.body.id}`, { body: { ...consent.body, status: 'inactive' } });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    const refused = await chunk(1);
    expect(refused.status, refused.text).toBe(403);
    const staged = await clinician.client.request('GET', `Media/${media.body.id}/content/chunks`);
    expect(staged.body.chunks.map((c: { n: number }) => c.n)).toEqual([0]);
  });

  it('honours dictationOnlyScribeSessions', async () => {
    const updated = await t.request('PUT', `PracticePreferences/${preferences.id}`, {
      body: { ...preferences, dictationOnlyScribeSessions: true },
    });
    expect(updated.status, updated.text).toBe(200);
    try {
      const session = await newSession(patientId);
      expect(session.scribe.dictationOnly).toBe(true);
      const refused = await clinician.client.request('POST', `Notes/${session.id}/scribe/recordings`, { body: { purpose: 'session' } });
      expect(refused.status).toBe(403);
      expect(refused.body.issues[0].message).toBe(SCRIBE_MESSAGES.dictationOnly);
    } finally {
      const back = await t.request('GET', `PracticePreferences/${preferences.id}`);
      const restored = await t.request('PUT', `PracticePreferences/${preferences.id}`, {
        body: { ...back.body, dictationOnlyScribeSessions: false },
      });
      expect(restored.status, restored.text).toBe(200);
      preferences = restored.body;
    }
  });
});

describe('remote providers over the OpenAI protocol', () => {
  it('transcribes an uploaded recording off the request path, then drafts with chat completions and a JSON schema', async () => {
    const session = await newSession(patientId);
    const media = await clinician.client.request('POST', `Notes/${session.id}/scribe/recordings`, { body: { purpose: 'session' } });
    const audio = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(2000, 1)]);
    const uploaded = await clinician.client.request('POST', `Media/${media.body.id}/content`, {
      raw: audio,
      headers: { 'content-type': 'audio/wav' },
    });
    expect(uploaded.status, uploaded.text).toBe(200);

    const asked = await clinician.client.request('POST', `Notes/${session.id}/scribe/transcribe`, { body: {} });
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body).toMatchObject({ status: 'Preparation', progress: 0, source: 'Provider' });
    await t.server.app.transcriptions.idle();
    const done = await clinician.client.request('GET', `Transcriptions/${asked.body.id}`);
    expect(done.body, done.body.error).toMatchObject({ status: 'Succeeded', progress: 100, provider: 'openai-compatible' });
    expect(done.body.segments).toEqual([
      { id: 's1', start: 0, end: 2.5, text: 'How did the week go?' },
      { id: 's2', start: 2.5, end: 6, text: 'I had two panic attacks at work.' },
    ]);
    // The job's success wrote the session's Dialogue in its transaction: no labels, so the
    // session's clinician and patient without one (docs/scribe.md, "Dialogue").
    const linked = await clinician.client.request('GET', `Notes/${session.id}`);
    const dialogue = await clinician.client.request('GET', `Dialogues/${linked.body.scribe.dialogue?.id}`);
    expect(dialogue.status, dialogue.text).toBe(200);
    expect(dialogue.body).toMatchObject({
      transcription: ref('Transcription', asked.body.id),
      participants: [
        { individual: ref('Practitioner', clinician.profile.id), role: 'Clinician' },
        { individual: ref('Patient', patientId), role: 'Patient' },
      ],
      span: { fromSecond: 0, toSecond: 6 },
    });
    const upload = received.find((r) => r.path === '/v1/audio/transcriptions')!;
    expect(upload.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.body.includes(audio)).toBe(true);

    const generated = await clinician.client.request('POST', `Notes/${session.id}/scribe/generate`, {
      body: { format: 'BIRP', generator: 'openai-chat' },
    });
    expect(generated.status, generated.text).toBe(201);
    const { generation } = generated.body.note;
    expect(generation).toMatchObject({ generator: 'openai-chat', model: 'chat-test', promptVersion: 'BIRP-2026.11.1' });
    // The invented segment id is dropped and its sentence marked for review.
    expect(generation.sentences.slice(0, 2)).toEqual([
      { id: 'g1', section: 'behavior', evidence: ['s2'], needsReview: false },
      { id: 'g2', section: 'intervention', evidence: [], needsReview: true },
    ]);
    const chat = JSON.parse(received.find((r) => r.path === '/v1/chat/completions')!.body.toString());
    expect(chat.response_format.json_schema.name).toBe('scribe_note_draft');
    expect(chat.messages[1].content).toContain('[s2]');
  });

  it("transcribes a dictation without replacing the session's transcription link", async () => {
    const session = await newSession(patientId);
    const upload = async (purpose: 'session' | 'dictation') => {
      const media = await clinician.client.request('POST', `Notes/${session.id}/scribe/recordings`, { body: { purpose } });
      const put = await clinician.client.request('POST', `Media/${media.body.id}/content`, {
        raw: Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(1000, 2)]),
        headers: { 'content-type': 'audio/wav' },
      });
      expect(put.status, put.text).toBe(200);
      return media.body.id as string;
    };
    const sessionAudio = await upload('session');
    const asked = await clinician.client.request('POST', `Notes/${session.id}/scribe/transcribe`, { body: { media: sessionAudio } });
    expect(asked.status, asked.text).toBe(202);
    const dictationAudio = await upload('dictation');
    const dictated = await clinician.client.request('POST', `Notes/${session.id}/scribe/transcribe`, { body: { media: dictationAudio } });
    expect(dictated.status, dictated.text).toBe(202);
    await t.server.app.transcriptions.idle();
    const done = await clinician.client.request('GET', `Transcriptions/${dictated.body.id}`);
    expect(done.body.status, done.body.error).toBe('Succeeded');
    expect(done.body.media.id).toBe(dictationAudio);
    const after = await clinician.client.request('GET', `Notes/${session.id}`);
    expect(after.body.scribe.transcription.id).toBe(asked.body.id);
    // The conversation is the session recording's, not the dictation's.
    const dialogue = await clinician.client.request('GET', `Dialogues/${after.body.scribe.dialogue?.id}`);
    expect(dialogue.body.transcription.id).toBe(asked.body.id);
  });

  it('a client cannot set the Task status of a transcription', async () => {
    const session = await newSession(patientId);
    const imported = await clinician.client.request('POST', `Notes/${session.id}/scribe/transcript`, {
      body: { format: 'text', text: TRANSCRIPT },
    });
    const tr = imported.body.transcription;
    const forged = await clinician.client.request('PUT', `Transcriptions/${tr.id}`, { body: { ...tr, status: 'Failed' } });
    expect(forged.status, forged.text).toBe(400);
    const relabelled = await clinician.client.request('PUT', `Transcriptions/${tr.id}`, {
      body: {
        ...tr,
        segments: tr.segments.map((s: { speaker?: string }) => ({ ...s, speaker: s.speaker === 'Client' ? 'Jordan' : s.speaker })),
      },
    });
    expect(relabelled.status, relabelled.text).toBe(200);
  });

  it('transcribes each channel of a two-channel recording with its own request and labels the speakers by channel', async () => {
    // Channel 1 sounds at 0–1 s and 4–5 s, channel 2 at 2–3 s: three turns, as a telehealth recorder keeps them.
    const dir = mkdtempSync(join(tmpdir(), 'caseload-stereo-'));
    let audio: Buffer;
    try {
      const tone = (f: number, on: string) => `0.5*sin(2*PI*${f}*t)*(${on})`;
      execFileSync('ffmpeg', [
        ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i'],
        `aevalsrc='${tone(440, 'lt(t,1)+between(t,4,5)')}|${tone(660, 'between(t,2,3)')}':s=48000:d=6`,
        ...['-c:a', 'libopus', join(dir, 'stereo.webm')],
      ]);
      audio = readFileSync(join(dir, 'stereo.webm'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const session = await newSession(patientId);
    const media = await clinician.client.request('POST', `Notes/${session.id}/scribe/recordings`, { body: { purpose: 'session' } });
    const uploaded = await clinician.client.request('POST', `Media/${media.body.id}/content`, {
      raw: audio,
      headers: { 'content-type': 'audio/webm' },
    });
    expect(uploaded.status, uploaded.text).toBe(200);
    const before = received.length;
    const asked = await clinician.client.request('POST', `Notes/${session.id}/scribe/transcribe`, { body: {} });
    expect(asked.status, asked.text).toBe(202);
    await t.server.app.transcriptions.idle();

    const requests = received.slice(before).filter((r) => r.path === '/v1/audio/transcriptions');
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => /filename="([^"]+)"/.exec(r.body.toString('latin1'))?.[1])).toEqual([
      `${media.body.id}-channel1.webm`,
      `${media.body.id}-channel2.webm`,
    ]);
    const done = await clinician.client.request('GET', `Transcriptions/${asked.body.id}`);
    expect(done.body, done.body.error).toMatchObject({ status: 'Succeeded', progress: 100, provider: 'openai-compatible' });
    const segments = done.body.segments as { id: string; start: number; end: number; speaker: string }[];
    expect(segments.map((s) => [s.id, s.speaker])).toEqual([
      ['s1', 'Speaker 1'],
      ['s2', 'Speaker 2'],
      ['s3', 'Speaker 1'],
    ]);
    [0, 2, 4].forEach((start, i) => expect(Math.abs(segments[i]!.start - start)).toBeLessThan(0.3));
    expect(done.body.speakers).toEqual([
      { label: 'Speaker 1', role: 'Clinician' },
      { label: 'Speaker 2', role: 'Patient' },
    ]);
  });
});

describe("the practice's note formats", () => {
  const INSTRUCTIONS = 'Name the therapeutic modality used in the Intervention section.';
  const BIRP_ORDER = ['plan', 'behavior', 'intervention', 'response'];

  const put = (body: Record<string, unknown>) => t.request('PUT', `PracticePreferences/${preferences.id}`, { body });
  const current = async () => (await t.request('GET', `PracticePreferences/${preferences.id}`)).body as Record<string, unknown>;
  const importedSession = async (format?: string) => {
    const session = await newSession(patientId, clinician.client, format ? { format } : {});
    const imported = await clinician.client.request('POST', `Notes/${session.id}/scribe/transcript`, {
      body: { format: 'text', text: TRANSCRIPT },
    });
    expect(imported.status, imported.text).toBe(200);
    return session;
  };

  it('refuses bad section orders, long instructions and a switched-off default, naming the field, storing nothing', async () => {
    const before = await current();
    const refusals: [Record<string, unknown>, string, string][] = [
      [
        { scribeFormatConfigurations: [{ format: 'BIRP', sectionOrder: ['plan', 'behavior', 'intervention', 'goal'] }] },
        'scribeFormatConfigurations.0.sectionOrder',
        'scribeFormatConfigurations[0].sectionOrder names sections BIRP does not have: goal.',
      ],
      [
        { scribeFormatConfigurations: [{ format: 'BIRP', sectionOrder: ['plan', 'plan', 'intervention', 'response'] }] },
        'scribeFormatConfigurations.0.sectionOrder',
        'scribeFormatConfigurations[0].sectionOrder cannot have duplicates.',
      ],
      [
        { scribeFormatConfigurations: [{ format: 'BIRP', sectionOrder: ['plan', 'behavior'] }] },
        'scribeFormatConfigurations.0.sectionOrder',
        'scribeFormatConfigurations[0].sectionOrder must name every section of BIRP; missing: intervention, response.',
      ],
      [
        { scribeFormatConfigurations: [{ format: 'DAP', instructions: 'x'.repeat(2001) }] },
        'scribeFormatConfigurations.0.instructions',
        'scribeFormatConfigurations[0].instructions must be at most 2000 characters',
      ],
      [
        { defaultScribeNoteFormat: 'SIRP', scribeFormatConfigurations: [{ format: 'SIRP', enabled: false }] },
        'defaultScribeNoteFormat',
        'defaultScribeNoteFormat cannot be SIRP: the practice does not offer that format (scribeFormatConfigurations).',
      ],
    ];
    for (const [change, path, message] of refusals) {
      const r = await put({ ...before, ...change });
      expect(r.status, r.text).toBe(400);
      expect(r.body.issues).toEqual([{ path, message }]);
    }
    expect(await current()).toEqual(before);
  });

  it('drafts in the practice order, refuses a switched-off format, records a prompt version naming the instructions', async () => {
    const before = await current();
    const saved = await put({
      ...before,
      scribeFormatConfigurations: [
        { format: 'SIRP', enabled: false },
        { format: 'BIRP', enabled: true, sectionOrder: BIRP_ORDER, instructions: INSTRUCTIONS },
      ],
    });
    expect(saved.status, saved.text).toBe(200);
    try {
      const refusedStart = await clinician.client.request('POST', 'Notes/scribe-sessions', {
        body: { partition: patientId, encounter: (await newSession(patientId)).encounter, format: 'SIRP' },
      });
      expect(refusedStart.status, refusedStart.text).toBe(400);
      expect(refusedStart.body.issues[0].message).toBe(SCRIBE_MESSAGES.formatNotOffered('SIRP'));
      const offered = await importedSession();
      const refused = await clinician.client.request('POST', `Notes/${offered.id}/scribe/generate`, { body: { format: 'SIRP' } });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.issues[0].message).toBe(SCRIBE_MESSAGES.formatNotOffered('SIRP'));

      const builtin = await clinician.client.request('POST', `Notes/${(await importedSession('BIRP')).id}/scribe/generate`, {
        body: { generator: 'builtin' },
      });
      expect(builtin.status, builtin.text).toBe(201);
      expect(builtin.body.note.sections.map((s: { key: string }) => s.key)).toEqual(BIRP_ORDER);
      // The built-in rules read no instructions: their version is the rules'.
      expect(builtin.body.note.generation.promptVersion).toBe(BUILTIN_RULES_VERSION);

      const sent = received.length;
      const chat = await clinician.client.request('POST', `Notes/${(await importedSession('BIRP')).id}/scribe/generate`, {
        body: { generator: 'openai-chat' },
      });
      expect(chat.status, chat.text).toBe(201);
      const note = chat.body.note;
      expect(note.sections.map((s: { key: string }) => s.key)).toEqual(BIRP_ORDER);
      expect(note.generation.promptVersion).toBe(promptVersionFor('BIRP', INSTRUCTIONS));
      expect(note.generation.promptVersion).toMatch(/^BIRP-2026\.11\.1\+i\.[0-9a-f]{12}$/);
      const asked = JSON.parse(
        received
          .slice(sent)
          .find((r) => r.path === '/v1/chat/completions')!
          .body.toString(),
      );
      expect(asked.messages[0].content).toContain(`Practice instructions: ${INSTRUCTIONS}`);
      const sections: string = asked.messages[1].content;
      expect(sections.indexOf('- plan')).toBeLessThan(sections.indexOf('- behavior'));

      // Signing keeps the version that names those instructions.
      const signed = await clinician.client.request('POST', `Notes/${note.id}/sign`, {
        body: { versionId: note.meta.versionId, ...ATTESTED },
      });
      expect(signed.status, signed.text).toBe(200);
      expect(signed.body.note.generation.promptVersion).toBe(promptVersionFor('BIRP', INSTRUCTIONS));
    } finally {
      const restored = await put({ ...(await current()), scribeFormatConfigurations: [] });
      expect(restored.status, restored.text).toBe(200);
      preferences = restored.body;
    }
  });
});
