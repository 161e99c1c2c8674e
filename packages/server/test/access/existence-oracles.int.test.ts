import { randomUUID } from 'node:crypto';
import type { Resource } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MRN_UNAVAILABLE } from '../../src/patients/patient-mrn.hook.ts';
import { startTestServer, type ApiClient, type ApiResponse, type TestServer, type TestUser } from '../harness.ts';
import { ATTESTED } from '../note-samples.ts';
import { inPractice, isForbidden, isNotFound, provisionPractice } from './support.ts';

/**
 * Existence oracles (issue 17): no answer may depend on whether something the caller cannot see
 * exists. Each test asks about something that exists out of reach and something that does not
 * exist at all, and wants the two answers to be the same: permission first, then reach, then
 * existence. Over HTTP against the real server.
 */

let t: TestServer;
let practiceId: string;
/** A clinician whose care team holds `mine`; `theirs` is another clinician's patient. */
let clinician: TestUser;
let colleague: TestUser;
let mine: Resource;
let theirs: Resource;
const at = (path: string) => inPractice(practiceId, path);
const team = (user: TestUser) => ({ careTeam: [{ member: { resourceType: 'Practitioner', id: user.profile.id } }] });

async function seed(path: string, body: Record<string, unknown>): Promise<Resource> {
  const r = await t.request('POST', at(path), { body });
  if (r.status !== 201) throw new Error(`seeding ${path}: ${r.status} ${r.text}`);
  return r.body;
}

/** What of an answer could tell two cases apart: its status and its body. */
const answer = (r: ApiResponse) => ({ status: r.status, body: r.body });

/** The same call about an existing target out of reach and about a target that does not exist. */
async function expectSameAnswers(client: ApiClient, method: string, paths: [existing: string, missing: string], body?: unknown) {
  const [existing, missing] = await Promise.all(paths.map((path) => client.request(method, path, body === undefined ? {} : { body })));
  expect(answer(existing!), `${method} ${paths[0]}`).toEqual(answer(missing!));
  return existing!;
}

beforeAll(async () => {
  t = await startTestServer();
  practiceId = await provisionPractice(t, 'oracles');
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'], practiceId });
  colleague = await t.createUser({ roles: ['Non-Prescribing Clinician'], practiceId });
  await seed('PracticePreferences', { display: 'preferences', patientPopulationLevel: 'CareTeam' });
  mine = await seed('Patients', { names: [{ given: ['Mia'], family: 'Mine' }], ...team(clinician) });
  theirs = await seed('Patients', { names: [{ given: ['Theo'], family: 'Theirs' }], ...team(colleague) });
}, 120_000);
afterAll(() => t?.close());

describe('POST Notes/group-sessions', () => {
  it('answers alike for an attendee out of reach and one no patient has, and stores no note for the others', async () => {
    const body = (other: string) => ({
      encounter: { sessionTime: { mode: 'DurationMinutes', start: '2024-05-03T15:00:00Z', minutes: 60 } },
      attendees: [
        { patient: { resourceType: 'Patient', id: mine.id }, present: true },
        { patient: { resourceType: 'Patient', id: other }, present: true },
      ],
    });
    const [outOfReach, missing] = await Promise.all(
      [theirs.id, randomUUID()].map((id) => clinician.client.request('POST', at('Notes/group-sessions'), { body: body(id) })),
    );
    // The refusal inside the call's transaction is audited by the durable writer, not turned into a 500.
    expect(answer(outOfReach!)).toEqual(answer(missing!));
    expect(isNotFound(outOfReach!)).toBe(true);
    const notes = await t.request('GET', at('Notes'), { headers: { 'x-partition-key': mine.id } });
    expect(notes.body.filter((n: { groupSession?: unknown }) => n.groupSession)).toEqual([]);
  });
});

describe('PUT Notes/group-sessions/{id}/shared-sections', () => {
  it('answers alike for a session out of reach and an id no session has: 404 to a clinician, 403 to a patient login', async () => {
    const session = await colleague.client.request('POST', at('Notes/group-sessions'), {
      body: {
        encounter: { sessionTime: { mode: 'DurationMinutes', start: '2024-05-02T15:00:00Z', minutes: 60 } },
        attendees: [{ patient: { resourceType: 'Patient', id: theirs.id }, present: true }],
      },
    });
    expect(session.status, session.text).toBe(201);
    const paths: [string, string] = [
      at(`Notes/group-sessions/${session.body.groupSessionId}/shared-sections`),
      at(`Notes/group-sessions/${randomUUID()}/shared-sections`),
    ];
    const sections = { sections: [{ key: 'topic', kind: 'Narrative', narrative: 'Rewritten' }] };

    expect(isNotFound(await expectSameAnswers(clinician.client, 'PUT', paths, sections))).toBe(true);
    const portal = await t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: theirs.id, practiceId });
    expect(isForbidden(await expectSameAnswers(portal.client, 'PUT', paths, sections))).toBe(true);
    const billing = await t.createUser({ roles: ['Services'], practiceId });
    expect(isForbidden(await expectSameAnswers(billing.client, 'PUT', paths, sections))).toBe(true);

    const note = await t.request('GET', at(`Notes/${session.body.attendees[0].note.id}`));
    expect(note.body.meta.versionId).toBe(session.body.attendees[0].note.meta.versionId);
  });
});

describe('the x-profile header', () => {
  it('answers alike for a practice the caller is not in and one that does not exist, whatever the header', async () => {
    const other = await provisionPractice(t, 'elsewhere');
    const paths: [string, string] = [inPractice(other, 'Patients'), inPractice(`nowhere-${randomUUID().slice(0, 8)}`, 'Patients')];
    const get = (headers: Record<string, string>) => (path: string) => clinician.client.request('GET', path, { headers });
    const headerSets: Record<string, string>[] = [
      {},
      { 'x-profile': `Practitioner/${clinician.profile.id}` },
      { 'x-profile': `Practitioner/${colleague.profile.id}` },
      { 'x-profile': 'not a profile' },
    ];
    for (const headers of headerSets) {
      const [existing, missing] = await Promise.all(paths.map(get(headers)));
      expect(answer(existing!), JSON.stringify(headers)).toEqual(answer(missing!));
      expect(existing!.status, JSON.stringify(headers)).toBe(headers['x-profile'] === 'not a profile' ? 400 : 404);
    }
    // In its own practice, a profile that is not the caller's is still refused as such.
    const own = await clinician.client.request('GET', at('Patients'), { headers: { 'x-profile': `Practitioner/${colleague.profile.id}` } });
    expect(isForbidden(own)).toBe(true);
  });
});

describe('a duplicate MRN', () => {
  it('is refused with the same words whether its holder is within reach or not, naming nobody', async () => {
    const registrar = await t.createUser({ roles: ['Case Management'], practiceId });
    const held = { out: `OUT-${randomUUID().slice(0, 8)}`, in: `IN-${randomUUID().slice(0, 8)}` };
    await seed('Patients', { names: [{ given: ['Hidden'], family: 'Holder' }], mrn: held.out, ...team(colleague) });
    await seed('Patients', { names: [{ given: ['Known'], family: 'Holder' }], mrn: held.in, ...team(registrar) });
    const create = (mrn: string) =>
      registrar.client.request('POST', at('Patients'), {
        body: { names: [{ given: ['New'], family: 'Patient' }], mrn, ...team(registrar) },
      });
    const [outside, inside] = [await create(held.out), await create(held.in)];
    expect(answer(outside)).toEqual(answer(inside));
    expect(outside.status).toBe(400);
    expect(outside.body.issues).toEqual([{ path: 'mrn', message: MRN_UNAVAILABLE }]);
    expect(outside.text).not.toContain('another patient');
  });
});

describe('users of the practice', () => {
  it('a user manager limited to a care team cannot tell an out-of-reach patient login from an unknown account, nor act on it', async () => {
    const role = await seed('SecurityRoles', {
      display: 'Team user manager',
      grantSets: ['Read patients', 'Manage users', 'Assign roles'],
    });
    const manager = await t.createUser({ roles: [`SecurityRole/${role.id}`], practiceId });
    const outOfReach = await seed('Patients', { names: [{ given: ['Paz'], family: 'Portal' }], ...team(colleague) });
    const portal = await t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: outOfReach.id, practiceId });
    const paths = (action: string): [string, string] => [at(`users/${portal.accountId}/${action}`), at(`users/${randomUUID()}/${action}`)];
    expect(isNotFound(await expectSameAnswers(manager.client, 'POST', paths('deactivate')))).toBe(true);
    expect(isNotFound(await expectSameAnswers(manager.client, 'PUT', paths('roles'), { roles: [] }))).toBe(true);
    expect((await portal.client.request('GET', at(`Patients/${outOfReach.id}`))).status).toBe(200);
  });
});

describe('signing', () => {
  it('without the Sign notes grant set every note id answers 403, existing or not', async () => {
    const scribe = await t.createUser({ roles: ['Scribe'], practiceId });
    const note = await seed('Notes', {
      partition: mine.id,
      kind: 'Note',
      encounter: { resourceType: 'Encounter', id: 'e-1' },
      author: { resourceType: 'Practitioner', id: clinician.profile.id },
    });
    const paths: [string, string] = [at(`Notes/${note.id}/sign`), at(`Notes/${randomUUID()}/sign`)];
    expect(isForbidden(await expectSameAnswers(scribe.client, 'POST', paths, { versionId: note.meta.versionId, ...ATTESTED }))).toBe(true);
    // A body that fails the call's contract is refused before anything is looked up: alike too.
    expect((await expectSameAnswers(scribe.client, 'POST', paths, { versionId: note.meta.versionId })).status).toBe(400);
  });
});
