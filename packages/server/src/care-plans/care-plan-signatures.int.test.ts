import { CARE_PLAN_MESSAGES, HEADERS, carePlanAttestation, carePlanCoSignerAttestation } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';

/**
 * The patient's (or a related person's) signature on a signed plan's current revision, and a
 * supervisor's co-signature by the notes' rule (docs/care-plans.md, "Patient signatures",
 * "Co-signature"), over HTTP against the real server.
 */

let t: TestServer;
let clinician: TestUser;
let supervisor: TestUser;
let reader: TestUser;
let patient: string;
let other: string;
let guardian: string;
let strangerGuardian: string;

const ref = (resourceType: string, id: string, display?: string) => ({ resourceType, id, ...(display && { display }) });
const today = new Date().toISOString().slice(0, 10);
const ELEMENTS = [
  { id: 'g1', kind: 'Goal', text: 'Sleep through the night' },
  { id: 'g1-o1', kind: 'Objective', parent: 'g1', text: 'Keep a sleep diary' },
];

const writePlan = async (partition: string, program: string) => {
  const r = await clinician.client.request('POST', 'CarePlans', {
    body: {
      partition,
      status: 'Active',
      title: 'Sleep plan',
      period: { start: today },
      program: ref('Program', program),
      elements: ELEMENTS,
    },
  });
  expect(r.status, r.text).toBe(201);
  return r.body;
};

const signPlan = async (plan: { id: string; meta: { versionId: string } }, attestationHash = carePlanAttestation(undefined).hash) =>
  clinician.client.request('POST', `CarePlans/${plan.id}/sign`, { body: { versionId: plan.meta.versionId, attestationHash } });

/** A drawn signature's Media in `partition`'s chart. */
const media = async (partition: string) => {
  const r = await clinician.client.request('POST', 'Media', { body: { partition, display: 'Signature on a plan' } });
  expect(r.status, r.text).toBe(201);
  return ref('Media', r.body.id);
};

const patientSign = (id: string, versionId: string, signer: unknown, image: unknown, user = clinician) =>
  user.client.request('POST', `CarePlans/${id}/patient-signature`, {
    body: { versionId, patientSignature: { signer, image } },
    headers: { 'user-agent': 'Tablet in room 2' },
  });

async function person(family: string): Promise<string> {
  const r = await t.request('POST', 'Patients', { body: { names: [{ given: ['Sam'], family }], birthDate: '1990-01-02' } });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

async function relatedPerson(partition: string, family: string): Promise<string> {
  const r = await t.request('POST', 'RelatedPeople', {
    body: { partition, patient: ref('Patient', partition), names: [{ given: ['Rae'], family }], isGuardian: true },
  });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

beforeAll(async () => {
  t = await startTestServer();
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  supervisor = await t.createUser({ roles: ['Supervisor'] });
  reader = await t.createUser({ roles: ['Administrative'] });
  patient = await person('Signer');
  other = await person('Elsewhere');
  guardian = await relatedPerson(patient, 'Guardian');
  strangerGuardian = await relatedPerson(other, 'Stranger');
  // Unlicensed and supervised: the supervised program's configuration owes a co-signature.
  const me = (await t.request('GET', `Practitioners/${clinician.profile.id}`)).body;
  const updated = await t.request('PUT', `Practitioners/${me.id}`, {
    body: { ...me, supervisors: [{ subject: ref('Practitioner', supervisor.profile.id) }] },
  });
  expect(updated.status, updated.text).toBe(200);
  for (const body of [
    {
      name: 'Family plans',
      supervisorCoSignature: 'Never',
      patientSignature: 'PatientOrRelatedPerson',
      programs: [ref('Program', 'prog-family')],
    },
    { name: 'Adult plans', supervisorCoSignature: 'Never', patientSignature: 'Patient', programs: [ref('Program', 'prog-adult')] },
    {
      name: 'Supervised plans',
      supervisorCoSignature: 'UnlicensedAuthors',
      patientSignature: 'None',
      programs: [ref('Program', 'prog-supervised')],
    },
  ]) {
    const r = await t.request('POST', 'SignatureConfigurations', { body: { status: 'Active', ...body } });
    expect(r.status, r.text).toBe(201);
  }
}, 120_000);
afterAll(() => t?.close());

describe("the patient's signature on a plan", () => {
  it('is owed after the clinician signs, taken on the current revision with who, when, the version and the device', async () => {
    const plan = await writePlan(patient, 'prog-family');
    const early = await patientSign(plan.id, plan.meta.versionId, ref('Patient', patient), await media(patient));
    expect(early.status).toBe(400);
    expect(early.body.detail).toBe(CARE_PLAN_MESSAGES.patientSignsSignedPlan);

    const signed = await signPlan(plan);
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.pendingSignatures).toEqual([expect.objectContaining({ role: 'Patient', who: 'PatientOrRelatedPerson' })]);

    const given = await patientSign(plan.id, signed.body.meta.versionId, ref('RelatedPerson', guardian), await media(patient));
    expect(given.status, given.text).toBe(200);
    const signature = given.body.signatures.at(-1);
    expect(signature).toMatchObject({
      role: 'RelatedPerson',
      signer: { id: guardian },
      versionId: signed.body.meta.versionId,
      device: 'Tablet in room 2',
      contentHash: signed.body.signatures[0].contentHash,
    });
    expect(signature.signedAt).toMatch(/Z$/);
    expect(given.body.pendingSignatures).toBeUndefined();

    // A revision changes what was signed: the patient's signature is owed again.
    const revised = await clinician.client.request('POST', `CarePlans/${plan.id}/revise`, {
      body: { versionId: given.body.meta.versionId, reason: 'Diary done', changes: { title: 'Sleep plan, phase 2' } },
    });
    expect(revised.status, revised.text).toBe(200);
    expect(revised.body.pendingSignatures).toEqual([expect.objectContaining({ role: 'Patient' })]);
    // Signing the revision shown before the revision: 409 with what to do.
    const stale = await patientSign(plan.id, given.body.meta.versionId, ref('Patient', patient), await media(patient));
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(CARE_PLAN_MESSAGES.staleRevision);
    const again = await patientSign(plan.id, revised.body.meta.versionId, ref('Patient', patient), await media(patient));
    expect(again.status, again.text).toBe(200);
    expect(again.body.signatures.map((s: { role: string }) => s.role)).toEqual(['Clinician', 'RelatedPerson', 'Reviser', 'Patient']);

    const printout = await clinician.client.request('GET', `CarePlans/${plan.id}/printout`);
    expect(printout.status).toBe(200);
  });

  it("refuses a signer not the plan's patient or their related person, and a related person where the patient must sign", async () => {
    const plan = await writePlan(patient, 'prog-adult');
    const signed = (await signPlan(plan)).body;
    const version = signed.meta.versionId;
    const image = await media(patient);
    const cases: [unknown, string, string][] = [
      [ref('Patient', other), 'patientSignature.signer', `patientSignature.${CARE_PLAN_MESSAGES.patientSigner}`],
      [ref('RelatedPerson', strangerGuardian), 'patientSignature.signer', CARE_PLAN_MESSAGES.patientOnly],
      [ref('RelatedPerson', guardian), 'patientSignature.signer', CARE_PLAN_MESSAGES.patientOnly],
      [ref('Practitioner', clinician.profile.id), 'patientSignature.signer', `patientSignature.${CARE_PLAN_MESSAGES.patientSigner}`],
    ];
    for (const [signer, path, message] of cases) {
      const r = await patientSign(plan.id, version, signer, image);
      expect(r.status, JSON.stringify(signer)).toBe(400);
      expect(r.body.issues).toEqual([{ path, message }]);
    }
    // An image from another chart is not this patient's signature.
    const foreign = await patientSign(plan.id, version, ref('Patient', patient), await media(other));
    expect(foreign.status).toBe(400);
    expect(foreign.body.issues[0].path).toBe('patientSignature.image');
    const after = await clinician.client.request('GET', `CarePlans/${plan.id}`);
    expect(after.body.signatures.map((s: { role: string }) => s.role)).toEqual(['Clinician']);
  });

  it("refuses another chart's related person on a plan that accepts related persons", async () => {
    const plan = await writePlan(patient, 'prog-family');
    const signed = (await signPlan(plan)).body;
    const r = await patientSign(plan.id, signed.meta.versionId, ref('RelatedPerson', strangerGuardian), await media(patient));
    expect(r.status).toBe(400);
    expect(r.body.issues).toEqual([{ path: 'patientSignature.signer', message: `patientSignature.${CARE_PLAN_MESSAGES.patientSigner}` }]);
  });

  it('refuses a profile that may not update plans', async () => {
    const plan = await writePlan(patient, 'prog-family');
    const signed = (await signPlan(plan)).body;
    const r = await patientSign(plan.id, signed.meta.versionId, ref('Patient', patient), await media(patient), reader);
    expect([403, 404]).toContain(r.status);
    const after = await clinician.client.request('GET', `CarePlans/${plan.id}`);
    expect(after.body.signatures).toHaveLength(1);
  });
});

describe('co-signature of plans', () => {
  it("a supervised clinician's plan awaits the supervisor, who co-signs it; nobody else can", async () => {
    const plan = await writePlan(patient, 'prog-supervised');
    const signed = await signPlan(plan);
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.pendingSignatures).toEqual([
      expect.objectContaining({ role: 'CoSigner', signers: [expect.objectContaining({ id: supervisor.profile.id })] }),
    ]);
    const attestationHash = carePlanCoSignerAttestation(undefined).hash;
    // The supervisor finds it with the same query as the dashboard's card.
    const awaiting = await supervisor.client.request('POST', 'CarePlans/queries', {
      body: [{ field: 'pendingSignatures.signers.id', op: 'eq', value: supervisor.profile.id }],
      headers: { [HEADERS.enableCrossPartition]: 'true' },
    });
    expect(awaiting.status, awaiting.text).toBe(200);
    expect(awaiting.body.map((p: { id: string }) => p.id)).toContain(plan.id);
    // Frozen meanwhile, as any signed plan.
    const edit = await clinician.client.request('PUT', `CarePlans/${plan.id}`, { body: { ...signed.body, title: 'x' } });
    expect(edit.status).toBe(400);
    const byClinician = await clinician.client.request('POST', `CarePlans/${plan.id}/co-sign`, {
      body: { versionId: signed.body.meta.versionId, attestationHash },
    });
    expect(byClinician.status).toBe(403);
    const wrongWords = await supervisor.client.request('POST', `CarePlans/${plan.id}/co-sign`, {
      body: { versionId: signed.body.meta.versionId, attestationHash: carePlanAttestation(undefined).hash },
    });
    expect(wrongWords.status).toBe(400);
    expect(wrongWords.body.issues[0].path).toBe('attestationHash');
    const coSigned = await supervisor.client.request('POST', `CarePlans/${plan.id}/co-sign`, {
      body: { versionId: signed.body.meta.versionId, attestationHash },
    });
    expect(coSigned.status, coSigned.text).toBe(200);
    expect(coSigned.body.signatures.map((s: { role: string }) => s.role)).toEqual(['Clinician', 'CoSigner']);
    expect(coSigned.body.signatures[1].attestation.hash).toBe(attestationHash);
    expect(coSigned.body.pendingSignatures).toBeUndefined();
    const twice = await supervisor.client.request('POST', `CarePlans/${plan.id}/co-sign`, {
      body: { versionId: coSigned.body.meta.versionId, attestationHash },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.detail).toBe(CARE_PLAN_MESSAGES.noCoSignOwed);
  });

  it('a plan whose configuration owes no co-signature cannot be co-signed', async () => {
    const plan = await writePlan(patient, 'prog-family');
    const signed = (await signPlan(plan)).body;
    const r = await supervisor.client.request('POST', `CarePlans/${plan.id}/co-sign`, {
      body: { versionId: signed.meta.versionId, attestationHash: carePlanCoSignerAttestation(undefined).hash },
    });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(CARE_PLAN_MESSAGES.noCoSignOwed);
  });
});
