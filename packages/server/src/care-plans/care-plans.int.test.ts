import { CARE_PLAN_MESSAGES, addDays, carePlanAttestation } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { ATTESTED, OFFICE_PLACE_OF_SERVICE } from '../../test/note-samples.ts';

let t: TestServer;
let clinician: TestUser;
let preferences: Record<string, unknown>;
let mine: string;
let hidden: string;
/** A chart on the clinician's team where every plan written is refused. */
let blank: string;

const ref = (resourceType: string, id: string, display?: string) => ({ resourceType, id, ...(display && { display }) });
const today = new Date().toISOString().slice(0, 10);
const PLAN_ATTESTED = { attestationHash: carePlanAttestation(undefined).hash };

/** Two goals; g1 with an objective and interventions under both. */
const ELEMENTS = [
  { id: 'g1', kind: 'Goal', text: 'Reduce depressive symptoms', measure: 'PHQ-9 below 10' },
  { id: 'g1-o1', kind: 'Objective', parent: 'g1', text: 'Practise behavioural activation 3 times a week', targetDate: addDays(today, 60) },
  { id: 'g1-o1-i1', kind: 'Intervention', parent: 'g1-o1', text: 'Weekly CBT, activity scheduling' },
  { id: 'g2', kind: 'Goal', text: 'Return to work part time' },
  { id: 'g2-i1', kind: 'Intervention', parent: 'g2', text: 'Vocational referral' },
];

async function setPreferences(values: Record<string, unknown>) {
  const updated = await t.request('PUT', `PracticePreferences/${preferences.id}`, { body: { ...preferences, ...values } });
  expect(updated.status, updated.text).toBe(200);
  preferences = updated.body;
}

async function patient(family: string, onTeam: boolean): Promise<string> {
  const team = onTeam ? { careTeam: [{ member: ref('Practitioner', clinician.profile.id) }] } : {};
  const r = await t.request('POST', 'Patients', { body: { names: [{ given: ['Casey'], family }], birthDate: '1985-03-04', ...team } });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

const writePlan = (partition: string, extra: Record<string, unknown> = {}, client = clinician.client) =>
  client.request('POST', 'CarePlans', {
    body: {
      partition,
      status: 'Active',
      title: 'Treatment plan',
      period: { start: today },
      reviewDate: addDays(today, 90),
      careTeam: [clinician.profile],
      elements: ELEMENTS,
      ...extra,
    },
  });

/** An encounter with what the session addressed, and a note on it, written by the clinician. */
async function writeNote(partition: string, activities?: unknown[], start = '2024-05-02T13:00:00Z') {
  const e = await clinician.client.request('POST', 'Encounters', {
    body: {
      partition,
      participants: [{ role: 'PrimaryPerformer', individual: clinician.profile }],
      visitStatus: 'Show',
      location: { placeOfService: OFFICE_PLACE_OF_SERVICE },
      sessionTime: { mode: 'DurationMinutes', start, minutes: 53 },
      ...(activities && { carePlanActivities: activities }),
    },
  });
  expect(e.status, e.text).toBe(201);
  const n = await clinician.client.request('POST', 'Notes', {
    body: {
      partition,
      kind: 'Note',
      encounter: ref('Encounter', e.body.id),
      title: `Session ${start.slice(0, 10)}`,
      sections: [{ key: 'n', kind: 'Narrative', narrative: '<p>Seen.</p>' }],
      completion: 'Complete',
    },
  });
  expect(n.status, n.text).toBe(201);
  return { encounter: e.body, note: n.body };
}

const signNote = (note: { id: string; meta: { versionId: string } }) =>
  clinician.client.request('POST', `Notes/${note.id}/sign`, { body: { versionId: note.meta.versionId, ...ATTESTED } });

beforeAll(async () => {
  t = await startTestServer();
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  const created = await t.request('POST', 'PracticePreferences', { body: { display: 'preferences', patientPopulationLevel: 'CareTeam' } });
  expect(created.status, created.text).toBe(201);
  preferences = created.body;
  mine = await patient('Planned', true);
  hidden = await patient('Elsewhere', false);
  blank = await patient('Refused', true);
}, 120_000);
afterAll(() => t?.close());

describe('the plan tree', () => {
  it('stores a well-formed plan with its author and patient filled in', async () => {
    const r = await writePlan(mine);
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ patient: { id: mine }, author: { id: clinician.profile.id }, elements: ELEMENTS });
  });

  it.each([
    [
      'an objective without a goal',
      [{ id: 'o', kind: 'Objective', text: 'Sleep 7 hours' }],
      'elements[0].parent',
      CARE_PLAN_MESSAGES.objectiveWithoutGoal('o'),
    ],
    [
      "an intervention pointing at another plan's goal",
      [
        { id: 'g', kind: 'Goal', text: 'Sleep' },
        { id: 'i', kind: 'Intervention', parent: 'g1', text: 'Sleep hygiene' },
      ],
      'elements[1].parent',
      CARE_PLAN_MESSAGES.parentMissing('Intervention', 'i', 'g1'),
    ],
    [
      'an objective under an intervention',
      [
        { id: 'g', kind: 'Goal', text: 'Sleep' },
        { id: 'i', kind: 'Intervention', parent: 'g', text: 'Hygiene' },
        { id: 'o', kind: 'Objective', parent: 'i', text: 'x' },
      ],
      'elements[2].parent',
      CARE_PLAN_MESSAGES.wrongParent('Objective', 'o', 'i', 'Intervention'),
    ],
  ])('refuses %s with a 400 naming the element, and stores nothing', async (_what, elements, path, message) => {
    const r = await writePlan(blank, { elements });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(message);
    expect(r.body.issues).toEqual([{ path, message }]);
    const stored = await t.request('GET', 'CarePlans', { headers: { 'x-partition-key': blank } });
    expect(stored.status).toBe(200);
    expect(stored.body).toEqual([]);
  });
});

describe('access by population level (CareTeam)', () => {
  it("reaches plans of patients on the clinician's care team only", async () => {
    const theirs = await writePlan(hidden, {}, t.admin);
    expect(theirs.status, theirs.text).toBe(201);
    expect((await clinician.client.request('GET', `CarePlans/${theirs.body.id}`)).status).toBe(404);
    expect((await clinician.client.request('GET', `CarePlans/${theirs.body.id}/thread`)).status).toBe(404);
    expect((await writePlan(hidden)).status).toBe(404);
    const all = await clinician.client.request('GET', 'CarePlans/review-due?scope=all&withinDays=90');
    expect(all.status, all.text).toBe(200);
    expect(all.body.items.map((i: { carePlan: { partition: string } }) => i.carePlan.partition)).not.toContain(hidden);
    expect((await t.request('GET', `CarePlans/${theirs.body.id}/thread`)).status).toBe(200);
  });
});

describe('signing and revisions', () => {
  it('signs with the attestation; a signed plan is changed only by a revision with a reason, the old one readable', async () => {
    const plan = (await writePlan(mine)).body;
    const wrongHash = await clinician.client.request('POST', `CarePlans/${plan.id}/sign`, {
      body: { versionId: plan.meta.versionId, ...ATTESTED },
    });
    expect(wrongHash.status).toBe(400);
    const signed = await clinician.client.request('POST', `CarePlans/${plan.id}/sign`, {
      body: { versionId: plan.meta.versionId, ...PLAN_ATTESTED },
    });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.signatures).toEqual([
      expect.objectContaining({
        role: 'Clinician',
        signer: expect.objectContaining({ id: clinician.profile.id }),
        attestation: carePlanAttestation(undefined),
      }),
    ]);

    const put = await clinician.client.request('PUT', `CarePlans/${plan.id}`, { body: { ...signed.body, title: 'Changed' } });
    expect(put.status).toBe(400);
    expect(put.body.detail).toBe(CARE_PLAN_MESSAGES.frozen);

    const noReason = await clinician.client.request('POST', `CarePlans/${plan.id}/revise`, {
      body: { versionId: signed.body.meta.versionId, reason: ' ', changes: { title: 'Revised' } },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.issues).toEqual([{ path: 'reason', message: 'reason is required.' }]);
    const broken = await clinician.client.request('POST', `CarePlans/${plan.id}/revise`, {
      body: {
        versionId: signed.body.meta.versionId,
        reason: 'Add sleep',
        changes: { elements: [...ELEMENTS, { id: 'o9', kind: 'Objective', text: 'Sleep' }] },
      },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.issues).toEqual([{ path: 'elements[5].parent', message: CARE_PLAN_MESSAGES.objectiveWithoutGoal('o9') }]);
    expect((await clinician.client.request('GET', `CarePlans/${plan.id}`)).body).toEqual(signed.body);

    const revised = await clinician.client.request('POST', `CarePlans/${plan.id}/revise`, {
      body: {
        versionId: signed.body.meta.versionId,
        reason: 'Goal 2 reached early',
        changes: { elements: ELEMENTS.slice(0, 3), reviewDate: addDays(today, 30) },
      },
    });
    expect(revised.status, revised.text).toBe(200);
    expect(revised.body.revisions).toEqual([
      expect.objectContaining({
        reason: 'Goal 2 reached early',
        previousVersionId: signed.body.meta.versionId,
        changedFields: ['elements', 'reviewDate'],
      }),
    ]);
    expect(revised.body.signatures.map((s: { role: string }) => s.role)).toEqual(['Clinician', 'Reviser']);
    const stale = await clinician.client.request('POST', `CarePlans/${plan.id}/revise`, {
      body: { versionId: signed.body.meta.versionId, reason: 'Late', changes: { title: 'Stale' } },
    });
    expect(stale.status).toBe(409);
    const old = await clinician.client.request('GET', `CarePlans/${plan.id}/_history/${signed.body.meta.versionId}`);
    expect(old.status).toBe(200);
    expect(old.body.elements).toEqual(ELEMENTS);
  });

  it("follows the signature configuration of the plan's program: its wording, and the patient's signature (given or owed)", async () => {
    const wording = 'I attest that this family plan was agreed with the patient.';
    const config = await t.request('POST', 'SignatureConfigurations', {
      body: {
        name: 'Family plans',
        status: 'Active',
        supervisorCoSignature: 'Never',
        patientSignature: 'Patient',
        programs: [ref('Program', 'prog-family')],
        authorAttestation: wording,
      },
    });
    expect(config.status, config.text).toBe(201);
    const plan = (await writePlan(mine, { program: ref('Program', 'prog-family') })).body;
    const attestation = carePlanAttestation(config.body);
    expect(attestation.text).toBe(wording);
    const body = { versionId: plan.meta.versionId, attestationHash: attestation.hash };
    // Not given at signing, it is owed (and taken on the plan's view, care-plan-signatures.int.test.ts).
    const owing = (await writePlan(mine, { program: ref('Program', 'prog-family') })).body;
    const unsigned = await clinician.client.request('POST', `CarePlans/${owing.id}/sign`, {
      body: { versionId: owing.meta.versionId, attestationHash: attestation.hash },
    });
    expect(unsigned.status, unsigned.text).toBe(200);
    expect(unsigned.body.pendingSignatures).toEqual([expect.objectContaining({ role: 'Patient', who: 'Patient' })]);
    const media = await clinician.client.request('POST', 'Media', { body: { partition: mine, display: 'Signature on a plan' } });
    expect(media.status, media.text).toBe(201);
    const signed = await clinician.client.request('POST', `CarePlans/${plan.id}/sign`, {
      body: { ...body, patientSignature: { signer: ref('Patient', mine), image: ref('Media', media.body.id) } },
    });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.signatures.map((x: { role: string }) => x.role)).toEqual(['Clinician', 'Patient']);
    expect(signed.body.signatures[0].attestation.text).toBe(wording);
    expect(signed.body.signatureConfiguration).toMatchObject({ id: config.body.id });
    const expanded = await clinician.client.request('GET', `CarePlans/${plan.id}?expand=signatures.signer,careTeam`);
    expect(expanded.status, expanded.text).toBe(200);
    expect(expanded.body.signatures[0].signer.resource).toMatchObject({ resourceType: 'Practitioner', id: clinician.profile.id });
    expect(expanded.body.careTeam[0].resource).toMatchObject({ id: clinician.profile.id });
  });

  it('refuses the signing fields from a client write', async () => {
    const r = await writePlan(mine, { signedAt: '2024-01-01T00:00:00Z' });
    expect(r.status).toBe(400);
    expect(r.body.issues).toEqual([{ path: 'signedAt', message: CARE_PLAN_MESSAGES.serverField('signedAt') }]);
  });
});

describe('progress and the thread', () => {
  it('refuses progress on a cancelled plan and on an element of another plan, naming them', async () => {
    const cancelled = (await writePlan(mine, { status: 'Cancelled' })).body;
    const r = await clinician.client.request('POST', 'CarePlanSessions', {
      body: { partition: mine, carePlan: ref('CarePlan', cancelled.id), date: today, progress: [{ element: 'g1', status: 'InProgress' }] },
    });
    expect(r.status).toBe(400);
    expect(r.body.issues).toEqual([{ path: 'carePlan', message: CARE_PLAN_MESSAGES.planCancelled(cancelled.id) }]);
    const plan = (await writePlan(mine, { elements: [{ id: 'other', kind: 'Goal', text: 'Other' }] })).body;
    const e = await clinician.client.request('POST', 'Encounters', {
      body: {
        partition: mine,
        participants: [],
        visitStatus: 'Show',
        carePlanActivities: [{ carePlan: ref('CarePlan', plan.id), element: 'g1' }],
      },
    });
    expect(e.status).toBe(400);
    expect(e.body.issues).toEqual([{ path: 'carePlanActivities[0].element', message: CARE_PLAN_MESSAGES.elementNotInPlan('g1', plan.id) }]);
    const stored = await clinician.client.request('GET', 'CarePlanSessions', { headers: { 'x-partition-key': mine } });
    expect(stored.body).toEqual([]);
  });

  it("answers both ways: the notes that addressed a goal, and the goals a note's session addressed", async () => {
    const patientId = await patient('Threaded', true);
    const plan = (await writePlan(patientId)).body;
    const activity = (element: string, progress?: string) => ({
      carePlan: ref('CarePlan', plan.id),
      element,
      ...(progress && { progress }),
    });
    const first = await writeNote(patientId, [activity('g1', 'InProgress')], '2024-05-02T13:00:00Z');
    const second = await writeNote(patientId, [activity('g1-o1', 'Achieved'), activity('g1-o1-i1')], '2024-05-09T13:00:00Z');
    await writeNote(patientId, undefined, '2024-05-16T13:00:00Z');
    const review = await clinician.client.request('POST', 'CarePlanSessions', {
      body: {
        partition: patientId,
        carePlan: ref('CarePlan', plan.id),
        date: '2024-05-09',
        progress: [{ element: 'g1', status: 'Achieved', comment: 'PHQ-9 at 8' }],
      },
    });
    expect(review.status, review.text).toBe(201);

    const thread = await clinician.client.request('GET', `CarePlans/${plan.id}/thread?goal=g1`);
    expect(thread.status, thread.text).toBe(200);
    expect(thread.body.goals).toHaveLength(1);
    expect(thread.body.goals[0].sessions.map((s: { note: { id: string } }) => s.note.id)).toEqual([first.note.id, second.note.id]);
    const whole = (await clinician.client.request('GET', `CarePlans/${plan.id}/thread`)).body;
    expect(whole.goals.find((g: { goal: string }) => g.goal === 'g2').sessions).toEqual([]);
    const g1 = whole.progress.find((p: { element: string }) => p.element === 'g1');
    expect(g1.entries.map((e: { status: string; source: { resourceType: string } }) => [e.status, e.source.resourceType])).toEqual([
      ['InProgress', 'Encounter'],
      ['Achieved', 'CarePlanSession'],
    ]);
    expect(g1.current).toBe('Achieved');
    expect((await clinician.client.request('GET', `CarePlans/${plan.id}/thread?goal=g1-o1`)).status).toBe(400);

    const encounter = await clinician.client.request('GET', `Encounters/${second.encounter.id}?expand=carePlanActivities.carePlan`);
    expect(encounter.status, encounter.text).toBe(200);
    expect(encounter.body.carePlanActivities.map((a: { element: string }) => a.element)).toEqual(['g1-o1', 'g1-o1-i1']);
    expect(encounter.body.carePlanActivities[0].carePlan.resource).toMatchObject({ id: plan.id, title: 'Treatment plan' });
  });
});

describe('outcomes', () => {
  it("records a score of the plan, which a note of the same chart derives from; another chart's outcome is refused", async () => {
    const plan = (await writePlan(mine)).body;
    const outcome = await clinician.client.request('POST', 'CarePlanOutcomes', {
      body: {
        partition: mine,
        carePlan: ref('CarePlan', plan.id),
        element: 'g1',
        date: today,
        kind: 'Score',
        instrument: ref('Questionnaire', 'phq-9'),
        value: 8,
      },
    });
    expect(outcome.status, outcome.text).toBe(201);
    const { note } = await writeNote(mine);
    const derived = await clinician.client.request('PATCH', `Notes/${note.id}?versionId=${note.meta.versionId}`, {
      headers: { 'content-type': 'application/json-patch+json' },
      body: [{ op: 'add', path: '/derivedFrom', value: [ref('CarePlanOutcome', outcome.body.id)] }],
    });
    expect(derived.status, derived.text).toBe(200);
    const expanded = await clinician.client.request('GET', `Notes/${note.id}?expand=derivedFrom`);
    expect(expanded.body.derivedFrom[0].resource).toMatchObject({ id: outcome.body.id, value: 8 });

    const other = await patient('Outcomes', true);
    const { note: elsewhere } = await writeNote(other);
    const refused = await clinician.client.request('PATCH', `Notes/${elsewhere.id}?versionId=${elsewhere.meta.versionId}`, {
      headers: { 'content-type': 'application/json-patch+json' },
      body: [{ op: 'add', path: '/derivedFrom', value: [ref('CarePlanOutcome', outcome.body.id)] }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([{ path: 'derivedFrom[0]', message: CARE_PLAN_MESSAGES.outcomeNotInChart(outcome.body.id) }]);
  });
});

describe('the golden-thread signing rule (requireCarePlanGoalToSign)', () => {
  it('is off by default: a note tied to no goal signs', async () => {
    expect(preferences.requireCarePlanGoalToSign).toBeUndefined();
    const patientId = await patient('Off', true);
    await writePlan(patientId);
    const { note } = await writeNote(patientId);
    expect((await signNote(note)).status).toBe(200);
  });

  it('when on, refuses a note of a patient with an active plan that addresses no goal, and signs one that does', async () => {
    await setPreferences({ requireCarePlanGoalToSign: true });
    try {
      const patientId = await patient('On', true);
      const plan = (await writePlan(patientId)).body;
      const { note } = await writeNote(patientId);
      const refused = await signNote(note);
      expect(refused.status).toBe(400);
      expect(refused.body.issues).toEqual([{ path: 'encounter.carePlanActivities', message: CARE_PLAN_MESSAGES.noGoalAddressed }]);
      expect((await clinician.client.request('GET', `Notes/${note.id}`)).body.status).toBe('Preliminary');
      const tied = await writeNote(patientId, [{ carePlan: ref('CarePlan', plan.id), element: 'g2' }]);
      expect((await signNote(tied.note)).status).toBe(200);
      const planless = await patient('Planless', true);
      expect((await signNote((await writeNote(planless)).note)).status).toBe(200);
    } finally {
      await setPreferences({ requireCarePlanGoalToSign: false });
    }
  });
});

describe('review reminders', () => {
  it('lists my active plans past their review date, oldest first, and those due soon on request', async () => {
    const patientId = await patient('Reviewed', true);
    const late = (await writePlan(patientId, { reviewDate: addDays(today, -10) })).body;
    const later = (await writePlan(patientId, { reviewDate: addDays(today, -3) })).body;
    const soon = (await writePlan(patientId, { reviewDate: addDays(today, 5) })).body;
    await writePlan(patientId, { reviewDate: addDays(today, -20), status: 'Completed' });
    const due = await clinician.client.request('GET', 'CarePlans/review-due');
    expect(due.status, due.text).toBe(200);
    const ids = due.body.items.map((i: { carePlan: { id: string } }) => i.carePlan.id);
    expect(ids).toEqual([late.id, later.id]);
    expect(due.body.items[0].daysOverdue).toBeGreaterThanOrEqual(9);
    const week = await clinician.client.request('GET', 'CarePlans/review-due?withinDays=7');
    expect(week.body.items.map((i: { carePlan: { id: string } }) => i.carePlan.id)).toEqual([late.id, later.id, soon.id]);
    expect((await clinician.client.request('GET', 'CarePlans/review-due?withinDays=900')).status).toBe(400);
  });
});
