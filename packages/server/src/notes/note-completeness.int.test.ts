import { DEFAULT_AUTHOR_ATTESTATION, DEFAULT_CO_SIGNER_ATTESTATION, NOTE_MESSAGES, sha256Hex } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { ATTESTED, CO_SIGN_ATTESTED, OFFICE_PLACE_OF_SERVICE } from '../../test/note-samples.ts';

/**
 * Signing enforces what the note's definition requires (issue 18): required sections, elements and
 * questionnaire items, and the practice's place of service, checked by core's
 * evaluateNoteCompleteness at the sign call, each missing thing named at its path; and the
 * attestation a signer and a co-signer give, recorded on their signatures. Runs against the
 * embedded and the machine's database.
 */
let t: TestServer;
let clinician: TestUser;
let supervisor: TestUser;
let patientId: string;
const ids: Record<string, string> = {};

const ref = (resourceType: string, id: string, display?: string) => ({ resourceType, id, ...(display && { display }) });
const PHQ9 = ref('Questionnaire', 'phq-9', 'PHQ-9');
const allPHQ9 = (except: number[] = []) =>
  Object.fromEntries(
    Array.from({ length: 9 }, (_, i) => i + 1)
      .filter((n) => !except.includes(n))
      .map((n) => [`phq9-${n}`, '1']),
  );

beforeAll(async () => {
  t = await startTestServer();
  [clinician, supervisor] = await Promise.all([
    t.createUser({ roles: ['Non-Prescribing Clinician'] }),
    t.createUser({ roles: ['Supervisor'] }),
  ]);
  patientId = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Ada'], family: 'Complete' }], birthDate: '1985-02-01' } }))
    .body.id;
  expect((await t.request('GET', 'Questionnaires/phq-9')).status).toBe(200);
  const me = (await t.request('GET', `Practitioners/${clinician.profile.id}`)).body;
  expect(
    (
      await t.request('PUT', `Practitioners/${me.id}`, {
        body: { ...me, supervisors: [{ subject: ref('Practitioner', supervisor.profile.id) }] },
      })
    ).status,
  ).toBe(200);
  const definition = await t.request('POST', 'NoteDefinitions', {
    body: {
      name: 'Progress note',
      kind: 'Individual',
      status: 'Active',
      sections: [
        { key: 'summary', title: 'Session summary', kind: 'Narrative', required: true },
        { key: 'phq', title: 'Depression screen', kind: 'Assessment', form: PHQ9, required: true },
        {
          key: 'risk',
          title: 'Risk',
          kind: 'Form',
          elements: [{ key: 'risk.Text', type: 'Text', label: 'Risk assessment', required: true }],
        },
        { key: 'plan', title: 'Plan', kind: 'Narrative' },
      ],
    },
  });
  expect(definition.status, definition.text).toBe(201);
  ids.definition = definition.body.id;
  const group = await t.request('POST', 'NoteDefinitions', {
    body: {
      name: 'Skills group',
      kind: 'Group',
      status: 'Active',
      sections: [
        { key: 'topic', title: 'Group topic', kind: 'Narrative', required: true, shared: true },
        { key: 'phq', title: 'Depression screen', kind: 'Assessment', form: PHQ9, required: true },
      ],
    },
  });
  expect(group.status, group.text).toBe(201);
  ids.group = group.body.id;
});
afterAll(() => t?.close());

/** An encounter and a note of the progress-note definition; `sections` replace the empty ones. */
async function writeNote(encounter: Record<string, unknown> = {}, sections: Record<string, unknown>[] = []) {
  const e = await clinician.client.request('POST', 'Encounters', {
    body: {
      partition: patientId,
      subject: ref('Patient', patientId),
      participants: [{ role: 'PrimaryPerformer', individual: clinician.profile }],
      visitStatus: 'Show',
      sessionTime: { mode: 'DurationMinutes', start: '2024-05-02T13:00:00Z', minutes: 50 },
      ...encounter,
    },
  });
  expect(e.status, e.text).toBe(201);
  const empty = [
    { key: 'summary', title: 'Session summary', kind: 'Narrative', narrative: '<p></p>' },
    { key: 'phq', title: 'Depression screen', kind: 'Assessment', form: PHQ9 },
    { key: 'risk', title: 'Risk', kind: 'Form' },
    { key: 'plan', title: 'Plan', kind: 'Narrative' },
  ];
  const n = await clinician.client.request('POST', 'Notes', {
    body: {
      partition: patientId,
      kind: 'Note',
      definition: ref('NoteDefinition', ids.definition!),
      encounter: ref('Encounter', e.body.id),
      sections: empty.map((s) => ({ ...s, ...sections.find((x) => x.key === s.key) })),
      completion: 'InProgress',
    },
  });
  expect(n.status, n.text).toBe(201);
  return { encounter: e.body, note: n.body };
}

const COMPLETE = [
  { key: 'summary', narrative: '<p>Reviewed the sleep diary.</p>' },
  { key: 'phq', answers: allPHQ9() },
  { key: 'risk', answers: { 'risk.Text': 'Denies SI/HI.' } },
];

const sign = (note: { id: string; meta: { versionId: string } }, body: Record<string, unknown> = ATTESTED, user = clinician) =>
  user.client.request('POST', `Notes/${note.id}/sign`, { body: { versionId: note.meta.versionId, ...body } });

describe('signing refuses a note missing what its definition requires', () => {
  it(
    'names the place of service, the required narrative, the ' + 'unanswered PHQ-9 items and the required field; nothing is stored',
    async () => {
      const { note, encounter } = await writeNote({}, [{ key: 'phq', answers: allPHQ9([3]) }]);
      const refused = await sign(note);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe('Place of service is required.');
      expect(refused.body.issues).toEqual([
        { path: 'encounter.location.placeOfService', message: 'Place of service is required.' },
        { path: 'sections.summary.narrative', message: 'Narrative: Session summary is required.' },
        {
          path: 'sections.phq.answers.phq9-3',
          message: 'PHQ-9: answer item 3, “Trouble falling or staying asleep, or sleeping too much”.',
        },
        { path: 'sections.risk.answers.risk.Text', message: 'Risk: Risk assessment is required.' },
      ]);
      expect((await clinician.client.request('GET', `Notes/${note.id}`)).body).toEqual(note);
      expect((await clinician.client.request('GET', `Encounters/${encounter.id}`)).body).toEqual(encounter);
      const history = await clinician.client.request('GET', `Notes/${note.id}/_history`, { headers: { 'x-partition-key': patientId } });
      expect([history.status, (history.body as unknown[]).length]).toEqual([200, 1]);
    },
  );

  it('signs it once complete, recording what the author attested', async () => {
    const { note } = await writeNote({ location: { placeOfService: OFFICE_PLACE_OF_SERVICE } }, COMPLETE);
    const signed = await sign(note);
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.note).toMatchObject({ status: 'Final', completion: 'Complete' });
    expect(signed.body.note.signatures[0]).toMatchObject({
      role: 'Author',
      signer: { id: clinician.profile.id },
      attestation: { text: DEFAULT_AUTHOR_ATTESTATION, hash: sha256Hex(DEFAULT_AUTHOR_ATTESTATION) },
    });
    expect(signed.body.note.signatures[0].attestation.configuration).toBeUndefined();
  });

  it('checks the note as stored: filling the last gap with a PATCH makes it signable', async () => {
    const { note } = await writeNote(
      { location: { placeOfService: OFFICE_PLACE_OF_SERVICE } },
      COMPLETE.filter((s) => s.key !== 'summary'),
    );
    expect((await sign(note)).body.issues).toEqual([
      { path: 'sections.summary.narrative', message: 'Narrative: Session summary is required.' },
    ]);
    const patched = await clinician.client.request('PATCH', `Notes/${note.id}?versionId=${note.meta.versionId}`, {
      raw: JSON.stringify([{ op: 'replace', path: '/sections/0/narrative', value: '<p>Caught up on the week.</p>' }]),
      headers: { 'content-type': 'application/json-patch+json' },
    });
    expect(patched.status, patched.text).toBe(200);
    expect((await sign(patched.body)).status).toBe(200);
  });
});

describe('attestation', () => {
  it("is required, and must be the wording that applies: a configuration's own is recorded with its version", async () => {
    const wording = 'I attest that this session was held in person and that this note is accurate and complete.';
    const configuration = await t.request('POST', 'SignatureConfigurations', {
      body: {
        name: 'Outpatient',
        status: 'Active',
        supervisorCoSignature: 'Never',
        patientSignature: 'None',
        programs: [ref('Program', 'prog-outpatient')],
        authorAttestation: wording,
      },
    });
    expect(configuration.status, configuration.text).toBe(201);
    const { note } = await writeNote(
      { program: ref('Program', 'prog-outpatient'), location: { placeOfService: OFFICE_PLACE_OF_SERVICE } },
      COMPLETE,
    );

    const missing = await sign(note, {});
    expect([missing.status, missing.body.issues]).toEqual([
      400,
      [{ path: 'attestationHash', message: 'attestationHash is a required field' }],
    ]);
    const stale = await sign(note, ATTESTED);
    expect([stale.status, stale.body.detail, stale.body.issues[0].path]).toEqual([
      400,
      NOTE_MESSAGES.attestationChanged,
      'attestationHash',
    ]);
    expect((await clinician.client.request('GET', `Notes/${note.id}`)).body.status).toBe('Preliminary');

    const signed = await sign(note, { attestationHash: sha256Hex(wording) });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.note.signatures[0].attestation).toEqual({
      text: wording,
      hash: sha256Hex(wording),
      configuration: {
        resourceType: 'SignatureConfiguration',
        id: configuration.body.id,
        display: 'Outpatient',
        versionId: configuration.body.meta.versionId,
      },
    });
  });

  it("a co-signer attests the configuration's co-signing wording, fixed when the author signed", async () => {
    const wording = 'I attest that I supervised this session and agree with this note.';
    const configuration = await t.request('POST', 'SignatureConfigurations', {
      body: {
        name: 'Supervised',
        status: 'Active',
        supervisorCoSignature: 'Always',
        patientSignature: 'None',
        programs: [ref('Program', 'prog-supervised')],
        coSignerAttestation: wording,
      },
    });
    expect(configuration.status, configuration.text).toBe(201);
    const { note } = await writeNote(
      { program: ref('Program', 'prog-supervised'), location: { placeOfService: OFFICE_PLACE_OF_SERVICE } },
      COMPLETE,
    );
    const signed = await sign(note);
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.note.signatures[0].attestation.text).toBe(DEFAULT_AUTHOR_ATTESTATION);
    expect(signed.body.note.pendingSignatures[0].attestation).toMatchObject({ text: wording, hash: sha256Hex(wording) });

    const coSign = (body: Record<string, unknown>) =>
      supervisor.client.request('POST', `Notes/${note.id}/co-sign`, { body: { versionId: signed.body.note.meta.versionId, ...body } });
    expect((await coSign({})).body.issues).toEqual([{ path: 'attestationHash', message: 'attestationHash is a required field' }]);
    expect((await coSign(CO_SIGN_ATTESTED)).body.detail).toBe(NOTE_MESSAGES.attestationChanged);
    const coSigned = await coSign({ attestationHash: sha256Hex(wording) });
    expect(coSigned.status, coSigned.text).toBe(200);
    expect(coSigned.body.note.status).toBe('Final');
    expect(coSigned.body.note.signatures[1]).toMatchObject({ role: 'CoSigner', attestation: { text: wording, hash: sha256Hex(wording) } });
    expect(DEFAULT_CO_SIGNER_ATTESTATION).not.toBe(wording);
  });
});

describe('group sessions', () => {
  it("checks each attendee's note on its own: the shared narrative for all, the PHQ-9 only of those who attended", async () => {
    const [present, absent] = await Promise.all(
      ['Present', 'Absent'].map(
        async (family) =>
          (await t.request('POST', 'Patients', { body: { names: [{ given: ['Group'], family }], birthDate: '1990-01-01' } })).body
            .id as string,
      ),
    );
    const session = await clinician.client.request('POST', 'Notes/group-sessions', {
      body: {
        definition: ref('NoteDefinition', ids.group!),
        kind: 'GroupNote',
        title: 'Skills group',
        encounter: {
          location: { placeOfService: OFFICE_PLACE_OF_SERVICE },
          sessionTime: { mode: 'DurationMinutes', start: '2024-05-03T15:00:00Z', minutes: 60 },
        },
        sharedSections: [{ key: 'topic', title: 'Group topic', kind: 'Narrative' }],
        attendees: [
          {
            patient: ref('Patient', present!),
            present: true,
            sections: [{ key: 'phq', title: 'Depression screen', kind: 'Assessment', form: PHQ9 }],
          },
          { patient: ref('Patient', absent!), present: false },
        ],
      },
    });
    expect(session.status, session.text).toBe(201);
    const [attended, missed] = session.body.attendees.map((a: { note: { id: string; meta: { versionId: string } } }) => a.note);
    const topic = { path: 'sections.topic.narrative', message: 'Narrative: Group topic is required.' };
    expect((await sign(attended)).body.issues).toEqual([
      topic,
      { path: 'sections.phq.answers.phq9-1', message: 'PHQ-9: answer items 1 to 9.' },
    ]);
    expect((await sign(missed)).body.issues).toEqual([topic]);

    const shared = await clinician.client.request('PUT', `Notes/group-sessions/${session.body.groupSessionId}/shared-sections`, {
      body: { sections: [{ key: 'topic', title: 'Group topic', kind: 'Narrative', narrative: '<p>Distress tolerance.</p>' }] },
    });
    expect(shared.status, shared.text).toBe(200);
    const [attendedNow, missedNow] = [attended, missed].map((n) => shared.body.updated.find((u: { id: string }) => u.id === n.id));
    expect((await sign(missedNow)).status).toBe(200);
    expect((await sign(attendedNow)).body.issues).toEqual([
      { path: 'sections.phq.answers.phq9-1', message: 'PHQ-9: answer items 1 to 9.' },
    ]);
  });
});
