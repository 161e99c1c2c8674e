import type { Resource } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';

/**
 * Chart documents and the portal (docs/portal.md, "Documents") against the real server: staff
 * upload a file as a Media and a DocumentReference naming it, share it, and the portal login then
 * reads that document and its file and nothing else of the chart's documents; sharing is managing
 * documents, refused (403, nothing stored) to staff who may only read them.
 */

let t: TestServer;
let patient: Resource;
let portal: TestUser;
let reader: TestUser;
let clinician: TestUser;
let shared: Resource;
let unshared: Resource;
const PDF = Buffer.from('%PDF-1.4\n% a letter\n%%EOF\n');

async function upload(title: string, sharedWithPatient: boolean): Promise<Resource> {
  const media = await clinician.client.request('POST', 'Media', { body: { partition: patient.id, display: title } });
  expect(media.status, media.text).toBe(201);
  const content = await clinician.client.request('POST', `Media/${media.body.id}/content`, {
    raw: PDF,
    headers: { 'content-type': 'application/pdf' },
  });
  expect(content.status, content.text).toBe(200);
  const doc = await clinician.client.request('POST', 'DocumentReferences', {
    body: {
      partition: patient.id,
      title,
      category: { code: 'letter' },
      date: '2026-11-02',
      media: { resourceType: 'Media', id: media.body.id },
      contentType: 'application/pdf',
      size: PDF.length,
      sharedWithPatient,
      sharedAt: '2001-01-01T00:00:00Z',
      author: { resourceType: 'Practitioner', id: 'someone-else' },
    },
  });
  expect(doc.status, doc.text).toBe(201);
  return doc.body;
}

beforeAll(async () => {
  t = await startTestServer();
  patient = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Dana'], family: 'Shore' }] } })).body;
  portal = await t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: patient.id });
  reader = await t.createUser({ roles: ['Practitioner'] });
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  const member = (u: TestUser) => ({ member: { resourceType: 'Practitioner', id: u.profile.id } });
  const team = await t.request('PUT', `Patients/${patient.id}`, { body: { ...patient, careTeam: [member(reader), member(clinician)] } });
  expect(team.status, team.text).toBe(200);
  shared = await upload('Welcome letter', true);
  unshared = await upload('Internal summary', false);
});

afterAll(() => t?.close());

describe('chart documents', () => {
  it('sets who wrote and who shared a document, whatever the body says', () => {
    expect(shared.display).toBe('Welcome letter');
    expect(shared.author).toEqual({ resourceType: 'Practitioner', id: clinician.profile.id });
    expect(shared.sharedBy).toEqual(shared.author);
    expect(shared.sharedAt).not.toBe('2001-01-01T00:00:00Z');
    expect(unshared.sharedAt).toBeUndefined();
    expect(unshared.sharedBy).toBeUndefined();
  });

  it('lets the portal login list and open only the shared ones, and download only their files', async () => {
    const list = await portal.client.request('POST', 'DocumentReferences/queries', {
      body: [],
      headers: { 'x-partition-key': patient.id },
    });
    expect(list.status, list.text).toBe(200);
    expect(list.body.map((d: Resource) => d.id)).toEqual([shared.id]);
    expect((await portal.client.request('GET', `DocumentReferences/${shared.id}`)).status).toBe(200);
    expect((await portal.client.request('GET', `DocumentReferences/${unshared.id}`)).status).toBe(404);
    const file = await portal.client.request('GET', `Media/${(shared.media as { id: string }).id}/content`);
    expect(file.status).toBe(200);
    expect(file.text).toBe(PDF.toString());
    expect((await portal.client.request('GET', `Media/${(unshared.media as { id: string }).id}/content`)).status).toBe(404);
    expect((await portal.client.request('GET', `Media/${(unshared.media as { id: string }).id}`)).status).toBe(404);
  });

  it('audits the portal read of a shared document', async () => {
    const audit = await t.server.app.db.pool.query(
      `SELECT body FROM r_audit_event WHERE body->'entity'->>'id' = $1 AND body->'agent'->'who'->>'id' = $2`,
      [shared.id, patient.id],
    );
    expect(audit.rows.length).toBeGreaterThan(0);
  });

  it('hides a document from the portal again once sharing stops', async () => {
    const current = (await t.request('GET', `DocumentReferences/${shared.id}`)).body;
    const stopped = await t.request('PUT', `DocumentReferences/${shared.id}`, { body: { ...current, sharedWithPatient: false } });
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.body.sharedAt).toBeUndefined();
    expect((await portal.client.request('GET', `DocumentReferences/${shared.id}`)).status).toBe(404);
    const again = await t.request('PUT', `DocumentReferences/${shared.id}`, { body: { ...stopped.body, sharedWithPatient: true } });
    expect(again.status, again.text).toBe(200);
    expect((await portal.client.request('GET', `DocumentReferences/${shared.id}`)).status).toBe(200);
  });

  it('keeps the file of a shared document from the portal once the document is deleted', async () => {
    const doc = await upload('Sent in error', true);
    const mediaId = (doc.media as { id: string }).id;
    expect((await portal.client.request('GET', `Media/${mediaId}/content`)).status).toBe(200);
    const deleted = await clinician.client.request('DELETE', `DocumentReferences/${doc.id}?versionId=${doc.meta.versionId}`);
    expect(deleted.status, deleted.text).toBe(204);
    // Gone, as any deleted record; its file is the care team's again, not found as an unshared one's.
    expect((await portal.client.request('GET', `DocumentReferences/${doc.id}`)).status).toBe(410);
    expect((await portal.client.request('GET', `Media/${mediaId}`)).status).toBe(404);
    expect((await portal.client.request('GET', `Media/${mediaId}/content`)).status).toBe(404);
  });

  it('refuses sharing to staff without Manage documents (403), nothing stored', async () => {
    const seen = await reader.client.request('GET', `DocumentReferences/${unshared.id}`);
    expect(seen.status, seen.text).toBe(200);
    const share = await reader.client.request('PUT', `DocumentReferences/${unshared.id}`, {
      body: { ...seen.body, sharedWithPatient: true },
    });
    expect(share.status, share.text).toBe(403);
    const after = (await t.request('GET', `DocumentReferences/${unshared.id}`)).body;
    expect(after.sharedWithPatient).toBe(false);
    expect(after.meta.versionId).toBe(seen.body.meta.versionId);
    expect((await portal.client.request('GET', `DocumentReferences/${unshared.id}`)).status).toBe(404);
  });
});
