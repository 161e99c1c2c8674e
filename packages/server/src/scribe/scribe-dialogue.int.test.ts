import { SCRIBE_MESSAGES } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScribeSession } from '../../test/scribe-samples.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';

let t: TestServer;
let clinician: TestUser;
let patientId: string;

const ref = (resourceType: string, id: string) => ({ resourceType, id });

/** A Teams-style WebVTT: two voices, neither named by role, so the clinician says who is who. */
const VTT = [
  'WEBVTT',
  '',
  '00:00:03.000 --> 00:00:06.500',
  '<v Speaker 1>How did the week go?</v>',
  '',
  '00:00:07.000 --> 00:00:12.000',
  '<v Speaker 2>I had two panic attacks at work.</v>',
  '',
  '00:00:12.500 --> 00:00:15.250',
  "<v Speaker 1>Let's practise box breathing.</v>",
].join('\n');

async function newSession() {
  return startScribeSession(clinician, patientId);
}

async function importVtt(sessionId: string) {
  const imported = await clinician.client.request('POST', `Notes/${sessionId}/scribe/transcript`, {
    body: { format: 'vtt', text: VTT, speakers: [{ label: 'Speaker 2', role: 'Patient' }] },
  });
  expect(imported.status, imported.text).toBe(200);
  return imported.body as { session: Record<string, any>; transcription: Record<string, any> };
}

const dialogues = async () => {
  const r = await t.request('GET', 'Dialogues', { headers: { 'x-partition-key': patientId } });
  expect(r.status, r.text).toBe(200);
  return r.body as Record<string, any>[];
};

beforeAll(async () => {
  t = await startTestServer();
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  const p = await t.request('POST', 'Patients', { body: { names: [{ given: ['Jordan'], family: 'Dialogue' }], birthDate: '1990-01-02' } });
  expect(p.status, p.text).toBe(201);
  patientId = p.body.id;
});

afterAll(async () => {
  await t?.close();
});

describe("a scribe session's Dialogue", () => {
  it('is written with the import: clinician and patient by their speaker labels, linked from session and encounter', async () => {
    const { session, encounterId } = await newSession();
    const { session: linked, transcription } = await importVtt(session.id);
    const dialogueId = linked.scribe.dialogue?.id as string;
    expect(dialogueId).toBeDefined();

    const r = await clinician.client.request('GET', `Dialogues/${dialogueId}?expand=participants.individual,encounter`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      partition: patientId,
      patient: ref('Patient', patientId),
      encounter: { ...ref('Encounter', encounterId), resource: { id: encounterId } },
      scribeSession: ref('Note', session.id),
      transcription: ref('Transcription', transcription.id),
      span: { fromSecond: 3, toSecond: 15.25 },
    });
    expect(r.body.participants).toEqual([
      {
        individual: { ...ref('Practitioner', clinician.profile.id), resource: expect.objectContaining({ id: clinician.profile.id }) },
        role: 'Clinician',
        speakerLabel: 'Speaker 1',
      },
      {
        individual: { ...ref('Patient', patientId), resource: expect.objectContaining({ id: patientId, resourceType: 'Patient' }) },
        role: 'Patient',
        speakerLabel: 'Speaker 2',
      },
    ]);
    const encounter = await clinician.client.request('GET', `Encounters/${encounterId}?expand=dialogues`);
    expect(encounter.status, encounter.text).toBe(200);
    expect(encounter.body.dialogues).toEqual([{ ...ref('Dialogue', dialogueId), resource: expect.objectContaining({ id: dialogueId }) }]);
  });

  it('follows re-assigned speakers in the same Dialogue, and keeps its links and the encounter list from client writes', async () => {
    const { session, encounterId } = await newSession();
    const { session: linked, transcription } = await importVtt(session.id);
    const dialogueId = linked.scribe.dialogue.id as string;
    const count = (await dialogues()).length;

    // The clinician swaps who is who in review, as the transcript pane does: a PUT of the Transcription.
    const swapped = await clinician.client.request('PUT', `Transcriptions/${transcription.id}`, {
      body: {
        ...transcription,
        speakers: [
          { label: 'Speaker 1', role: 'Patient' },
          { label: 'Speaker 2', role: 'Clinician' },
        ],
      },
    });
    expect(swapped.status, swapped.text).toBe(200);
    const after = await clinician.client.request('GET', `Dialogues/${dialogueId}`);
    expect(after.body.participants).toEqual([
      { individual: ref('Patient', patientId), role: 'Patient', speakerLabel: 'Speaker 1' },
      { individual: ref('Practitioner', clinician.profile.id), role: 'Clinician', speakerLabel: 'Speaker 2' },
    ]);
    expect(after.body.meta.versionId).not.toBe(linked.scribe.dialogue.versionId);
    expect((await dialogues()).length).toBe(count);
    const note = await clinician.client.request('GET', `Notes/${session.id}`);
    expect(note.body.scribe.dialogue.id).toBe(dialogueId);

    // A text correction says nothing new about who spoke: no new version.
    const current = (await clinician.client.request('GET', `Transcriptions/${transcription.id}`)).body;
    const corrected = await clinician.client.request('PUT', `Transcriptions/${transcription.id}`, {
      body: {
        ...current,
        segments: current.segments.map((s: { text: string }, i: number) => (i === 0 ? { ...s, text: 'How was the week?' } : s)),
      },
    });
    expect(corrected.status, corrected.text).toBe(200);
    expect((await clinician.client.request('GET', `Dialogues/${dialogueId}`)).body.meta.versionId).toBe(after.body.meta.versionId);

    // A client cannot point the Dialogue at another session, nor create one.
    const other = await newSession();
    const moved = await clinician.client.request('PUT', `Dialogues/${dialogueId}`, {
      body: { ...after.body, scribeSession: ref('Note', other.session.id), encounter: ref('Encounter', other.encounterId) },
    });
    expect(moved.status, moved.text).toBe(400);
    expect(moved.body.issues[0]).toEqual({ path: 'encounter', message: SCRIBE_MESSAGES.serverField('encounter') });
    const made = await clinician.client.request('POST', 'Dialogues', {
      body: {
        partition: patientId,
        encounter: ref('Encounter', other.encounterId),
        scribeSession: ref('Note', other.session.id),
        transcription: ref('Transcription', transcription.id),
        participants: [],
      },
    });
    expect(made.status, made.text).toBe(400);
    expect(made.body.issues[0]).toEqual({ path: 'scribeSession', message: SCRIBE_MESSAGES.serverField('scribeSession') });
    expect((await dialogues()).length).toBe(count);
    const unchanged = await clinician.client.request('GET', `Dialogues/${dialogueId}`);
    expect(unchanged.body.scribeSession).toEqual(ref('Note', session.id));

    // The encounter's list is the server's: a client's write keeps it as stored.
    const encounter = (await clinician.client.request('GET', `Encounters/${encounterId}`)).body;
    const rewritten = await clinician.client.request('PUT', `Encounters/${encounterId}`, {
      body: { ...encounter, dialogues: [ref('Dialogue', 'forged')] },
    });
    expect(rewritten.status, rewritten.text).toBe(200);
    expect(rewritten.body.dialogues).toEqual([ref('Dialogue', dialogueId)]);
  });

  it('follows a speaker re-assignment by a transcription service, which may update transcripts and dialogues only', async () => {
    const service = await t.createUser({ roles: ['Automation'] });
    const { session } = await newSession();
    const { session: linked, transcription } = await importVtt(session.id);
    const relabelled = await service.client.request('PUT', `Transcriptions/${transcription.id}`, {
      body: {
        ...transcription,
        speakers: [
          ...transcription.speakers.filter((s: { label: string }) => s.label !== 'Speaker 2'),
          { label: 'Speaker 2', role: 'Other' },
        ],
      },
    });
    expect(relabelled.status, relabelled.text).toBe(200);
    const dialogue = await clinician.client.request('GET', `Dialogues/${linked.scribe.dialogue.id}`);
    // An Other speaker is nobody the chart names; the patient took part all the same.
    expect(dialogue.body.participants).toEqual([
      { individual: ref('Practitioner', clinician.profile.id), role: 'Clinician', speakerLabel: 'Speaker 1' },
      { role: 'Other', speakerLabel: 'Speaker 2' },
      { individual: ref('Patient', patientId), role: 'Patient' },
    ]);
  });
});
