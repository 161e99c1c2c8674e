import { randomUUID } from 'node:crypto';
import { PACKET_MESSAGES, PHQ9_ID, hashAnswers, localDate, type Resource } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../test/api-client.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { SmtpCapture } from '../mail/smtp-capture.ts';

/**
 * The kiosk (docs/portal.md, "Kiosk mode"), re-sending with a new due day, and Idempotency-Key on
 * send and submit, against the real server over HTTP (mail to a real SMTP capture server).
 */

let smtp: SmtpCapture;
let t: TestServer;
let patient: Resource;
let other: Resource;
let packet: Resource;
let staff: TestUser;
let patientLogin: TestUser;

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const PHQ9_ANSWERS = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`phq9-${i + 1}`, '0']));
const today = () => localDate(new Date(), 'America/New_York');
const inDays = (days: number) => new Date(Date.parse(`${today()}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function seed(collection: string, body: Record<string, unknown>): Promise<Resource> {
  const r = await t.request('POST', collection, { body });
  if (r.status !== 201) throw new Error(`seeding ${collection}: ${r.status} ${r.text}`);
  return r.body;
}

function send(body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return staff.client.request('POST', `Packets/${packet.id}/send`, { body: { patient: patient.id, dueDate: inDays(7), ...body }, headers });
}

/** A device the kiosk runs on: no session, only the kiosk token. */
async function kioskDevice(token: string) {
  const device = t.anonymous();
  const headers = { 'x-kiosk-token': token };
  return {
    device,
    get: () => device.request('GET', '/api/v1/kiosk', { headers }),
    put: (id: string, body: unknown) => device.request('PUT', `/api/v1/kiosk/responses/${id}`, { body, headers }),
    sign: (png = PNG_1PX) => device.request('POST', '/api/v1/kiosk/signatures', { body: { png, title: 'Consent' }, headers }),
    submit: () => device.request('POST', '/api/v1/kiosk/submit', { body: {}, headers }),
  };
}

const openKiosk = (id: string, client: ApiClient = staff.client) => client.request('POST', `PacketResponses/${id}/kiosk`);

beforeAll(async () => {
  smtp = await SmtpCapture.start();
  t = await startTestServer({ env: { smtpUrl: smtp.url } });
  // Signatures on patients' own phones are off: the kiosk is the clinic's device.
  await seed('PracticePreferences', { display: 'preferences', allowMobilePatientSignature: false });
  patient = await seed('Patients', { names: [{ given: ['Kai'], family: 'Moreno' }], birthDate: '1990-05-01' });
  other = await seed('Patients', { names: [{ given: ['Ines'], family: 'Other' }] });
  const consent = await seed('Questionnaires', {
    status: 'Draft',
    title: 'Consent to treatment',
    items: [
      { linkId: 'agree', type: 'Boolean', text: 'I agree to treatment', required: true },
      { linkId: 'sign', type: 'Signature', variant: 'AdhocPatientSignature', text: 'Your signature', required: true },
    ],
  });
  const published = await t.request('PUT', `Questionnaires/${consent.id}`, { body: { ...consent, status: 'Active' } });
  expect(published.status, published.text).toBe(200);
  packet = await seed('Packets', {
    name: 'Adult intake',
    audience: 'Adult',
    forms: [
      { key: 'phq9', kind: 'Questionnaire', title: 'PHQ-9', form: { resourceType: 'Questionnaire', id: PHQ9_ID }, required: true },
      {
        key: 'consent',
        kind: 'Consent',
        title: 'Consent to treatment',
        form: { resourceType: 'Questionnaire', id: consent.id },
        required: true,
        consent: { category: 'treatment' },
      },
    ],
  });
  staff = await t.createUser({ roles: ['Non-Prescribing Clinician', 'Case Management'] });
  patientLogin = await t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: patient.id });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('kiosk', () => {
  it('is opened by staff only, for an open packet, and audited', async () => {
    const sent = await send();
    expect(sent.status, sent.text).toBe(201);
    expect((await openKiosk(sent.body.id, patientLogin.client)).status).toBe(403);
    const opened = await openKiosk(sent.body.id);
    expect(opened.status, opened.text).toBe(201);
    expect(opened.body.packetResponse).toMatchObject({ resourceType: 'PacketResponse', id: sent.body.id });
    const lasts = Date.parse(opened.body.expiresAt) - Date.now();
    expect(lasts).toBeGreaterThan(100 * 60_000);
    expect(lasts).toBeLessThanOrEqual(2 * 3_600_000);
    const audit = await t.server.app.db.pool.query(
      `SELECT body FROM r_audit_event WHERE body->'entity'->>'id' = $1 AND body->>'description' LIKE 'Kiosk opened%'`,
      [sent.body.id],
    );
    expect(audit.rows[0]?.body.agent).toMatchObject({ who: staff.profile, accountId: staff.accountId });
  });

  it('shows only its packet, takes answers and a signature as the patient, submits, then locks', async () => {
    const sent = (await send()).body;
    const elsewhere = (await t.request('POST', `Packets/${packet.id}/send`, { body: { patient: other.id, dueDate: inDays(7) } })).body;
    const { token } = (await openKiosk(sent.id)).body;
    const kiosk = await kioskDevice(token);

    const view = await kiosk.get();
    expect(view.status, view.text).toBe(200);
    expect(view.body.packetResponse.id).toBe(sent.id);
    expect(view.body.recipient).toMatchObject({ resourceType: 'Patient', id: patient.id });
    expect(view.body.items.map((i: { item: { key: string } }) => i.item.key)).toEqual(['phq9', 'consent']);
    // The token is no session: the practice's records stay closed to the device.
    expect((await kiosk.device.request('GET', `Patients/${patient.id}`, { headers: { 'x-kiosk-token': token } })).status).toBe(401);
    // Another packet's response is out of its reach.
    const foreign = elsewhere.responses[0].response.id;
    expect((await kiosk.put(foreign, { versionId: 'x', answers: {} })).status).toBe(404);

    const [phq9, consent] = view.body.items.map((i: { response: Resource }) => i.response);
    const saved = await kiosk.put(phq9.id, { versionId: phq9.meta.versionId, answers: PHQ9_ANSWERS });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.meta.lastModifiedBy).toMatchObject({ resourceType: 'Patient', id: patient.id });

    expect((await kiosk.sign(Buffer.from('not a png').toString('base64'))).status).toBe(400);
    const image = await kiosk.sign();
    expect(image.status, image.text).toBe(201);
    const answers = { agree: true };
    const signature = (signer: Resource) => ({
      linkId: 'sign',
      signer: { resourceType: 'Patient', id: signer.id },
      role: 'AdhocPatient',
      signedAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      image: image.body,
      answersHash: hashAnswers(answers),
      device: 'Kiosk tablet',
    });
    // A signature names the packet's recipient, no one else.
    expect((await kiosk.put(consent.id, { versionId: consent.meta.versionId, answers, signatures: [signature(other)] })).status).toBe(403);
    const signed = await kiosk.put(consent.id, { versionId: consent.meta.versionId, answers, signatures: [signature(patient)] });
    expect(signed.status, signed.text).toBe(200);

    const submitted = await kiosk.submit();
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'Submitted', submittedBy: { resourceType: 'Patient', id: patient.id } });
    const after = await kiosk.get();
    expect(after.status).toBe(410);
    expect(after.body.detail).toBe(PACKET_MESSAGES.kioskFinished);
    expect((await kiosk.put(phq9.id, { versionId: 'x', answers: {} })).status).toBe(410);
    // Staff read what was given, with the signature's image in the chart.
    const media = await t.request('GET', `Media/${image.body.id}`);
    expect(media.body.content).toMatchObject({ contentType: 'image/png' });
    // A submitted packet opens no kiosk.
    expect((await openKiosk(sent.id)).status).toBe(400);
  });

  it('refuses an unknown, replaced, expired or closed token', async () => {
    const sent = (await send()).body;
    expect((await (await kioskDevice('nope')).get()).status).toBe(401);
    const first = (await openKiosk(sent.id)).body.token;
    const second = (await openKiosk(sent.id)).body.token;
    expect((await (await kioskDevice(first)).get()).status).toBe(401);
    expect((await (await kioskDevice(second)).get()).status).toBe(200);
    await t.server.app.db.pool.query(`UPDATE kiosk_sessions SET expires_at = now() - interval '1 minute' WHERE packet_response_id = $1`, [
      sent.id,
    ]);
    const expired = await (await kioskDevice(second)).get();
    expect(expired.status).toBe(401);
    expect(expired.body.detail).toBe(PACKET_MESSAGES.kioskEnded);
    const third = (await openKiosk(sent.id)).body.token;
    expect((await staff.client.request('DELETE', `PacketResponses/${sent.id}/kiosk`)).status).toBe(204);
    expect((await (await kioskDevice(third)).get()).status).toBe(401);
    expect((await staff.client.request('DELETE', `PacketResponses/${sent.id}/kiosk`)).status).toBe(404);
  });
});

describe('re-sending with a new due day', () => {
  it('moves the due day, renews the expiry, e-mails again; a past day is refused with nothing stored', async () => {
    const email = `kai-${randomUUID().slice(0, 6)}@test.caseload`;
    const sent = (await send({ email })).body;
    await smtp.waitFor(email, 1);
    const past = await staff.client.request('POST', `PacketResponses/${sent.id}/resend`, { body: { dueDate: inDays(-1) } });
    expect(past.status).toBe(400);
    expect(past.body.issues).toEqual([{ path: 'dueDate', message: PACKET_MESSAGES.dueDate }]);
    const again = await staff.client.request('POST', `PacketResponses/${sent.id}/resend`, { body: { dueDate: inDays(14) } });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ dueDate: inDays(14), sendCount: 2, sentTo: email });
    expect(Date.parse(again.body.expiresAt)).toBeGreaterThanOrEqual(Date.parse(sent.expiresAt));
    const mail = await smtp.waitFor(email, 2);
    expect(mail.text).toContain(`/my-packets/${sent.id}`);
  });
});

describe('Idempotency-Key', () => {
  it('sends a packet once for a retried send: one packet response, one e-mail, the same answer', async () => {
    const email = `retry-${randomUUID().slice(0, 6)}@test.caseload`;
    const key = `send-${randomUUID()}`;
    const [a, b] = await Promise.all([send({ email }, { 'idempotency-key': key }), send({ email }, { 'idempotency-key': key })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.id).toBe(a.body.id);
    const c = await send({ email }, { 'idempotency-key': key });
    expect(c.body.id).toBe(a.body.id);
    const mine = await t.request('POST', 'PacketResponses/queries', {
      body: [{ field: 'sentTo', op: 'eq', value: email }],
      headers: { 'x-partition-key': patient.id },
    });
    expect(mine.body).toHaveLength(1);
    await smtp.waitFor(email, 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to(email)).toHaveLength(1);
    const other = await send({ email, dueDate: inDays(9) }, { 'idempotency-key': key });
    expect(other.status).toBe(400);
  });

  it('answers a retried submit with the first answer, not a refusal', async () => {
    const sent = (await send()).body;
    const { token } = (await openKiosk(sent.id)).body;
    const kiosk = await kioskDevice(token);
    const [phq9, consent] = (await kiosk.get()).body.items.map((i: { response: Resource }) => i.response);
    await kiosk.put(phq9.id, { versionId: phq9.meta.versionId, answers: PHQ9_ANSWERS });
    const image = (await kiosk.sign()).body;
    const answers = { agree: true };
    await kiosk.put(consent.id, {
      versionId: consent.meta.versionId,
      answers,
      signatures: [
        {
          linkId: 'sign',
          signer: { resourceType: 'Patient', id: patient.id },
          role: 'AdhocPatient',
          signedAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
          image,
          answersHash: hashAnswers(answers),
        },
      ],
    });
    const key = `submit-${randomUUID()}`;
    const submit = () =>
      staff.client.request('POST', `PacketResponses/${sent.id}/submit`, { body: {}, headers: { 'idempotency-key': key } });
    const first = await submit();
    expect(first.status, first.text).toBe(200);
    const retry = await submit();
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.meta.versionId).toBe(first.body.meta.versionId);
    // Without the key, a second submit is the refusal it is.
    expect((await staff.client.request('POST', `PacketResponses/${sent.id}/submit`, { body: {} })).status).toBe(400);
  });
});
