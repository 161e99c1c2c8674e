import { PHQ9_ID, type Resource } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePeopleBody } from '../../src/people/people-samples.ts';
import { startTestServer, type TestServer, type TestUser } from '../harness.ts';
import { PATCH_JSON, isForbidden } from './support.ts';

/**
 * What the portal's own screens write (docs/portal.md): a patient's and a related person's
 * contact details, each by the field name its record has (`telecom`, `addresses`), and answers to
 * an assigned form until they are submitted.
 */

let t: TestServer;
let patient: Resource;
let relatedPerson: Resource;
let portal: TestUser;
let related: TestUser;

const ADDRESS = { use: 'Home', line: ['12 Harbour Street'], city: 'Olympia', state: 'WA', postalCode: '98501' };
const PHONE = { system: 'Phone', use: 'Mobile', value: '555-010-0142' };

async function seed(collection: string, body: Record<string, unknown>): Promise<Resource> {
  const r = await t.request('POST', collection, { body });
  if (r.status !== 201) throw new Error(`seeding ${collection}: ${r.status} ${r.text}`);
  return r.body;
}

beforeAll(async () => {
  t = await startTestServer();
  patient = await seed('Patients', { names: [{ given: ['Ada'], family: 'Portal' }] });
  relatedPerson = await seed('RelatedPeople', {
    ...samplePeopleBody('RelatedPerson', patient.id),
    names: [{ given: ['Ben'], family: 'Portal' }],
  });
  portal = await t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: patient.id });
  related = await t.createUser({ roles: [], profileType: 'RelatedPerson', profileId: relatedPerson.id });
});
afterAll(async () => {
  await t?.close();
});

describe('portal contact details', () => {
  it('a patient saves her phones and addresses by PATCH and by PUT, and the server keeps them', async () => {
    let current = (await portal.client.request('GET', `Patients/${patient.id}`)).body;
    const patched = await portal.client.request('PATCH', `Patients/${patient.id}?versionId=${current.meta.versionId}`, {
      headers: PATCH_JSON,
      body: [
        { op: 'add', path: '/addresses', value: [ADDRESS] },
        { op: 'add', path: '/telecom', value: [PHONE] },
      ],
    });
    expect(patched.status, patched.text).toBe(200);
    current = patched.body;
    const moved = { ...ADDRESS, line: ['3 Ferry Lane', 'Apt 2'] };
    const put = await portal.client.request('PUT', `Patients/${patient.id}`, { body: { ...current, addresses: [moved] } });
    expect(put.status, put.text).toBe(200);
    const stored = (await t.request('GET', `Patients/${patient.id}`)).body;
    expect(stored.addresses).toEqual([moved]);
    expect(stored.telecom).toEqual([PHONE]);
  });

  it('a patient still may not change her name with them', async () => {
    const current = (await t.request('GET', `Patients/${patient.id}`)).body;
    const r = await portal.client.request('PUT', `Patients/${patient.id}`, {
      body: { ...current, addresses: [], names: [{ given: ['Eve'], family: 'Portal' }] },
    });
    expect(isForbidden(r)).toBe(true);
    expect((await t.request('GET', `Patients/${patient.id}`)).body.meta.versionId).toBe(current.meta.versionId);
  });

  it('a related person saves their own address', async () => {
    const current = (await related.client.request('GET', `RelatedPeople/${relatedPerson.id}`)).body;
    const r = await related.client.request('PATCH', `RelatedPeople/${relatedPerson.id}?versionId=${current.meta.versionId}`, {
      headers: PATCH_JSON,
      body: [{ op: 'add', path: '/addresses', value: [ADDRESS] }],
    });
    expect(r.status, r.text).toBe(200);
    expect((await t.request('GET', `RelatedPeople/${relatedPerson.id}`)).body.addresses).toEqual([ADDRESS]);
  });
});

describe('portal answers', () => {
  it('a patient answers an assigned form until she submits it; staff may still correct it after', async () => {
    const assigned = await seed('QuestionnaireResponses', {
      partition: patient.id,
      questionnaire: { resourceType: 'Questionnaire', id: PHQ9_ID },
      subject: { resourceType: 'Patient', id: patient.id },
      author: { resourceType: 'Patient', id: patient.id },
      completion: 'NotStarted',
      answers: {},
    });
    const answers = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`phq9-${i + 1}`, '0']));
    const started = await portal.client.request('PUT', `QuestionnaireResponses/${assigned.id}`, {
      body: { ...assigned, completion: 'InProgress', answers: { 'phq9-1': '1' } },
    });
    expect(started.status, started.text).toBe(200);
    const submitted = await portal.client.request('PUT', `QuestionnaireResponses/${assigned.id}`, {
      body: { ...started.body, completion: 'Complete', answers },
    });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body.author).toEqual({ resourceType: 'Patient', id: patient.id });

    const changed = await portal.client.request('PUT', `QuestionnaireResponses/${assigned.id}`, {
      body: { ...submitted.body, answers: { ...answers, 'phq9-1': '3' } },
    });
    expect(isForbidden(changed)).toBe(true);
    const reopened = await portal.client.request('PUT', `QuestionnaireResponses/${assigned.id}`, {
      body: { ...submitted.body, completion: 'InProgress' },
    });
    expect(isForbidden(reopened)).toBe(true);
    const stored = (await t.request('GET', `QuestionnaireResponses/${assigned.id}`)).body;
    expect(stored.meta.versionId).toBe(submitted.body.meta.versionId);

    const corrected = await t.request('PUT', `QuestionnaireResponses/${assigned.id}`, {
      body: { ...stored, answers: { ...answers, 'phq9-1': '1' } },
    });
    expect(corrected.status, corrected.text).toBe(200);
  });
});
