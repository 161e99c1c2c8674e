import { MESSAGES, PHQ9_ID, hashAnswers } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';

let t: TestServer;
let patientId: string;
beforeAll(async () => {
  t = await startTestServer();
  patientId = (await t.request('POST', 'Patients', { body: { display: 'Form, Patient' } })).body.id;
});
afterAll(() => t?.close());

const intake = (extra: Record<string, unknown> = {}) => ({
  title: 'Intake',
  status: 'Draft',
  items: [
    { linkId: 'name', type: 'String', text: 'Name', required: true, pattern: '[A-Za-z ]+' },
    { linkId: 'age', type: 'Integer', text: 'Age', min: 0, max: 130 },
    { linkId: 'smokes', type: 'Boolean', text: 'Do you smoke?' },
    {
      linkId: 'packs',
      type: 'Integer',
      text: 'Packs a day',
      required: true,
      enableWhen: [{ question: 'smokes', operator: '=', answer: true }],
    },
    { linkId: 'a', type: 'Decimal' },
    { linkId: 'b', type: 'Decimal' },
    { linkId: 'total', type: 'Decimal', readOnly: true, calculation: { kind: 'Sum', sources: ['a', 'b'] } },
  ],
  ...extra,
});

async function publish(body: Record<string, unknown>) {
  const created = await t.request('POST', 'Questionnaires', { body });
  expect(created.status).toBe(201);
  const published = await t.request('PUT', `Questionnaires/${created.body.id}`, {
    body: { ...created.body, status: 'Active' },
  });
  expect(published.status).toBe(200);
  return published.body;
}

const respond = (
  questionnaire: { id: string; versionId?: string },
  answers: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) =>
  t.request('POST', 'QuestionnaireResponses', {
    body: {
      partition: patientId,
      questionnaire: { resourceType: 'Questionnaire', ...questionnaire },
      completion: 'Complete',
      answers,
      ...extra,
    },
  });

describe('publishing', () => {
  it('starts a draft at version 1 and publishes it with its own version as the published one', async () => {
    const q = await publish(intake());
    expect(q.status).toBe('Active');
    expect(q.version).toBe(1);
    expect(q.publishedVersionId).toBe(q.meta.versionId);
  });

  it('refuses publishing an invalid pattern, naming it, and leaves the draft as it was', async () => {
    const draft = (
      await t.request('POST', 'Questionnaires', { body: intake({ items: [{ linkId: 'x', type: 'String', pattern: '([a-z' }] }) })
    ).body;
    const refused = await t.request('PUT', `Questionnaires/${draft.id}`, { body: { ...draft, status: 'Active' } });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([{ path: 'items.0.pattern', message: 'items.0.pattern is not a valid regular expression.' }]);
    expect((await t.request('GET', `Questionnaires/${draft.id}`)).body).toEqual(draft);
  });

  it('turns an edit of an Active questionnaire into a new Draft version; the old version stays answerable', async () => {
    const active = await publish(intake());
    const edited = await t.request('PUT', `Questionnaires/${active.id}`, {
      body: { ...active, title: 'Intake (revised)', status: 'Active' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'Draft', version: 2, publishedVersionId: active.meta.versionId });
    // A response with no version named answers the published one, and stays pinned to it.
    const answered = await respond({ id: active.id }, { name: 'Ada' });
    expect(answered.status).toBe(201);
    expect(answered.body.questionnaire.versionId).toBe(active.meta.versionId);
    // Naming the draft version is refused.
    const draftAnswer = await respond({ id: active.id, versionId: edited.body.meta.versionId }, { name: 'Ada' });
    expect(draftAnswer.status).toBe(400);
    expect(draftAnswer.body.issues[0].path).toBe('questionnaire');
    expect(draftAnswer.body.detail).toBe('Intake (revised) is a draft and cannot be answered until it is published.');
  });

  it('refuses answering a draft and a retired questionnaire', async () => {
    const draft = (await t.request('POST', 'Questionnaires', { body: intake() })).body;
    const toDraft = await respond({ id: draft.id }, { name: 'Ada' });
    expect(toDraft.status).toBe(400);
    expect(toDraft.body.detail).toBe('Intake is a draft and cannot be answered until it is published.');

    const active = await publish(intake());
    const retired = await t.request('PUT', `Questionnaires/${active.id}`, { body: { ...active, status: 'Retired' } });
    expect(retired.body.status).toBe('Retired');
    const toRetired = await respond({ id: active.id, versionId: active.meta.versionId }, { name: 'Ada' });
    expect(toRetired.status).toBe(400);
    expect(toRetired.body.detail).toBe('Intake is retired and can no longer be answered.');
    const count = await t.request('POST', 'QuestionnaireResponses/queries', {
      body: [{ field: 'questionnaire.id', op: 'eq', value: active.id }],
      headers: { 'x-partition-key': patientId },
    });
    expect(count.body).toEqual([]);
  });
});

describe('responses', () => {
  it('refuses a response that violates its questionnaire with 400 naming each question', async () => {
    const q = await publish(intake());
    const bad = await respond({ id: q.id }, { name: 'R2-D2', age: 200, smokes: true });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([
      { path: 'name', message: 'Name is invalid.' },
      { path: 'age', message: 'Age must be less than or equal to 130' },
      { path: 'packs', message: 'Packs a day is a required field' },
    ]);
  });

  it('stores what it checked: disabled answers dropped, calculations computed, version pinned', async () => {
    const q = await publish(intake());
    const ok = await respond({ id: q.id }, { name: 'Ada', smokes: false, packs: 3, a: 1.5, b: 2, total: 999 });
    expect(ok.status).toBe(201);
    expect(ok.body.answers).toEqual({ name: 'Ada', smokes: false, a: 1.5, b: 2, total: 3.5 });
    expect(ok.body.questionnaire).toMatchObject({ id: q.id, versionId: q.meta.versionId, display: 'Intake' });
    expect(ok.body.authored).toBeTruthy();
  });

  it('accepts an unfinished response without its required answers, not a malformed one', async () => {
    const q = await publish(intake());
    expect((await respond({ id: q.id }, { age: 30 }, { completion: 'InProgress' })).status).toBe(201);
    const malformed = await respond({ id: q.id }, { age: 'thirty' }, { completion: 'InProgress' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues).toEqual([{ path: 'age', message: 'Age is invalid.' }]);
  });

  it('voids a signature when a signed answer changes', async () => {
    const q = await publish(intake());
    const answers = { name: 'Ada', age: 36 };
    const signature = {
      signer: { resourceType: 'Patient', id: patientId },
      role: 'AdhocPatient',
      signedAt: '2026-01-01T10:00:00Z',
      image: { resourceType: 'Media', id: 'm1' },
      answersHash: hashAnswers(answers),
    };
    const signed = await respond({ id: q.id }, answers, { signatures: [signature] });
    expect(signed.status).toBe(201);
    expect(signed.body.signatures[0].voided).toBeUndefined();
    const changed = await t.request('PUT', `QuestionnaireResponses/${signed.body.id}`, {
      body: { ...signed.body, answers: { ...answers, age: 37 } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.signatures[0]).toMatchObject({ voided: true });
    // Sending the signature back without the flag does not revive it.
    const revived = await t.request('PUT', `QuestionnaireResponses/${signed.body.id}`, {
      body: { ...changed.body, answers, signatures: [signature] },
    });
    expect(revived.body.signatures[0].voided).toBe(true);
  });

  describe('a practitioner signs only as themselves', () => {
    const answers = { name: 'Ada', age: 36 };
    const signatureBy = (signer: { resourceType: string; id: string }, role = 'Practitioner', image = 'm2') => ({
      signer,
      role,
      signedAt: '2026-01-02T10:00:00Z',
      image: { resourceType: 'Media', id: image },
      answersHash: hashAnswers(answers),
    });
    const body = (questionnaireId: string, signatures: unknown[]) => ({
      partition: patientId,
      questionnaire: { resourceType: 'Questionnaire', id: questionnaireId },
      completion: 'Complete',
      answers,
      signatures,
    });

    it("refuses a new PractitionerSignature in someone else's name, 403, and stores nothing", async () => {
      const q = await publish(intake());
      const ada = await t.createUser({ roles: ['Practitioner'] });
      const bob = await t.createUser({ roles: ['Practitioner'] });
      const forged = await ada.client.request('POST', 'QuestionnaireResponses', { body: body(q.id, [signatureBy(bob.profile)]) });
      expect(forged.status).toBe(403);
      expect(forged.body.detail).toBe(MESSAGES.forbidden);
      const stored = await t.request('GET', `QuestionnaireResponses?partition=${patientId}`);
      expect(JSON.stringify(stored.body)).not.toContain(bob.profile.id);
      const own = await ada.client.request('POST', 'QuestionnaireResponses', { body: body(q.id, [signatureBy(ada.profile)]) });
      expect(own.status).toBe(201);
      expect(own.body.signatures[0].signer.id).toBe(ada.profile.id);
    });

    it('keeps accepting patient, related-person and ad-hoc patient signatures captured on the device', async () => {
      const q = await publish(intake());
      const ada = await t.createUser({ roles: ['Practitioner'] });
      const signatures = [
        signatureBy({ resourceType: 'Patient', id: patientId }, 'AdhocPatient', 'm3'),
        signatureBy({ resourceType: 'RelatedPerson', id: 'rp1' }, 'RelatedPerson', 'm4'),
      ];
      const created = await ada.client.request('POST', 'QuestionnaireResponses', { body: body(q.id, signatures) });
      expect(created.status).toBe(201);
      expect(created.body.signatures).toHaveLength(2);
    });

    it("carries a colleague's signature over unchanged but refuses changing its signer", async () => {
      const q = await publish(intake());
      const ada = await t.createUser({ roles: ['Practitioner'] });
      const bob = await t.createUser({ roles: ['Practitioner'] });
      const signed = await ada.client.request('POST', 'QuestionnaireResponses', { body: body(q.id, [signatureBy(ada.profile)]) });
      expect(signed.status).toBe(201);
      const kept = await bob.client.request('PUT', `QuestionnaireResponses/${signed.body.id}`, { body: { ...signed.body } });
      expect(kept.status).toBe(200);
      expect(kept.body.signatures[0].signer.id).toBe(ada.profile.id);
      const reassigned = await bob.client.request('PUT', `QuestionnaireResponses/${signed.body.id}`, {
        body: { ...kept.body, signatures: [{ ...kept.body.signatures[0], signer: { resourceType: 'Practitioner', id: 'someone-else' } }] },
      });
      expect(reassigned.status).toBe(403);
      const after = await t.request('GET', `QuestionnaireResponses/${signed.body.id}`);
      expect(after.body.signatures[0].signer.id).toBe(ada.profile.id);
      expect(after.body.meta.versionId).toBe(kept.body.meta.versionId);
    });
  });
});

describe('built-in assessments', () => {
  it('has PHQ-9 and GAD-7 in a new practice, Active', async () => {
    const phq = await t.request('GET', 'Questionnaires/phq-9');
    const gad = await t.request('GET', 'Questionnaires/gad-7');
    expect(phq.status).toBe(200);
    expect(gad.status).toBe(200);
    expect(phq.body).toMatchObject({ status: 'Active', builtIn: true, title: 'PHQ-9', version: 1 });
    expect(gad.body).toMatchObject({ status: 'Active', builtIn: true, title: 'GAD-7' });
  });

  it('scores a PHQ-9 response and stores the band', async () => {
    const answers = {
      'phq9-1': '3',
      'phq9-2': '3',
      'phq9-3': '2',
      'phq9-4': '2',
      'phq9-5': '1',
      'phq9-6': '1',
      'phq9-7': '1',
      'phq9-8': '0',
      'phq9-9': '0',
      'phq9-10': 'very',
    };
    const scored = await respond({ id: PHQ9_ID }, answers);
    expect(scored.status).toBe(201);
    expect(scored.body.score).toMatchObject({ total: 13, maxScore: 27, answered: 9, band: { code: 'moderate', label: 'Moderate' } });
  });

  it('refuses changing the questions of a built-in', async () => {
    const phq = (await t.request('GET', 'Questionnaires/phq-9')).body;
    const edited = await t.request('PUT', 'Questionnaires/phq-9', { body: { ...phq, items: phq.items.slice(1) } });
    expect(edited.status).toBe(400);
    expect(edited.body.detail).toBe('PHQ-9 is a built-in assessment; its questions cannot be changed. Copy it to make your own.');
    expect((await t.request('GET', 'Questionnaires/phq-9')).body).toEqual(phq);
  });
});
