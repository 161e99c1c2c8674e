import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SCRIBE_MESSAGES, getResourceType } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScribeSession } from '../../test/scribe-samples.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { ATTESTED } from '../../test/note-samples.ts';
import { contentKeys } from '../content/content-keys.ts';
import { startSweeper } from '../storage/sweeper.ts';
import { SystemReader } from '../storage/system-reader.ts';
import { currentTable } from '../storage/table-names.ts';
import { TranscriptionQueue } from './transcription-queue.ts';
import { expireUnsignedAudio } from './unsigned-audio-sweep.ts';

const API_KEY = 'sk-practice-only-4242';
const authorisations: string[] = [];
/** Calls to the hanging path wait here until the test lets them go. */
const hanging: ServerResponse[] = [];

/** A loopback OpenAI-compatible server: a dictation's words as an engine writes them; `/hang/...` never answers. */
async function startOpenAi(): Promise<Server> {
  const server = createServer(async (req: IncomingMessage, res) => {
    for await (const _ of req) void _;
    authorisations.push(req.headers.authorization ?? '');
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (req.url?.startsWith('/hang/')) return void hanging.push(res);
    if (req.url === '/v1/models') return req.headers.authorization === `Bearer ${API_KEY}` ? json(200, { data: [] }) : json(401, {});
    if (req.url === '/v1/audio/transcriptions') {
      return json(200, {
        text: '',
        segments: [
          { start: 0, end: 4, text: ' patient completed the p h q nine comma score twelve period new paragraph plan cee bee tee' },
        ],
      });
    }
    return json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

let openAi: Server;
let base: string;
let t: TestServer;
let clinician: TestUser;
let patientId: string;

async function dictation(): Promise<{ session: string; media: string }> {
  const { session: s } = await startScribeSession(clinician, patientId);
  const m = await clinician.client.request('POST', `Notes/${s.id}/scribe/recordings`, { body: { purpose: 'dictation' } });
  expect(m.status, m.text).toBe(201);
  const up = await clinician.client.request('POST', `Media/${m.body.id}/content`, {
    raw: Buffer.from('audio'),
    headers: { 'content-type': 'audio/webm' },
  });
  expect(up.status, up.text).toBe(200);
  return { session: s.id, media: m.body.id };
}

const settings = (transcription: Record<string, unknown>, generator: Record<string, unknown> = { provider: 'server' }) => ({
  body: { transcription, generator },
});

beforeAll(async () => {
  openAi = await startOpenAi();
  base = `http://127.0.0.1:${(openAi.address() as AddressInfo).port}`;
  // The server itself has no transcription provider: only the practice's configuration gives one.
  t = await startTestServer({ env: { scribe: { timeoutMs: 60_000, secretKey: randomBytes(32) } } });
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  const p = await t.request('POST', 'Patients', { body: { names: [{ given: ['Sam'], family: 'Settings' }], birthDate: '1985-03-04' } });
  expect(p.status, p.text).toBe(201);
  patientId = p.body.id;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  await t?.close();
  await new Promise((resolve) => openAi?.close(resolve));
});

describe('per-practice scribe providers', () => {
  it('are for practice administrators only', async () => {
    expect((await clinician.client.request('GET', 'scribe/settings')).status).toBe(403);
    const put = await clinician.client.request('PUT', 'scribe/settings', settings({ provider: 'local' }));
    expect(put.status).toBe(403);
    const read = await t.request('GET', 'scribe/settings');
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({
      transcription: { provider: 'server', apiKey: 'not set' },
      server: { transcription: 'none', chat: false, canKeepKeys: true },
    });
  });

  it('keeps the key sealed, never returns it, and uses it for this practice only', async () => {
    const missingUrl = await t.request('PUT', 'scribe/settings', settings({ provider: 'openai-compatible' }));
    expect(missingUrl.status, missingUrl.text).toBe(400);
    const unknown = await t.request('PUT', 'scribe/settings', settings({ provider: 'whisperer' }));
    expect(unknown.status, unknown.text).toBe(400);

    const put = await t.request(
      'PUT',
      'scribe/settings',
      settings({ provider: 'openai-compatible', baseUrl: `${base}/v1/`, model: 'w', apiKey: API_KEY }),
    );
    expect(put.status, put.text).toBe(200);
    expect(put.text).not.toContain(API_KEY);
    expect(put.body.transcription).toEqual({ provider: 'openai-compatible', baseUrl: `${base}/v1`, model: 'w', apiKey: 'set' });
    // Saving again without a key keeps the one set.
    const again = await t.request('PUT', 'scribe/settings', settings({ provider: 'openai-compatible', baseUrl: `${base}/v1`, model: 'w' }));
    expect(again.body.transcription.apiKey).toBe('set');
    // At rest the key is sealed (AES-GCM), not in the clear.
    const vault = await new SystemReader(t.server.app.db.pool, t.practiceId).list('KeyVault', {
      filters: [{ field: 'practice', op: 'eq', value: t.practiceId }],
    });
    expect(vault).toHaveLength(1);
    expect(JSON.stringify(vault[0])).not.toContain(API_KEY);
    expect((vault[0] as unknown as { transcription: { sealedApiKey: string } }).transcription.sealedApiKey).toMatch(/^v1\./);

    const check = await t.request('POST', 'scribe/settings/check', { body: { which: 'transcription' } });
    expect(check.body).toMatchObject({ ok: true });
    const audits = await t.request('GET', 'AuditEvents?orderBy=Created&order=desc&pageSize=50');
    expect(audits.status, audits.text).toBe(200);
    const described = (audits.body as { description?: string }[]).map((a) => a.description ?? '');
    expect(described).toContain('Scribe providers changed: transcription openai-compatible, key set; generator server.');
    expect(described.join('\n')).not.toContain(API_KEY);
  });

  it("transcribes a dictation with the practice's provider and writes it by the speech rules", async () => {
    const personal = await clinician.client.request('POST', 'SpeechRules', {
      body: { scope: 'personal', spoken: 'cee bee tee', written: 'cognitive behavioural therapy' },
    });
    expect(personal.status, personal.text).toBe(201);
    expect(personal.body.author).toEqual(clinician.profile);
    const { session } = await dictation();
    authorisations.length = 0;
    const asked = await clinician.client.request('POST', `Notes/${session}/scribe/transcribe`, { body: {} });
    expect(asked.status, asked.text).toBe(202);
    await t.server.app.transcriptions.idle();
    expect(authorisations).toEqual([`Bearer ${API_KEY}`]);
    const done = await clinician.client.request('GET', `Transcriptions/${asked.body.id}`);
    expect(done.body, done.text).toMatchObject({ status: 'Succeeded', provider: 'openai-compatible' });
    // Templates ("comma", "period", "new paragraph", "P H Q nine"), then the clinician's own rule.
    expect(done.body.segments[0].text).toBe('Patient completed the PHQ-9, score twelve.\n\nPlan cognitive behavioural therapy');
  });

  it('marks Failed a transcription a stopped server left running', async () => {
    const put = await t.request('PUT', 'scribe/settings', settings({ provider: 'openai-compatible', baseUrl: `${base}/hang/v1` }));
    expect(put.status, put.text).toBe(200);
    const { session } = await dictation();
    const asked = await clinician.client.request('POST', `Notes/${session}/scribe/transcribe`, { body: {} });
    expect(asked.status, asked.text).toBe(202);
    await expect.poll(() => hanging.length).toBe(1);
    const app = t.server.app;
    // This server still holds the job: its own sweep leaves it alone.
    expect(await app.transcriptions.sweepInterrupted([t.practiceId], 0)).toBe(0);
    // A server started after a restart holds nothing: the job is interrupted.
    const restarted = new TranscriptionQueue({ db: app.db, audit: app.audit, content: app.content, clock: () => new Date() });
    expect(await restarted.sweepInterrupted([t.practiceId], 0)).toBe(1);
    const failed = await clinician.client.request('GET', `Transcriptions/${asked.body.id}`);
    expect(failed.body).toMatchObject({ status: 'Failed', error: SCRIBE_MESSAGES.transcriptionInterrupted });
    hanging.shift()!.writeHead(500).end();
    await app.transcriptions.idle();
  });
});

describe('audio retention', () => {
  async function signedDraft(): Promise<{ media: string; transcription: string; audioKey: string }> {
    const { session, media } = await dictation();
    const recorded = await clinician.client.request('GET', `Media/${media}`);
    const audioKey = contentKeys(t.practiceId, getResourceType('Media')!, media).content(recorded.body.content.hash);
    expect(await t.server.app.content.get(audioKey)).toBeDefined();
    const imported = await clinician.client.request('POST', `Notes/${session}/scribe/transcript`, {
      body: {
        format: 'text',
        text: 'Therapist: We practised box breathing for ten minutes today.\nClient: That helped, I feel calmer now.',
      },
    });
    expect(imported.status, imported.text).toBe(200);
    const generated = await clinician.client.request('POST', `Notes/${session}/scribe/generate`, {
      body: { format: 'BIRP', generator: 'builtin' },
    });
    expect(generated.status, generated.text).toBe(201);
    const note = generated.body.note;
    const signed = await clinician.client.request('POST', `Notes/${note.id}/sign`, {
      body: { versionId: note.meta.versionId, ...ATTESTED },
    });
    expect(signed.status, signed.text).toBe(200);
    return { media, transcription: imported.body.transcription.id, audioKey };
  }

  it('deletes the session audio when its note is signed, keeps the transcript, and audits it', async () => {
    const { media, transcription, audioKey } = await signedDraft();
    expect((await clinician.client.request('GET', `Media/${media}`)).status).toBe(404);
    expect((await clinician.client.request('GET', `Transcriptions/${transcription}`)).status).toBe(200);
    // The time-to-live machinery removes the bytes on its next sweep.
    const sweeper = startSweeper(t.server.app.db, t.server.app.content, () => {});
    await sweeper.sweep();
    sweeper.stop();
    expect(await t.server.app.content.get(audioKey)).toBeUndefined();
    const audits = await t.request('GET', 'AuditEvents?orderBy=Created&order=desc&pageSize=50');
    const deletion = (audits.body as { description?: string; entity?: { id?: string } }[]).find(
      (a) => a.entity?.id === media && a.description?.startsWith('Session audio'),
    );
    expect(deletion?.description).toMatch(/^Session audio scheduled for deletion on signing Note .*deleted on signing/);
  });

  it('keeps it the days the practice chose', async () => {
    const prefs = await t.request('POST', 'PracticePreferences', { body: { scribeAudioRetention: { mode: 'KeepDays', days: 30 } } });
    expect(prefs.status, prefs.text).toBe(201);
    const bad = await t.request('PUT', `PracticePreferences/${prefs.body.id}`, {
      body: { ...prefs.body, scribeAudioRetention: { mode: 'KeepDays' } },
    });
    expect(bad.status, bad.text).toBe(400);
    const { media } = await signedDraft();
    const kept = await clinician.client.request('GET', `Media/${media}`);
    expect(kept.status, kept.text).toBe(200);
    const days = (Date.parse(kept.body.meta.expires) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });
});

describe('audio of sessions never signed', () => {
  const DAY = 86_400_000;
  /** Time passing, as the sweep sees it: the recording made `days` ago (its first version and its last change). */
  async function recordedDaysAgo(media: string, days: number): Promise<void> {
    const then = new Date(Date.now() - days * DAY).toISOString();
    await t.server.app.db.pool.query(
      `UPDATE ${currentTable('Media')} SET last_modified = $1::timestamptz,
         body = jsonb_set(jsonb_set(body, '{created}', to_jsonb($4::text)), '{meta,lastModified}', to_jsonb($4::text))
       WHERE practice_id = $2 AND id = $3`,
      [then, t.practiceId, media, then],
    );
  }
  const sweep = () => expireUnsignedAudio(t.server.app.db, t.server.app.audit, t.practiceId, () => new Date());
  async function setRetention(retention: Record<string, unknown>): Promise<number> {
    const [prefs] = (await t.request('GET', 'PracticePreferences')).body as Record<string, unknown>[];
    const put = await t.request('PUT', `PracticePreferences/${prefs!.id as string}`, {
      body: { ...prefs, scribeAudioRetention: retention },
    });
    return put.status;
  }

  it("expires the recordings of a session left unsigned past the practice's days, as the system, audited", async () => {
    expect(await setRetention({ mode: 'DeleteOnSign', unsignedDays: 0 })).toBe(400);
    expect(await setRetention({ mode: 'DeleteOnSign', unsignedDays: 7 })).toBe(200);
    const stale = await dictation();
    const recent = await dictation();
    await recordedDaysAgo(stale.media, 8);
    await recordedDaysAgo(recent.media, 6);
    const recorded = await clinician.client.request('GET', `Media/${stale.media}`);
    const audioKey = contentKeys(t.practiceId, getResourceType('Media')!, stale.media).content(recorded.body.content.hash);
    const transcript = await clinician.client.request('POST', `Notes/${stale.session}/scribe/transcript`, {
      body: { format: 'text', text: 'Therapist: We practised box breathing today.' },
    });
    expect(transcript.status, transcript.text).toBe(200);

    // Keep keeps everything, unsigned or not.
    expect(await setRetention({ mode: 'Keep', unsignedDays: 7 })).toBe(200);
    expect(await sweep()).toBe(0);
    expect((await clinician.client.request('GET', `Media/${stale.media}`)).status).toBe(200);

    expect(await setRetention({ mode: 'DeleteOnSign', unsignedDays: 7 })).toBe(200);
    expect(await sweep()).toBe(1);
    expect((await clinician.client.request('GET', `Media/${stale.media}`)).status).toBe(404);
    expect((await clinician.client.request('GET', `Media/${recent.media}`)).status).toBe(200);
    // The text is the record: the transcript and the session stay.
    expect((await clinician.client.request('GET', `Transcriptions/${transcript.body.transcription.id}`)).status).toBe(200);
    expect((await clinician.client.request('GET', `Notes/${stale.session}`)).status).toBe(200);
    // A second sweep finds nothing more to do.
    expect(await sweep()).toBe(0);

    const sweeper = startSweeper(t.server.app.db, t.server.app.content, () => {});
    await sweeper.sweep();
    sweeper.stop();
    expect(await t.server.app.content.get(audioKey)).toBeUndefined();
    const audits = await t.request('GET', 'AuditEvents?orderBy=Created&order=desc&pageSize=50');
    const deletion = (audits.body as { description?: string; entity?: { id?: string }; agent?: { accountId?: string } }[]).find(
      (a) => a.entity?.id === stale.media && a.description?.startsWith('Session audio deleted unsigned'),
    );
    expect(deletion?.description).toContain(`ScribeSession Note ${stale.session} was signed within 7 days`);
    expect(deletion?.agent?.accountId).toBe('system');
  });

  it('leaves alone the audio of a session whose generated note was signed', async () => {
    expect(await setRetention({ mode: 'KeepDays', days: 30, unsignedDays: 7 })).toBe(200);
    const { session, media } = await dictation();
    const imported = await clinician.client.request('POST', `Notes/${session}/scribe/transcript`, {
      body: { format: 'text', text: 'Therapist: We practised box breathing for ten minutes today.\nClient: That helped.' },
    });
    expect(imported.status, imported.text).toBe(200);
    const generated = await clinician.client.request('POST', `Notes/${session}/scribe/generate`, { body: { format: 'BIRP' } });
    expect(generated.status, generated.text).toBe(201);
    const note = generated.body.note;
    const signed = await clinician.client.request('POST', `Notes/${note.id}/sign`, {
      body: { versionId: note.meta.versionId, ...ATTESTED },
    });
    expect(signed.status, signed.text).toBe(200);
    const kept = (await clinician.client.request('GET', `Media/${media}`)).body;
    await recordedDaysAgo(media, 8);
    expect(await sweep()).toBe(0);
    const after = await clinician.client.request('GET', `Media/${media}`);
    expect(after.status, after.text).toBe(200);
    expect(after.body.meta.expires).toBe(kept.meta.expires);
  });
});
