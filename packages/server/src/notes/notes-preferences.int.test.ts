import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_MESSAGES, PRACTICE_PREFERENCE_DEFAULTS } from '@caseload/core';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { ATTESTED, OFFICE_PLACE_OF_SERVICE } from '../../test/note-samples.ts';

/**
 * Issue 7's practice preferences and signature-configuration parts, enforced by the server over
 * HTTP: patient / related-person signatures, service-type exclusions (per configuration and
 * practice-wide), forceGroupNoteServiceOverride, allowGroupNoteAdminEdit, allowNotePrintout and
 * SessionOverlap under checkOverlappingSessions. Each test scopes its configuration to a program
 * or service of its own, so the tests do not govern each other's notes.
 */
let t: TestServer;
let clinician: TestUser;
let colleague: TestUser;
let supervisor: TestUser;
let patientId: string;
let preferences: { id: string; meta: { versionId: string } } & Record<string, unknown>;

const ref = (resourceType: string, id: string, display?: string) => ({ resourceType, id, ...(display && { display }) });

async function setPreferences(values: Record<string, unknown>) {
  const updated = await t.request('PUT', `PracticePreferences/${preferences.id}`, { body: { ...preferences, ...values } });
  expect(updated.status).toBe(200);
  preferences = updated.body;
}

beforeAll(async () => {
  t = await startTestServer();
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  colleague = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  supervisor = await t.createUser({ roles: ['Supervisor'] });
  patientId = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Sam'], family: 'Signer' }], birthDate: '1990-01-01' } }))
    .body.id;
  const me = (await t.request('GET', `Practitioners/${clinician.profile.id}`)).body;
  expect(
    (
      await t.request('PUT', `Practitioners/${me.id}`, {
        body: { ...me, supervisors: [{ subject: ref('Practitioner', supervisor.profile.id) }] },
      })
    ).status,
  ).toBe(200);
  const created = await t.request('POST', 'PracticePreferences', { body: { display: 'preferences' } });
  expect(created.status).toBe(201);
  preferences = created.body;
  // Patient signatures for the "family" program; a supervisor always co-signs the "supervised"
  // program except for the services the configuration or the practice excludes.
  for (const body of [
    {
      name: 'Family sessions',
      status: 'Active',
      supervisorCoSignature: 'Never',
      patientSignature: 'Patient',
      programs: [ref('Program', 'prog-family')],
    },
    {
      name: 'Family or guardian',
      status: 'Active',
      supervisorCoSignature: 'Never',
      patientSignature: 'PatientOrRelatedPerson',
      programs: [ref('Program', 'prog-guardian')],
    },
    {
      name: 'Supervised',
      status: 'Active',
      supervisorCoSignature: 'Always',
      patientSignature: 'None',
      programs: [ref('Program', 'prog-supervised')],
      serviceTypeExclusions: [ref('HealthcareService', 'svc-crisis')],
    },
  ]) {
    expect((await t.request('POST', 'SignatureConfigurations', { body })).status).toBe(201);
  }
});
afterAll(() => t?.close());

async function writeNote(encounter: Record<string, unknown> = {}, author = clinician) {
  const e = await author.client.request('POST', 'Encounters', {
    body: {
      partition: patientId,
      participants: [{ role: 'PrimaryPerformer', individual: author.profile }],
      visitStatus: 'Show',
      location: { placeOfService: OFFICE_PLACE_OF_SERVICE },
      sessionTime: { mode: 'DurationMinutes', start: '2024-06-03T14:00:00Z', minutes: 60 },
      ...encounter,
    },
  });
  expect(e.status).toBe(201);
  const n = await author.client.request('POST', 'Notes', {
    body: {
      partition: patientId,
      kind: 'Note',
      encounter: ref('Encounter', e.body.id),
      sections: [{ key: 'n', kind: 'Narrative', narrative: '<p>Seen.</p>' }],
    },
  });
  expect(n.status).toBe(201);
  return n.body;
}

/** A signature image stored as a Media of a patient's chart (the sign call checks it exists there). */
async function chartMedia(patient = patientId): Promise<{ resourceType: 'Media'; id: string }> {
  const media = await clinician.client.request('POST', 'Media', { body: { partition: patient, display: 'Signature on a note' } });
  expect(media.status).toBe(201);
  return { resourceType: 'Media', id: media.body.id };
}

const sign = (note: { id: string; meta: { versionId: string } }, extra: Record<string, unknown> = {}, user = clinician) =>
  user.client.request('POST', `Notes/${note.id}/sign`, { body: { versionId: note.meta.versionId, ...ATTESTED, ...extra } });

describe('patient and related-person signatures', () => {
  it('a note whose configuration asks for the patient is refused without it, and signed Final with it', async () => {
    const note = await writeNote({ program: ref('Program', 'prog-family') });
    const refused = await sign(note);
    expect([refused.status, refused.body.detail, refused.body.issues[0].path]).toEqual([
      400,
      NOTE_MESSAGES.patientSignatureRequired,
      'patientSignature',
    ]);
    const image = await chartMedia();
    const related = await sign(note, { patientSignature: { signer: ref('RelatedPerson', 'rp-1'), image } });
    expect([related.status, related.body.detail]).toEqual([400, NOTE_MESSAGES.relatedPersonNotAllowed]);
    const stored = await clinician.client.request('GET', `Notes/${note.id}`);
    expect([stored.body.status, stored.body.signatures ?? []]).toEqual(['Preliminary', []]);

    const signed = await sign(note, { patientSignature: { signer: ref('Patient', patientId), image } });
    expect(signed.status).toBe(200);
    expect(signed.body.note.status).toBe('Final');
    expect(signed.body.note.signatures.map((s: { role: string }) => s.role)).toEqual(['Author', 'Patient']);
    expect(signed.body.note.signatures[1]).toMatchObject({ signer: { id: patientId }, image });
    expect(signed.body.note.signatures[1].contentHash).toBe(signed.body.note.signatures[0].contentHash);
  });

  it("PatientOrRelatedPerson takes a related person's signature; another patient cannot sign", async () => {
    const note = await writeNote({ program: ref('Program', 'prog-guardian') });
    const image = await chartMedia();
    const other = await sign(note, { patientSignature: { signer: ref('Patient', 'someone-else'), image } });
    expect([other.status, other.body.issues[0].path]).toEqual([400, 'patientSignature.signer']);
    // A related person is one stored in this chart: an id the chart does not hold is refused.
    const stranger = await sign(note, { patientSignature: { signer: ref('RelatedPerson', 'rp-2', 'Guardian'), image } });
    expect([stranger.status, stranger.body.issues[0].path]).toEqual([400, 'patientSignature.signer']);
    const guardian = await t.request('POST', 'RelatedPeople', {
      body: {
        partition: patientId,
        patient: ref('Patient', patientId),
        names: [{ given: ['Gail'], family: 'Guardian' }],
        isGuardian: true,
      },
    });
    expect(guardian.status, guardian.text).toBe(201);
    const signed = await sign(note, { patientSignature: { signer: ref('RelatedPerson', guardian.body.id, 'Guardian'), image } });
    expect(signed.status).toBe(200);
    expect(signed.body.note.signatures.map((s: { role: string }) => s.role)).toEqual(['Author', 'RelatedPerson']);
  });
});

describe('the patient signature image', () => {
  it("is refused at signing unless it is a Media stored in the note's own chart", async () => {
    const note = await writeNote({ program: ref('Program', 'prog-family') });
    const otherPatient = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Oli'], family: 'Other' }] } })).body.id;
    const deleted = await chartMedia();
    const stored = (await t.request('GET', `Media/${deleted.id}`)).body;
    expect((await t.request('DELETE', `Media/${deleted.id}?versionId=${stored.meta.versionId}`)).status).toBeLessThan(300);
    const wrong = [ref('Media', 'never-stored'), await chartMedia(otherPatient), deleted, ref('Patient', patientId)];
    for (const image of wrong) {
      const refused = await sign(note, { patientSignature: { signer: ref('Patient', patientId), image } });
      expect([refused.status, refused.body.detail, refused.body.issues]).toEqual([
        400,
        NOTE_MESSAGES.patientSignatureImage,
        [{ path: 'patientSignature.image', message: NOTE_MESSAGES.patientSignatureImage }],
      ]);
    }
    const unchanged = (await clinician.client.request('GET', `Notes/${note.id}`)).body;
    expect([unchanged.status, unchanged.signatures ?? [], unchanged.meta.versionId]).toEqual(['Preliminary', [], note.meta.versionId]);
    const signed = await sign(note, { patientSignature: { signer: ref('Patient', patientId), image: await chartMedia() } });
    expect([signed.status, signed.body.note?.status]).toEqual([200, 'Final']);
  });
});

describe('service-type exclusions', () => {
  it('a supervised program needs a co-signature, but not for a service its configuration excludes', async () => {
    const owed = await sign(
      await writeNote({ program: ref('Program', 'prog-supervised'), serviceType: ref('HealthcareService', 'svc-therapy') }),
    );
    expect(owed.status).toBe(200);
    expect(owed.body.note).toMatchObject({
      status: 'Preliminary',
      pendingSignatures: [{ role: 'CoSigner', signers: [{ id: supervisor.profile.id }] }],
    });
    const excluded = await sign(
      await writeNote({ program: ref('Program', 'prog-supervised'), serviceType: ref('HealthcareService', 'svc-crisis') }),
    );
    expect(excluded.status).toBe(200);
    expect(excluded.body.note.status).toBe('Final');
    expect(excluded.body.note.pendingSignatures ?? []).toEqual([]);
  });

  it('the practice-wide signatureServiceTypeExclusions frees a service from the patient signature too', async () => {
    await setPreferences({ signatureServiceTypeExclusions: ['svc-intake'] });
    try {
      const signed = await sign(
        await writeNote({ program: ref('Program', 'prog-family'), serviceType: ref('HealthcareService', 'svc-intake') }),
      );
      expect(signed.status).toBe(200);
      expect(signed.body.note.signatures.map((s: { role: string }) => s.role)).toEqual(['Author']);
    } finally {
      await setPreferences({ signatureServiceTypeExclusions: [] });
    }
  });
});

describe('group session preferences', () => {
  async function groupSession(user = clinician) {
    const other = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Gale'], family: 'Group' }] } })).body.id;
    const session = await user.client.request('POST', 'Notes/group-sessions', {
      body: {
        encounter: {
          sessionTime: { mode: 'DurationMinutes', start: '2024-06-04T15:00:00Z', minutes: 60 },
          serviceType: ref('HealthcareService', 'svc-group'),
        },
        sharedSections: [{ key: 'topic', kind: 'Narrative', narrative: 'Coping.' }],
        attendees: [
          { patient: ref('Patient', patientId), present: true, serviceType: ref('HealthcareService', 'svc-own') },
          { patient: ref('Patient', other), present: true },
        ],
      },
    });
    expect(session.status).toBe(201);
    return session.body as { groupSessionId: string; attendees: { encounter: { serviceType: { id: string } } }[] };
  }

  it("an attendee keeps a service of their own unless forceGroupNoteServiceOverride gives everyone the group's", async () => {
    const own = await groupSession();
    expect(own.attendees.map((a) => a.encounter.serviceType.id)).toEqual(['svc-own', 'svc-group']);
    await setPreferences({ forceGroupNoteServiceOverride: true });
    try {
      const forced = await groupSession();
      expect(forced.attendees.map((a) => a.encounter.serviceType.id)).toEqual(['svc-group', 'svc-group']);
    } finally {
      await setPreferences({ forceGroupNoteServiceOverride: PRACTICE_PREFERENCE_DEFAULTS.forceGroupNoteServiceOverride });
    }
  });

  it('only the facilitator rewrites the shared sections, unless allowGroupNoteAdminEdit lets others', async () => {
    const session = await groupSession();
    const put = () =>
      colleague.client.request('PUT', `Notes/group-sessions/${session.groupSessionId}/shared-sections`, {
        body: { sections: [{ key: 'topic', kind: 'Narrative', narrative: 'Coping, by a colleague.' }] },
      });
    const refused = await put();
    expect(refused.status).toBe(403);
    expect(refused.body.issues[0].message).toContain('allowGroupNoteAdminEdit');
    const notes = await clinician.client.request(
      'GET',
      `Notes/${(session as unknown as { attendees: { note: { id: string } }[] }).attendees[0]!.note.id}`,
    );
    expect(notes.body.sections[0].narrative).toBe('Coping.');
    await setPreferences({ allowGroupNoteAdminEdit: true });
    try {
      const allowed = await put();
      expect(allowed.status).toBe(200);
      expect(allowed.body.updated.map((n: { sections: { narrative: string }[] }) => n.sections[0]!.narrative)).toEqual([
        'Coping, by a colleague.',
        'Coping, by a colleague.',
      ]);
    } finally {
      await setPreferences({ allowGroupNoteAdminEdit: false });
    }
  });

  it(
    "a colleague cannot PATCH or PUT one attendee's note or encounter " +
      'while allowGroupNoteAdminEdit is off; the facilitator always can',
    async () => {
      const session = (await groupSession()) as unknown as { attendees: { note: Record<string, any>; encounter: Record<string, any> }[] };
      const noteId: string = session.attendees[0]!.note.id;
      const encounterId: string = session.attendees[0]!.encounter.id;
      const current = async (type: 'Notes' | 'Encounters', id: string) => (await clinician.client.request('GET', `${type}/${id}`)).body;
      const patch = async (user: TestUser, value: string) => {
        const note = await current('Notes', noteId);
        return user.client.request('PATCH', `Notes/${noteId}?versionId=${note.meta.versionId}`, {
          raw: JSON.stringify([{ op: 'add', path: '/title', value }]),
          headers: { 'content-type': 'application/json-patch+json' },
        });
      };
      const put = async (user: TestUser, title: string) =>
        user.client.request('PUT', `Notes/${noteId}`, { body: { ...(await current('Notes', noteId)), title } });
      const putEncounter = async (user: TestUser, visitMode: string) =>
        user.client.request('PUT', `Encounters/${encounterId}`, { body: { ...(await current('Encounters', encounterId)), visitMode } });
      const refusedAsTheCallIs = (response: { status: number; body: { issues: unknown[] } }) =>
        expect([response.status, response.body.issues]).toEqual([
          403,
          [{ path: 'groupSession', message: NOTE_MESSAGES.groupNoteFacilitatorOnly }],
        ]);

      const before = await current('Notes', noteId);
      refusedAsTheCallIs(await patch(colleague, 'By a colleague (PATCH)'));
      refusedAsTheCallIs(await put(colleague, 'By a colleague (PUT)'));
      refusedAsTheCallIs(await putEncounter(colleague, 'Telehealth'));
      expect((await current('Notes', noteId)).meta.versionId).toBe(before.meta.versionId);
      expect((await current('Encounters', encounterId)).visitMode).toBeUndefined();
      // The shared-sections call refuses with the same words.
      const call = await colleague.client.request(
        'PUT',
        `Notes/group-sessions/${session.attendees[0]!.note.groupSession.id}/shared-sections`,
        { body: { sections: [] } },
      );
      refusedAsTheCallIs(call);

      // The facilitator (the notes' author) always may.
      expect([
        (await patch(clinician, 'By the facilitator (PATCH)')).status,
        (await put(clinician, 'By the facilitator (PUT)')).status,
      ]).toEqual([200, 200]);
      expect((await putEncounter(clinician, 'InPerson')).status).toBe(200);

      await setPreferences({ allowGroupNoteAdminEdit: true });
      try {
        const patched = await patch(colleague, 'By a colleague (PATCH)');
        expect([patched.status, patched.body.title]).toEqual([200, 'By a colleague (PATCH)']);
        const replaced = await put(colleague, 'By a colleague (PUT)');
        expect([replaced.status, replaced.body.title]).toEqual([200, 'By a colleague (PUT)']);
        expect((await putEncounter(colleague, 'Telehealth')).status).toBe(200);
      } finally {
        await setPreferences({ allowGroupNoteAdminEdit: false });
      }
    },
  );
});

describe('printout and overlap preferences', () => {
  it('refuses the printout with 403 when allowNotePrintout is off', async () => {
    const note = await writeNote();
    const cookie = [...clinician.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    await setPreferences({ allowNotePrintout: false });
    try {
      const response = await fetch(clinician.client.url(`Notes/${note.id}/printout`), { headers: { cookie } });
      expect(response.status).toBe(403);
      expect((await response.json()).detail).toBe(NOTE_MESSAGES.printoutDisabled);
    } finally {
      await setPreferences({ allowNotePrintout: true });
    }
    expect((await fetch(clinician.client.url(`Notes/${note.id}/printout`), { headers: { cookie } })).status).toBe(200);
  });

  it('SessionOverlap blocks signing over another session of the same patient only when checkOverlappingSessions is on', async () => {
    const rule = await t.request('POST', 'NoteRules', {
      body: {
        name: 'No overlaps',
        kind: 'SessionOverlap',
        status: 'Active',
        severity: 'block',
        parameters: { scope: 'Patient' },
        scope: { serviceTypes: [ref('HealthcareService', 'svc-overlap')] },
      },
    });
    expect(rule.status).toBe(201);
    const at = {
      serviceType: ref('HealthcareService', 'svc-overlap'),
      sessionTime: { mode: 'DurationMinutes', start: '2024-06-10T14:00:00Z', minutes: 60 },
    };
    await writeNote(at, colleague);
    const mine = await writeNote({ ...at, sessionTime: { ...at.sessionTime, start: '2024-06-10T14:30:00Z' } });
    // The message tells the other session's times on the practice's clock: 14:00Z is 07:00 in Los Angeles.
    await setPreferences({ checkOverlappingSessions: true, timeZone: 'America/Los_Angeles' });
    try {
      const refused = await sign(mine);
      expect(refused.status).toBe(400);
      expect(refused.body.issues[0].path).toBe('encounter.sessionTime');
      expect(refused.body.detail).toMatch(/overlap/i);
      expect(refused.body.detail).toContain('from 07:00 to 08:00');
    } finally {
      await setPreferences({ checkOverlappingSessions: false, timeZone: 'America/New_York' });
    }
    expect((await sign(mine)).status).toBe(200);
  });
});
