import { randomUUID } from 'node:crypto';
import { PACKET_MESSAGES, PHQ9_ID, hashAnswers, localDate, type Resource } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATCH_JSON } from '../../test/access/support.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { SmtpCapture } from '../mail/smtp-capture.ts';
import { currentTable } from '../storage/table-names.ts';
import { systemRepository } from '../storage/system-repository.ts';
import { WRITE_RULES } from '../write-rules.ts';
import { remindDuePackets } from './packet-reminders.ts';

/**
 * Packets (docs/portal.md, "Packets") against the real server, mail over real SMTP to a capture
 * server: sending to a guardian, answering and signing through the portal, submitting (and every
 * refusal the issue names: a required item missing, after expiry, another patient's packet),
 * consents given, staff review accepting an address field by field, resending and reminders.
 */

let smtp: SmtpCapture;
let t: TestServer;
let preferences: Resource;
let minor: Resource;
let guardian: Resource;
let uncle: Resource;
let guardianLogin: TestUser;
let otherLogin: TestUser;
let packet: Resource;
let contactForm: Resource;
let releaseForm: Resource;

const ADDRESS = { line: ['9 Orchard Road'], city: 'Olympia', state: 'WA', postalCode: '98501' };
const PHQ9_ANSWERS = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`phq9-${i + 1}`, i < 3 ? '1' : '0']));
const today = () => localDate(new Date(), 'America/New_York');
const inDays = (days: number) => new Date(Date.parse(`${today()}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function seed(collection: string, body: Record<string, unknown>): Promise<Resource> {
  const r = await t.request('POST', collection, { body });
  if (r.status !== 201) throw new Error(`seeding ${collection}: ${r.status} ${r.text}`);
  return r.body;
}

async function publish(body: Record<string, unknown>): Promise<Resource> {
  const created = await seed('Questionnaires', { status: 'Draft', ...body });
  const published = await t.request('PUT', `Questionnaires/${created.id}`, { body: { ...created, status: 'Active' } });
  expect(published.status, published.text).toBe(200);
  return published.body;
}

const form = (q: Resource) => ({ resourceType: 'Questionnaire', id: q.id });

async function setPreferences(values: Record<string, unknown>) {
  const updated = await t.request('PUT', `PracticePreferences/${preferences.id}`, { body: { ...preferences, ...values } });
  expect(updated.status, updated.text).toBe(200);
  preferences = updated.body;
}

function send(body: Record<string, unknown>, packetId = packet.id) {
  return t.request('POST', `Packets/${packetId}/send`, { body: { patient: minor.id, dueDate: inDays(7), ...body } });
}

const toGuardian = () => send({ recipient: { resourceType: 'RelatedPerson', id: guardian.id } });

/** The response of one item of a packet response, as the portal login reads it. */
async function itemResponse(login: TestUser, packetResponse: Resource, item: string) {
  const entry = (packetResponse.responses as { item: string; response: { id: string } }[]).find((r) => r.item === item)!;
  const r = await login.client.request('GET', `QuestionnaireResponses/${entry.response.id}`);
  expect(r.status, r.text).toBe(200);
  return r.body;
}

async function answer(login: TestUser, packetResponse: Resource, item: string, answers: Record<string, unknown>, extra = {}) {
  const current = await itemResponse(login, packetResponse, item);
  return login.client.request('PUT', `QuestionnaireResponses/${current.id}`, {
    body: { ...current, completion: 'InProgress', answers, ...extra },
  });
}

const guardianSignature = (answers: Record<string, unknown>, signer = guardian) => ({
  linkId: 'sign',
  signer: { resourceType: 'RelatedPerson', id: signer.id },
  role: 'RelatedPerson',
  signedAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
  image: { resourceType: 'Media', id: `sig-${randomUUID().slice(0, 8)}` },
  answersHash: hashAnswers(answers),
  device: 'Mozilla/5.0 (Linux; Android 14) Mobile',
});

const RELEASE = { recipient: 'Olympia Middle School counsellor', until: inDays(365) };

/** Fills the whole packet in as the guardian: contact details, PHQ-9, the signed release. */
async function fillAll(packetResponse: Resource) {
  expect((await answer(guardianLogin, packetResponse, 'contact', { address: ADDRESS, phone: '555-010-0199' })).status).toBe(200);
  expect((await answer(guardianLogin, packetResponse, 'phq9', PHQ9_ANSWERS)).status).toBe(200);
  const signed = await answer(guardianLogin, packetResponse, 'roi', RELEASE, { signatures: [guardianSignature(RELEASE)] });
  expect(signed.status, signed.text).toBe(200);
  return signed.body;
}

/** Live records of a collection in one chart, read by the administrator. */
async function inChart(collection: string, patientId: string): Promise<Resource[]> {
  const r = await t.request('POST', `${collection}/queries`, { body: [], headers: { 'x-partition-key': patientId } });
  expect(r.status, r.text).toBe(200);
  return r.body;
}

beforeAll(async () => {
  smtp = await SmtpCapture.start();
  t = await startTestServer({ env: { smtpUrl: smtp.url } });
  preferences = await seed('PracticePreferences', { display: 'preferences', allowMobilePatientSignature: true });
  minor = await seed('Patients', { names: [{ given: ['Milo'], family: 'Reyes' }], birthDate: '2014-03-02' });
  const adult = await seed('Patients', { names: [{ given: ['Ada'], family: 'Other' }] });
  guardian = await seed('RelatedPeople', {
    partition: minor.id,
    patient: { resourceType: 'Patient', id: minor.id },
    names: [{ given: ['Rosa'], family: 'Reyes' }],
    isGuardian: true,
    telecom: [{ system: 'Phone', use: 'Mobile', value: '555-010-0100' }],
  });
  uncle = await seed('RelatedPeople', {
    partition: minor.id,
    patient: { resourceType: 'Patient', id: minor.id },
    names: [{ given: ['Tom'], family: 'Reyes' }],
  });
  guardianLogin = await t.createUser({ roles: [], profileType: 'RelatedPerson', profileId: guardian.id });
  otherLogin = await t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: adult.id });
  contactForm = await publish({
    title: 'Contact details',
    items: [
      { linkId: 'address', type: 'Address', text: 'Home address', required: true },
      { linkId: 'phone', type: 'String', text: 'Your mobile phone' },
    ],
  });
  releaseForm = await publish({
    title: 'Release of information',
    items: [
      { linkId: 'recipient', type: 'String', text: 'Who may receive information', required: true },
      { linkId: 'until', type: 'Date', text: 'Until', required: true },
      { linkId: 'sign', type: 'Signature', variant: 'RelatedPersonSignature', text: 'Signature of the guardian', required: true },
    ],
  });
  packet = await seed('Packets', {
    name: 'Intake for a minor',
    audience: 'Minor',
    forms: [
      {
        key: 'contact',
        kind: 'Questionnaire',
        title: 'Contact details',
        form: form(contactForm),
        required: true,
        chartFields: [
          { linkId: 'address', field: 'Patient.address' },
          { linkId: 'phone', field: 'RelatedPerson.phone' },
        ],
      },
      { key: 'phq9', kind: 'Questionnaire', title: 'PHQ-9', form: { resourceType: 'Questionnaire', id: PHQ9_ID }, required: true },
      {
        key: 'roi',
        kind: 'Consent',
        title: 'Release of information',
        form: form(releaseForm),
        required: true,
        consent: { category: 'release-of-information', recipientLinkId: 'recipient', expiryLinkId: 'until' },
      },
    ],
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('packets', () => {
  it('refuses a packet whose items are malformed, naming each', async () => {
    const r = await t.request('POST', 'Packets', {
      body: { name: 'Broken', forms: [{ key: 'a', kind: 'Consent', title: 'Consent', form: form(releaseForm), required: true }] },
    });
    expect(r.status).toBe(400);
    expect(r.body.issues).toEqual([{ path: 'forms.0.consent.category', message: expect.stringContaining('must be one of') }]);
  });

  it('refuses days that are not whole days, naming each', async () => {
    const r = await t.request('POST', 'Packets', {
      body: { name: 'Days', expiresAfterDays: 0, remindDaysBefore: 1.5, forms: (packet as unknown as { forms: unknown[] }).forms },
    });
    expect(r.status).toBe(400);
    expect(r.body.issues.map((i: { path: string }) => i.path)).toEqual(['expiresAfterDays', 'remindDaysBefore']);
  });

  it('lets only Manage packets write a packet: a Practitioner, who sends them, is refused (403) and nothing is stored', async () => {
    // Case Management and Practitioner hold Assign packets (read Packet), not survey:ManagePackets.
    for (const role of ['Practitioner', 'Case Management']) {
      const sender = await t.createUser({ roles: [role] });
      expect((await sender.client.request('GET', `Packets/${packet.id}`)).status).toBe(200);
      const body = { name: `${role}'s packet`, forms: (packet as unknown as { forms: unknown[] }).forms };
      expect((await sender.client.request('POST', 'Packets', { body })).status).toBe(403);
      const edit = await sender.client.request('PUT', `Packets/${packet.id}`, { body: { ...packet, name: 'Renamed' } });
      expect(edit.status).toBe(403);
    }
    const stored = await t.request('POST', 'Packets/queries', { body: [] });
    expect(stored.body.map((p: Resource & { name: string }) => p.name)).not.toContain("Practitioner's packet");
    expect((await t.request('GET', `Packets/${packet.id}`)).body.name).toBe('Intake for a minor');
    const admin = await t.createUser({ roles: ['Administrative'] });
    const made = await admin.client.request('POST', 'Packets', { body: { name: 'By an administrator', forms: [] } });
    expect(made.status).toBe(400);
    const ok = await admin.client.request('POST', 'Packets', {
      body: { name: 'By an administrator', forms: (packet as unknown as { forms: unknown[] }).forms },
    });
    expect(ok.status, ok.text).toBe(201);
  });
});

describe('sending', () => {
  it("sends a minor's packet to the guardian: a response per item, hers to answer, and the link e-mailed", async () => {
    const email = `rosa-${randomUUID().slice(0, 6)}@test.caseload`;
    const sent = await send({ recipient: { resourceType: 'RelatedPerson', id: guardian.id }, email });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toMatchObject({
      status: 'NotStarted',
      partition: minor.id,
      recipient: { resourceType: 'RelatedPerson', id: guardian.id },
      dueDate: inDays(7),
      sendCount: 1,
      sentTo: email,
    });
    expect(sent.body.responses.map((r: { item: string }) => r.item)).toEqual(['contact', 'phq9', 'roi']);
    const phq9 = await itemResponse(guardianLogin, sent.body, 'phq9');
    expect(phq9).toMatchObject({ author: { resourceType: 'RelatedPerson', id: guardian.id }, packetResponse: { id: sent.body.id } });
    // She already signs in: the packet's e-mail only, no invitation.
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Forms to fill in before your visit');
    expect(mail.text).toContain(`/my-packets/${sent.body.id}`);
    expect(mail.text).toContain('Intake for a minor');
    expect(smtp.to(email).map((m) => m.subject)).toEqual(['Forms to fill in before your visit']);
  });

  it('invites a recipient who has no portal login yet, then e-mails the packet', async () => {
    const email = `new-${randomUUID().slice(0, 6)}@test.caseload`;
    const patient = await seed('Patients', {
      names: [{ given: ['Nia'], family: 'New' }],
      telecom: [{ system: 'Email', use: 'Home', value: email }],
    });
    const sent = await send({ patient: patient.id });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.sentTo).toBe(email);
    await smtp.waitFor(email, 2);
    expect(smtp.to(email).map((m) => m.subject)).toEqual(['You are invited to Caseload', 'Forms to fill in before your visit']);
  });

  it('refuses a related person who is not a guardian, one of another patient, and a past due date; nothing stored', async () => {
    const before = (await inChart('PacketResponses', minor.id)).length;
    const notGuardian = await send({ recipient: { resourceType: 'RelatedPerson', id: uncle.id } });
    expect([notGuardian.status, notGuardian.body.issues]).toEqual([400, [{ path: 'recipient', message: PACKET_MESSAGES.notGuardian }]]);
    const other = await seed('Patients', { names: [{ given: ['Eli'], family: 'Else' }] });
    const elsewhere = await send({ patient: other.id, recipient: { resourceType: 'RelatedPerson', id: guardian.id } });
    expect([elsewhere.status, elsewhere.body.issues]).toEqual([400, [{ path: 'recipient', message: PACKET_MESSAGES.otherPatient }]]);
    const late = await send({ dueDate: inDays(-1) });
    expect([late.status, late.body.issues]).toEqual([400, [{ path: 'dueDate', message: PACKET_MESSAGES.dueDate }]]);
    expect(await inChart('PacketResponses', minor.id)).toHaveLength(before);
    expect((await inChart('PacketResponses', other.id)).length).toBe(0);
  });
});

describe('filling in and submitting', () => {
  it("keeps a packet response's progress the server's, and marks it In progress on the first answers", async () => {
    const sent = (await toGuardian()).body;
    const forged = await guardianLogin.client.request('PATCH', `PacketResponses/${sent.id}?versionId=${sent.meta.versionId}`, {
      headers: PATCH_JSON,
      body: [{ op: 'replace', path: '/status', value: 'Reviewed' }],
    });
    expect(forged.status, forged.text).toBe(200);
    expect(forged.body.status).toBe('NotStarted');
    expect((await answer(guardianLogin, sent, 'contact', { address: ADDRESS })).status).toBe(200);
    const read = (await guardianLogin.client.request('GET', `PacketResponses/${sent.id}`)).body;
    expect(read.status).toBe('InProgress');
    expect(read.startedAt).toBeDefined();
    // An item is completed by submitting the packet, never on its own.
    const alone = await answer(guardianLogin, sent, 'contact', { address: ADDRESS }, { completion: 'Complete' });
    expect([alone.status, alone.body.issues]).toEqual([400, [{ path: 'completion', message: PACKET_MESSAGES.submitTogether }]]);
  });

  it('refuses a submission with required items missing, naming each item and question, and stores nothing', async () => {
    const sent = (await toGuardian()).body;
    await answer(guardianLogin, sent, 'contact', { address: ADDRESS });
    await answer(guardianLogin, sent, 'phq9', { 'phq9-1': '1' });
    const before = (await guardianLogin.client.request('GET', `PacketResponses/${sent.id}`)).body;
    const r = await guardianLogin.client.request('POST', `PacketResponses/${sent.id}/submit`, { body: {} });
    expect(r.status, r.text).toBe(400);
    const paths = r.body.issues.map((i: { path: string }) => i.path);
    expect(paths).toContain('phq9.phq9-2');
    expect(paths).toContain('roi.recipient');
    expect(paths).toContain('roi.sign');
    expect(paths).not.toContain('contact.address');
    expect(r.body.issues.find((i: { path: string }) => i.path === 'roi.sign').message).toMatch(/^Release of information: /);
    const after = (await guardianLogin.client.request('GET', `PacketResponses/${sent.id}`)).body;
    expect(after.meta.versionId).toBe(before.meta.versionId);
    expect((await itemResponse(guardianLogin, sent, 'contact')).completion).toBe('InProgress');
    expect(await inChart('Consents', minor.id)).toHaveLength(0);
  });

  it('takes a signature through the portal only as the person signed in, and only where the practice allows it', async () => {
    const sent = (await toGuardian()).body;
    await setPreferences({ allowMobilePatientSignature: false });
    const notAllowed = await answer(guardianLogin, sent, 'roi', RELEASE, { signatures: [guardianSignature(RELEASE)] });
    expect([notAllowed.status, notAllowed.body.issues]).toEqual([400, [{ path: 'signatures', message: PACKET_MESSAGES.mobileSignature }]]);
    await setPreferences({ allowMobilePatientSignature: true });
    const asUncle = await answer(guardianLogin, sent, 'roi', RELEASE, { signatures: [guardianSignature(RELEASE, uncle)] });
    expect(asUncle.status).toBe(403);
    const signed = await answer(guardianLogin, sent, 'roi', RELEASE, { signatures: [guardianSignature(RELEASE)] });
    expect(signed.status, signed.text).toBe(200);
    // Who, when, the device and the version of the document signed.
    expect(signed.body.signatures[0]).toMatchObject({
      signer: { resourceType: 'RelatedPerson', id: guardian.id },
      role: 'RelatedPerson',
      device: 'Mozilla/5.0 (Linux; Android 14) Mobile',
      questionnaireVersion: releaseForm.meta.versionId,
    });
  });

  it('lets a portal login store a drawn signature image once', async () => {
    const media = await guardianLogin.client.request('POST', 'Media', { body: { partition: minor.id, display: 'Signature' } });
    expect(media.status, media.text).toBe(201);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const upload = () =>
      guardianLogin.client.request('POST', `Media/${media.body.id}/content`, {
        raw: new Uint8Array(png),
        headers: { 'content-type': 'image/png' },
      });
    const first = await upload();
    expect(first.status, first.text).toBe(200);
    expect((await upload()).status).toBe(403);
  });

  it("refuses another patient's login (404) and the patient who was not sent it (403)", async () => {
    const sent = (await toGuardian()).body;
    await fillAll(sent);
    const other = await otherLogin.client.request('POST', `PacketResponses/${sent.id}/submit`, { body: {} });
    expect(other.status).toBe(404);
    const minorLogin = await t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: minor.id });
    const notHers = await minorLogin.client.request('POST', `PacketResponses/${sent.id}/submit`, { body: {} });
    expect(notHers.status).toBe(403);
    expect((await t.request('GET', `PacketResponses/${sent.id}`)).body.status).toBe('InProgress');
  });

  it('submits a complete packet: items closed, the release of information given as a Consent, the PHQ-9 scored', async () => {
    const sent = (await toGuardian()).body;
    await fillAll(sent);
    const r = await guardianLogin.client.request('POST', `PacketResponses/${sent.id}/submit`, { body: {} });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ status: 'Submitted', submittedBy: { resourceType: 'RelatedPerson', id: guardian.id } });
    expect(r.body.consents).toHaveLength(1);
    const consent = (await t.request('GET', `Consents/${r.body.consents[0].id}`)).body;
    expect(consent).toMatchObject({
      partition: minor.id,
      category: { code: 'release-of-information' },
      status: 'active',
      recipient: RELEASE.recipient,
      period: { start: today(), end: RELEASE.until },
      author: { resourceType: 'RelatedPerson', id: guardian.id },
      source: { resourceType: 'PacketResponse', id: sent.id },
    });
    const phq9 = await itemResponse(guardianLogin, sent, 'phq9');
    expect(phq9.completion).toBe('Complete');
    expect(phq9.score).toMatchObject({ total: 3 });
    // Closed: no second submission, no change to an answer.
    const again = await guardianLogin.client.request('POST', `PacketResponses/${sent.id}/submit`, { body: {} });
    expect([again.status, again.body.issues]).toEqual([400, [{ path: 'status', message: PACKET_MESSAGES.closed }]]);
    const changed = await guardianLogin.client.request('PUT', `QuestionnaireResponses/${phq9.id}`, {
      body: { ...phq9, answers: { ...PHQ9_ANSWERS, 'phq9-1': '3' } },
    });
    expect(changed.status).toBe(403);
  });
});

describe('expiry and resending', () => {
  it('refuses answers and submission after the link expired, until staff re-send it', async () => {
    const sent = (await toGuardian()).body;
    await fillAll(sent);
    await t.server.app.db.pool.query(
      `UPDATE ${currentTable('PacketResponse')} SET body = jsonb_set(body, '{expiresAt}', '"2020-01-01T00:00:00Z"') WHERE id = $1`,
      [sent.id],
    );
    const late = await answer(guardianLogin, sent, 'contact', { address: ADDRESS, phone: '555-010-0111' });
    expect([late.status, late.body.issues]).toEqual([400, [{ path: 'packetResponse', message: PACKET_MESSAGES.expired }]]);
    const submit = await guardianLogin.client.request('POST', `PacketResponses/${sent.id}/submit`, { body: {} });
    expect([submit.status, submit.body.issues]).toEqual([400, [{ path: 'expiresAt', message: PACKET_MESSAGES.expired }]]);
    expect((await t.request('GET', `PacketResponses/${sent.id}`)).body.status).toBe('InProgress');

    const email = `resend-${randomUUID().slice(0, 6)}@test.caseload`;
    const resent = await t.request('POST', `PacketResponses/${sent.id}/resend`, { body: { email } });
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body.sendCount).toBe(2);
    expect(Date.parse(resent.body.expiresAt)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await smtp.waitFor(email)).text).toContain(`/my-packets/${sent.id}`);
    const ok = await guardianLogin.client.request('POST', `PacketResponses/${sent.id}/submit`, { body: {} });
    expect(ok.status, ok.text).toBe(200);
  });
});

describe('review', () => {
  it("accepts the address into the patient's record, field by field, and leaves the phone it was not asked to take", async () => {
    const sent = (await toGuardian()).body;
    await fillAll(sent);
    const submitted = (await guardianLogin.client.request('POST', `PacketResponses/${sent.id}/submit`, { body: {} })).body;
    const open = (await toGuardian()).body;
    const early = await t.request('POST', `PacketResponses/${open.id}/review`, { body: { versionId: open.meta.versionId, accept: [] } });
    expect([early.status, early.body.issues]).toEqual([400, [{ path: 'status', message: PACKET_MESSAGES.notSubmitted }]]);

    const byPortal = await guardianLogin.client.request('POST', `PacketResponses/${sent.id}/review`, {
      body: { versionId: submitted.meta.versionId, accept: [] },
    });
    expect(byPortal.status).toBe(403);
    const bad = await t.request('POST', `PacketResponses/${sent.id}/review`, {
      body: {
        versionId: submitted.meta.versionId,
        accept: [
          { item: 'nope', linkId: 'address' },
          { item: 'phq9', linkId: 'phq9-1' },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([
      { path: 'accept.0.item', message: PACKET_MESSAGES.unknownItem('nope') },
      { path: 'accept.1.linkId', message: PACKET_MESSAGES.unknownField('phq9-1') },
    ]);
    const patientBefore = (await t.request('GET', `Patients/${minor.id}`)).body;

    const reviewed = await t.request('POST', `PacketResponses/${sent.id}/review`, {
      body: { versionId: submitted.meta.versionId, accept: [{ item: 'contact', linkId: 'address' }] },
    });
    expect(reviewed.status, reviewed.text).toBe(200);
    expect(reviewed.body.changed).toEqual([expect.objectContaining({ resourceType: 'Patient', id: minor.id })]);
    expect(reviewed.body.packetResponse).toMatchObject({
      status: 'Reviewed',
      accepted: [{ item: 'contact', linkId: 'address', field: 'Patient.address', target: { resourceType: 'Patient', id: minor.id } }],
    });
    const patient = (await t.request('GET', `Patients/${minor.id}`)).body;
    expect(patient.meta.versionId).not.toBe(patientBefore.meta.versionId);
    expect(patient.addresses).toEqual([{ use: 'Home', ...ADDRESS }]);
    const rosa = (await t.request('GET', `RelatedPeople/${guardian.id}`)).body;
    expect(rosa.telecom).toEqual([{ system: 'Phone', use: 'Mobile', value: '555-010-0100' }]);
  });
});

describe('reminders', () => {
  it('e-mails one reminder when the due date is near, and only one', async () => {
    const email = `remind-${randomUUID().slice(0, 6)}@test.caseload`;
    const soon = await send({ recipient: { resourceType: 'RelatedPerson', id: guardian.id }, email, dueDate: inDays(1) });
    const later = await send({ recipient: { resourceType: 'RelatedPerson', id: guardian.id }, email, dueDate: inDays(20) });
    expect([soon.status, later.status]).toEqual([201, 201]);
    const app = t.server.app;
    const sweep = () =>
      remindDuePackets(systemRepository(app.db, app.audit, t.practiceId, WRITE_RULES), t.practiceId, {
        mailer: app.mailer,
        publicUrl: app.publicUrl,
        clock: () => new Date(),
      });
    expect(await sweep()).toBe(1);
    const reminder = await smtp.waitFor(email, 3);
    expect(reminder.subject).toBe('Reminder: forms to fill in');
    expect(reminder.text).toContain(`/my-packets/${soon.body.id}`);
    expect(await sweep()).toBe(0);
    expect((await t.request('GET', `PacketResponses/${soon.body.id}`)).body.remindedAt).toBeDefined();
  });
});
