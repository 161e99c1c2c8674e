import { pdfLines } from '../../test/pdf-lines.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { ATTESTED, CO_SIGN_ATTESTED, OFFICE_PLACE_OF_SERVICE } from '../../test/note-samples.ts';

let t: TestServer;
let clinician: TestUser;
let supervisor: TestUser;
let patientId: string;

const ref = (resourceType: string, id: string, display?: string) => ({ resourceType, id, ...(display && { display }) });

beforeAll(async () => {
  t = await startTestServer();
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  supervisor = await t.createUser({ roles: ['Supervisor'] });
  patientId = (
    await t.request('POST', 'Patients', {
      body: { names: [{ given: ['Patricia'], family: 'Printout' }], birthDate: '1980-04-12', mrn: 'MRN-7001' },
    })
  ).body.id;
  expect(patientId).toBeTruthy();
  // The clinician has no licence and is supervised: notes under the co-sign configuration need a co-signature.
  const me = (await t.request('GET', `Practitioners/${clinician.profile.id}`)).body;
  const updated = await t.request('PUT', `Practitioners/${me.id}`, {
    body: { ...me, supervisors: [{ subject: ref('Practitioner', supervisor.profile.id) }] },
  });
  expect(updated.status).toBe(200);
  const rule = await t.request('POST', 'NoteRules', {
    body: {
      name: 'Psychotherapy 53+',
      kind: 'SessionDuration',
      status: 'Active',
      severity: 'block',
      parameters: { minMinutes: 53 },
      scope: { serviceTypes: [ref('HealthcareService', 'svc-psychotherapy')] },
    },
  });
  expect(rule.status).toBe(201);
  const config = await t.request('POST', 'SignatureConfigurations', {
    body: {
      name: 'Supervised programme',
      supervisorCoSignature: 'UnlicensedAuthors',
      patientSignature: 'None',
      programs: [ref('Program', 'prog-supervised')],
    },
  });
  expect(config.status).toBe(201);
});
afterAll(() => t?.close());

/** An encounter and a note on it, written by the clinician as the editor would. */
async function writeNote(encounter: Record<string, unknown> = {}, note: Record<string, unknown> = {}) {
  const e = await clinician.client.request('POST', 'Encounters', {
    body: {
      partition: patientId,
      subject: ref('Patient', patientId),
      participants: [{ role: 'PrimaryPerformer', individual: clinician.profile }],
      visitStatus: 'Show',
      location: { placeOfService: OFFICE_PLACE_OF_SERVICE },
      sessionTime: { mode: 'DurationMinutes', start: '2024-05-02T13:00:00Z', minutes: 45 },
      ...encounter,
    },
  });
  expect(e.status).toBe(201);
  const n = await clinician.client.request('POST', 'Notes', {
    body: {
      partition: patientId,
      kind: 'Note',
      encounter: ref('Encounter', e.body.id),
      encounterDate: '2024-05-02T13:00:00Z',
      sections: [{ key: 'narrative', title: 'Session narrative', kind: 'Narrative', narrative: '<p>Discussed coping skills.</p>' }],
      completion: 'Complete',
      ...note,
    },
  });
  expect(n.status).toBe(201);
  return { encounter: e.body, note: n.body };
}

const sign = (id: string, versionId: string, client = clinician.client) =>
  client.request('POST', `Notes/${id}/sign`, { body: { versionId, ...ATTESTED } });

describe('signing', () => {
  it("is refused with the blocking rule's message naming the field, and leaves the note as it was", async () => {
    const { note } = await writeNote({ serviceType: ref('HealthcareService', 'svc-psychotherapy', 'Psychotherapy') });
    expect(note).toMatchObject({ status: 'Preliminary', author: { id: clinician.profile.id } });
    const refused = await sign(note.id, note.meta.versionId);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Session time: the session lasts 45m; at least 53m is required.');
    expect(refused.body.issues).toEqual([{ path: 'encounter.sessionTime', message: refused.body.detail }]);
    expect((await clinician.client.request('GET', `Notes/${note.id}`)).body).toEqual(note);
  });

  it('signs a note that passes: Final, signed by the author over its content; then PUT, PATCH and DELETE are refused', async () => {
    const { note, encounter } = await writeNote({
      serviceType: ref('HealthcareService', 'svc-psychotherapy'),
      sessionTime: { mode: 'DurationMinutes', start: '2024-05-02T13:00:00Z', minutes: 53 },
    });
    const signed = await sign(note.id, note.meta.versionId);
    expect(signed.status).toBe(200);
    expect(signed.body.note).toMatchObject({
      status: 'Final',
      completion: 'Complete',
      signatures: [{ role: 'Author', signer: { id: clinician.profile.id } }],
    });
    expect(signed.body.note.signatures[0].contentHash).toMatch(/^[0-9a-f]{64}$/);
    const current = signed.body.note;
    const frozen = 'This note is signed and can no longer be changed. Amend it to correct it.';
    const patch = await clinician.client.request('PATCH', `Notes/${note.id}?versionId=${current.meta.versionId}`, {
      raw: JSON.stringify([{ op: 'replace', path: '/completion', value: 'InProgress' }]),
      headers: { 'content-type': 'application/json-patch+json' },
    });
    expect([patch.status, patch.body.detail]).toEqual([400, frozen]);
    const put = await clinician.client.request('PUT', `Notes/${note.id}`, { body: { ...current, title: 'Changed' } });
    expect([put.status, put.body.detail]).toEqual([400, frozen]);
    const del = await clinician.client.request('DELETE', `Notes/${note.id}?versionId=${current.meta.versionId}`);
    expect([del.status, del.body.detail]).toEqual([400, frozen]);
    // Its encounter is frozen with it.
    const e = (await clinician.client.request('GET', `Encounters/${encounter.id}`)).body;
    expect((await clinician.client.request('PUT', `Encounters/${e.id}`, { body: { ...e, visitStatus: 'NoShow' } })).status).toBe(400);
    expect((await clinician.client.request('GET', `Notes/${note.id}`)).body.meta.versionId).toBe(current.meta.versionId);
    expect((await sign(note.id, current.meta.versionId)).body.detail).toBe('This note is already signed.');
  });

  it('refuses a client writing signing fields itself, and a signer who is not the author', async () => {
    const forged = await clinician.client.request('POST', 'Notes', {
      body: { partition: patientId, kind: 'Note', encounter: ref('Encounter', 'x'), status: 'Final', sections: [] },
    });
    expect([forged.status, forged.body.detail]).toEqual([400, 'status is set by signing and cannot be written directly.']);
    const { note } = await writeNote();
    const other = await sign(note.id, note.meta.versionId, supervisor.client);
    expect(other.status).toBe(403);
    expect(other.body.issues).toEqual([{ path: 'author', message: 'Only the author of a note can sign it.' }]);
  });

  it(
    "keeps the author out of the body's hands: a colleague cannot " + "take a note over to sign it, nor write one in another's name",
    async () => {
      const { note } = await writeNote();
      const me = ref('Practitioner', supervisor.profile.id);
      const put = await supervisor.client.request('PUT', `Notes/${note.id}?versionId=${note.meta.versionId}`, {
        body: { ...note, author: me },
      });
      expect(put.status, put.text).toBe(200);
      expect(put.body.author.id).toBe(clinician.profile.id);
      const dropped = { ...put.body } as Record<string, unknown>;
      delete dropped.author;
      const put2 = await supervisor.client.request('PUT', `Notes/${note.id}?versionId=${put.body.meta.versionId}`, { body: dropped });
      expect([put2.status, put2.body.author?.id]).toEqual([200, clinician.profile.id]);
      expect((await sign(note.id, put2.body.meta.versionId, supervisor.client)).status).toBe(403);

      const inTheirName = await supervisor.client.request('POST', 'Notes', {
        body: { partition: patientId, kind: 'Note', encounter: ref('Encounter', 'x'), author: ref('Practitioner', clinician.profile.id) },
      });
      expect(inTheirName.status, inTheirName.text).toBe(201);
      expect(inTheirName.body.author.id).toBe(supervisor.profile.id);
      // A scribe drafts for a clinician, who signs.
      const scribe = await t.createUser({ roles: ['Scribe'] });
      const draft = await scribe.client.request('POST', 'Notes', {
        body: { partition: patientId, kind: 'Note', encounter: ref('Encounter', 'x'), author: ref('Practitioner', clinician.profile.id) },
      });
      expect([draft.status, draft.body.author?.id]).toEqual([201, clinician.profile.id]);
    },
  );
});

describe('co-signing', () => {
  it("an unlicensed author's signature leaves the note awaiting its supervisor, who co-signs it Final", async () => {
    const { note } = await writeNote({ program: ref('Program', 'prog-supervised', 'Supervised') });
    const signed = await sign(note.id, note.meta.versionId);
    expect(signed.status).toBe(200);
    expect(signed.body.note).toMatchObject({
      status: 'Preliminary',
      pendingSignatures: [{ role: 'CoSigner', signers: [{ id: supervisor.profile.id }] }],
    });
    const queue = await supervisor.client.request('GET', 'Notes/co-sign-queue');
    expect(queue.status).toBe(200);
    expect(queue.body.items.map((n: { id: string }) => n.id)).toContain(note.id);
    // Awaiting co-signature, the content is frozen.
    const edit = await clinician.client.request('PUT', `Notes/${note.id}`, { body: { ...signed.body.note, title: 'x' } });
    expect(edit.body.detail).toBe('This note is signed by its author and awaits a co-signature; it can no longer be changed.');
    expect(
      (
        await clinician.client.request('POST', `Notes/${note.id}/co-sign`, {
          body: { versionId: signed.body.note.meta.versionId, ...CO_SIGN_ATTESTED },
        })
      ).status,
    ).toBe(403);
    const coSigned = await supervisor.client.request('POST', `Notes/${note.id}/co-sign`, {
      body: { versionId: signed.body.note.meta.versionId, ...CO_SIGN_ATTESTED },
    });
    expect(coSigned.status).toBe(200);
    expect(coSigned.body.note.status).toBe('Final');
    expect(coSigned.body.note.signatures.map((s: { role: string }) => s.role)).toEqual(['Author', 'CoSigner']);
    expect(coSigned.body.note.pendingSignatures).toBeUndefined();
    const after = await supervisor.client.request('GET', 'Notes/co-sign-queue');
    expect(after.body.items.map((n: { id: string }) => n.id)).not.toContain(note.id);
  });
});

describe('amendments and entered in error', () => {
  it('an amendment makes an Amended version with reason, author and time; the signed original stays readable', async () => {
    const { note } = await writeNote();
    const signed = (await sign(note.id, note.meta.versionId)).body.note;
    const sections = [
      { key: 'narrative', title: 'Session narrative', kind: 'Narrative', narrative: '<p>Discussed coping skills and sleep.</p>' },
    ];
    const missing = await clinician.client.request('POST', `Notes/${note.id}/amend`, {
      body: { versionId: signed.meta.versionId, reason: ' ', changes: { sections } },
    });
    expect([missing.status, missing.body.detail]).toEqual([400, 'reason is required.']);
    const amended = await clinician.client.request('POST', `Notes/${note.id}/amend`, {
      body: { versionId: signed.meta.versionId, reason: 'Added sleep discussion omitted in error.', changes: { sections } },
    });
    expect(amended.status).toBe(200);
    expect(amended.body).toMatchObject({
      status: 'Amended',
      sections,
      amendments: [
        {
          reason: 'Added sleep discussion omitted in error.',
          author: { id: clinician.profile.id },
          previousVersionId: signed.meta.versionId,
          changedFields: ['sections'],
        },
      ],
    });
    const original = await clinician.client.request('GET', `Notes/${note.id}/_history/${signed.meta.versionId}`);
    expect(original.body.sections[0].narrative).toBe('<p>Discussed coping skills.</p>');
    expect(original.body.status).toBe('Final');
    const eie = await clinician.client.request('POST', `Notes/${note.id}/entered-in-error`, {
      body: { versionId: amended.body.meta.versionId, reason: 'Wrong patient.' },
    });
    expect(eie.body).toMatchObject({ status: 'EnteredInError', enteredInError: { reason: 'Wrong patient.' } });
  });
});

describe('group and multi-service notes', () => {
  it('a group session makes one note per attendee sharing the group sections, each with its own', async () => {
    const patients = [patientId];
    for (const name of ['Avery', 'Blake']) {
      patients.push((await t.request('POST', 'Patients', { body: { names: [{ given: [name], family: 'Group' }] } })).body.id);
    }
    const session = await clinician.client.request('POST', 'Notes/group-sessions', {
      body: {
        encounter: {
          sessionTime: { mode: 'DurationMinutes', start: '2024-05-02T15:00:00Z', minutes: 90 },
          serviceType: ref('HealthcareService', 'svc-group', 'Group therapy'),
        },
        sharedSections: [{ key: 'topic', title: 'Group topic', kind: 'Narrative', narrative: 'Relapse prevention.' }],
        attendees: patients.map((id, i) => ({
          patient: ref('Patient', id),
          present: i !== 2,
          sections: [{ key: 'participation', title: 'Participation', kind: 'Narrative', narrative: `Attendee ${i}` }],
        })),
      },
    });
    expect(session.status).toBe(201);
    expect(session.body.attendees).toHaveLength(3);
    // The facilitator is named, as notes written one by one name their author, so lists can show who wrote them.
    const facilitator = (await t.request('GET', `Practitioners/${clinician.profile.id}`)).body;
    for (const a of session.body.attendees) {
      expect(a.note.author).toEqual({ resourceType: 'Practitioner', id: facilitator.id, display: facilitator.display });
      expect(a.note.groupSession.facilitator).toEqual(a.note.author);
    }
    for (const [i, a] of session.body.attendees.entries()) {
      expect(a.note).toMatchObject({
        partition: patients[i],
        kind: 'GroupNote',
        composition: 'Group',
        groupSession: { id: session.body.groupSessionId, present: i !== 2 },
      });
      expect(a.note.sections.map((s: { key: string; shared: boolean }) => [s.key, s.shared])).toEqual([
        ['topic', true],
        ['participation', false],
      ]);
      expect(a.encounter).toMatchObject({
        documentationType: 'GroupNote',
        visitStatus: i === 2 ? 'NoShow' : 'Show',
        serviceType: { id: 'svc-group' },
      });
    }
    const shared = await clinician.client.request('PUT', `Notes/group-sessions/${session.body.groupSessionId}/shared-sections`, {
      body: { sections: [{ key: 'topic', title: 'Group topic', kind: 'Narrative', narrative: 'Relapse prevention and triggers.' }] },
    });
    expect(shared.status).toBe(200);
    expect(shared.body.updated).toHaveLength(3);
    expect(shared.body.updated[0].sections.map((s: { narrative: string }) => s.narrative)).toEqual([
      'Relapse prevention and triggers.',
      expect.stringMatching(/^Attendee/),
    ]);
  });

  it('refuses a group session without attendees, storing nothing', async () => {
    const refused = await clinician.client.request('POST', 'Notes/group-sessions', { body: { attendees: [] } });
    expect([refused.status, refused.body.detail]).toEqual([400, 'attendees must have at least 1 items']);
  });
});

describe('lists and printout', () => {
  it('"my unsigned notes" lists the author\'s unsigned notes with the overdue warning', async () => {
    const { note } = await writeNote();
    const list = await clinician.client.request('GET', 'Notes/unsigned?pageSize=200');
    expect(list.status).toBe(200);
    const mine = list.body.items.find((i: { note: { id: string } }) => i.note.id === note.id);
    // The session was in May 2024: long past 36 hours.
    expect(mine.unsigned).toMatchObject({ overdue: true });
    expect(list.body.items.every((i: { note: { author: { id: string } } }) => i.note.author.id === clinician.profile.id)).toBe(true);
  });

  it("prints a signed note as a PDF with the patient's name", async () => {
    const { note } = await writeNote();
    await sign(note.id, note.meta.versionId);
    const cookie = [...clinician.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(clinician.client.url(`Notes/${note.id}/printout`), { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(pdfLines(bytes).join('\n')).toContain('Printout, Patricia');
    expect(pdfLines(bytes).join('\n')).toContain('Discussed coping skills.');
  });
});
