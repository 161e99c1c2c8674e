import { SECURITY_TOKEN_LIFETIME_MS, SUB_STATUS, type Resource } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../harness.ts';
import { PATCH_JSON, inPractice, isNotFound, pool, provisionPractice } from './support.ts';

/**
 * Security tokens as an attacker would bend them (issue 17): a token's expiry comes from the
 * server's clock whatever the body says, a token never mints a wider or longer one, and a patient
 * the owner loses is lost at once, token or not. Over HTTP against the real server.
 */

let t: TestServer;
let practiceId: string;
let clinician: TestUser;
const at = (path: string) => inPractice(practiceId, path);
const headerOf = (token: Resource) => ({ 'x-security-token': `${token.id}:${token.meta.versionId}` });
const patientRef = (patient: Resource) => ({ resourceType: 'Patient', id: patient.id });

async function seed(path: string, body: Record<string, unknown>): Promise<Resource> {
  const r = await t.request('POST', at(path), { body });
  if (r.status !== 201) throw new Error(`seeding ${path}: ${r.status} ${r.text}`);
  return r.body;
}

/** A patient whose care team is the clinician (under the practice's CareTeam population level). */
const teamPatient = (display: string) =>
  seed('Patients', { display, careTeam: [{ member: { resourceType: 'Practitioner', id: clinician.profile.id } }] });

beforeAll(async () => {
  t = await startTestServer();
  practiceId = await provisionPractice(t, 'tokens');
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'], practiceId });
  await seed('PracticePreferences', { display: 'preferences', patientPopulationLevel: 'CareTeam' });
}, 120_000);
afterAll(() => t?.close());

describe('a security token expires 24 hours after the server made it', () => {
  it('whatever `created` the body claims: a far-future one, a past one or not a date at all', async () => {
    const patient = await teamPatient('Token patient');
    for (const claimed of ['2999-01-01T00:00:00Z', '2001-01-01T00:00:00Z', 'garbage', 42]) {
      const before = Date.now();
      const r = await clinician.client.request('POST', at('SecurityTokens'), {
        body: { created: claimed, patientAllowances: [patientRef(patient)] },
      });
      expect(r.status, `${claimed}: ${r.text}`).toBe(201);
      const created = Date.parse(r.body.created);
      expect(created, String(claimed)).toBeGreaterThanOrEqual(before - 1000);
      expect(created, String(claimed)).toBeLessThanOrEqual(Date.now() + 1000);
      expect(Date.parse(r.body.expiration) - created, String(claimed)).toBe(SECURITY_TOKEN_LIFETIME_MS);
    }
  });

  it('and neither a PUT nor a PATCH naming another `created` moves it', async () => {
    const patient = await teamPatient('Token patient 2');
    const token = (await clinician.client.request('POST', at('SecurityTokens'), { body: { patientAllowances: [patientRef(patient)] } }))
      .body;
    const put = await clinician.client.request('PUT', at(`SecurityTokens/${token.id}?versionId=${token.meta.versionId}`), {
      body: { ...token, created: '2999-01-01T00:00:00Z' },
    });
    expect(put.status, put.text).toBe(200);
    expect([put.body.created, put.body.expiration]).toEqual([token.created, token.expiration]);
    const patch = await clinician.client.request('PATCH', at(`SecurityTokens/${token.id}?versionId=${put.body.meta.versionId}`), {
      headers: PATCH_JSON,
      body: [{ op: 'replace', path: '/created', value: '2999-01-01T00:00:00Z' }],
    });
    expect(patch.status).toBe(400);
    expect(patch.body.detail).toBe('Patch operation 0 cannot change the read-only field created.');
  });

  it('a token stored with an expiry the server never gives (beyond a lifetime after its last write) is invalid', async () => {
    const patient = await teamPatient('Token patient 3');
    const token = (await clinician.client.request('POST', at('SecurityTokens'), { body: { patientAllowances: [patientRef(patient)] } }))
      .body;
    await pool(t).query(
      `UPDATE r_security_token SET body = jsonb_set(body, '{expiration}', '"2999-01-02T00:00:00.000Z"') WHERE practice_id = $1 AND id = $2`,
      [practiceId, token.id],
    );
    const r = await clinician.client.request('GET', at(`Patients/${patient.id}`), { headers: headerOf(token) });
    expect([r.status, r.body.subStatus]).toEqual([403, SUB_STATUS.invalidSecurityToken]);
  });
});

describe("a token adds nothing beyond the owner's own population", () => {
  it('a patient taken off the care team is out of reach at once, and a live token cannot mint a new one for them', async () => {
    const patient = await teamPatient('Leaving patient');
    const token = (await clinician.client.request('POST', at('SecurityTokens'), { body: { patientAllowances: [patientRef(patient)] } }))
      .body;
    expect((await clinician.client.request('GET', at(`Patients/${patient.id}`), { headers: headerOf(token) })).status).toBe(200);

    const removed = await t.request('PATCH', at(`Patients/${patient.id}?versionId=${patient.meta.versionId}`), {
      headers: PATCH_JSON,
      body: [{ op: 'replace', path: '/careTeam', value: [] }],
    });
    expect(removed.status, removed.text).toBe(200);

    // The token is still valid (its owner, its version, unexpired), yet vouches for nothing: not for
    // a new token, nor for itself rewritten, nor for a read.
    const minted = await clinician.client.request('POST', at('SecurityTokens'), {
      headers: headerOf(token),
      body: { patientAllowances: [patientRef(patient)] },
    });
    expect(isNotFound(minted), `a token minted through a token: ${minted.status}`).toBe(true);
    const extended = await clinician.client.request('PUT', at(`SecurityTokens/${token.id}?versionId=${token.meta.versionId}`), {
      headers: headerOf(token),
      body: { ...token, display: 'still mine' },
    });
    expect(isNotFound(extended), `the token rewritten through itself: ${extended.status}`).toBe(true);
    const read = await clinician.client.request('GET', at(`Patients/${patient.id}`), { headers: headerOf(token) });
    expect(isNotFound(read), `read with the token: ${read.status}`).toBe(true);
    const notes = await clinician.client.request('GET', at('Notes'), { headers: { ...headerOf(token), 'x-partition-key': patient.id } });
    expect(notes.body).toEqual([]);
    const stored = await pool(t).query(
      `SELECT count(*)::int AS n FROM r_security_token WHERE practice_id = $1 AND body->'patientAllowances' @> $2::jsonb`,
      [practiceId, JSON.stringify([{ id: patient.id }])],
    );
    expect(stored.rows[0].n).toBe(1);
  });
});
