import { carePlanAttestation } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { pdfLines } from '../../test/pdf-lines.ts';

/**
 * The care plan's printout (`GET CarePlans/{id}/printout`): the plan's fields, its goals tree in
 * order with numbers, the clinician's and reviser's signatures with the attestation, the revision
 * trail; refused when the practice turned printouts off.
 */

let t: TestServer;
let clinician: TestUser;
let preferences: Record<string, unknown>;
let patientId: string;

const ELEMENTS = [
  { id: 'g1', kind: 'Goal', text: 'Reduce depressive symptoms', measure: 'PHQ-9 below 10' },
  { id: 'g1-o1', kind: 'Objective', parent: 'g1', text: 'Practise behavioural activation', targetDate: '2027-01-10' },
  { id: 'g1-o1-i1', kind: 'Intervention', parent: 'g1-o1', text: 'Weekly CBT, activity scheduling' },
  { id: 'g2', kind: 'Goal', text: 'Return to work part time' },
];

async function printout(id: string): Promise<{ status: number; text: string }> {
  const cookie = [...clinician.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(clinician.client.url(`CarePlans/${id}/printout`), { headers: { cookie } });
  if (response.status !== 200) return { status: response.status, text: await response.text() };
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return { status: 200, text: pdfLines(Buffer.from(await response.arrayBuffer())).join('\n') };
}

beforeAll(async () => {
  t = await startTestServer();
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  const created = await t.request('POST', 'PracticePreferences', { body: { display: 'preferences' } });
  expect(created.status, created.text).toBe(201);
  preferences = created.body;
  const p = await t.request('POST', 'Patients', { body: { names: [{ given: ['Robin'], family: 'Printed' }], birthDate: '1980-02-03' } });
  expect(p.status, p.text).toBe(201);
  patientId = p.body.id;
}, 120_000);
afterAll(() => t?.close());

describe('care plan printout', () => {
  it('prints the plan, its tree in order, the signatures with the attestation and the revisions', async () => {
    const written = await clinician.client.request('POST', 'CarePlans', {
      body: { partition: patientId, status: 'Active', title: 'Depression plan', reviewDate: '2027-03-01', elements: ELEMENTS },
    });
    expect(written.status, written.text).toBe(201);
    const plan = written.body;
    const draft = await printout(plan.id);
    expect(draft.status).toBe(200);
    expect(draft.text).toContain('NOT SIGNED');

    const attestation = carePlanAttestation(undefined);
    const signed = await clinician.client.request('POST', `CarePlans/${plan.id}/sign`, {
      body: { versionId: plan.meta.versionId, attestationHash: attestation.hash },
    });
    expect(signed.status, signed.text).toBe(200);
    const revised = await clinician.client.request('POST', `CarePlans/${plan.id}/revise`, {
      body: {
        versionId: signed.body.meta.versionId,
        reason: 'Employer agreed to a graded return',
        changes: { elements: ELEMENTS.map((e) => (e.id === 'g2' ? { ...e, text: 'Return to work three days a week' } : e)) },
      },
    });
    expect(revised.status, revised.text).toBe(200);

    const { status, text } = await printout(plan.id);
    expect(status).toBe(200);
    expect(text).toContain('Care Plan: Depression plan');
    expect(text).toContain('SIGNED, REVISED');
    expect(text).toContain('Printed, Robin');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Review date: 2027-03-01');
    // The tree in the plan's order, numbered by level, with the details.
    const order = [
      'Goal 1. Reduce depressive symptoms',
      'Objective 1.1. Practise behavioural activation',
      'Intervention 1.1.1. Weekly CBT, activity scheduling',
      'Goal 2. Return to work three days a week',
    ].map((line) => text.indexOf(line));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain('Measure: PHQ-9 below 10');
    expect(text).toContain('Target 2027-01-10');
    // Both signatures, and what the clinician attested.
    expect(text).toMatch(/Clinician {2}· {2}Electronically signed/);
    expect(text).toMatch(/Revising clinician {2}· {2}Electronically signed/);
    expect(flat).toContain(attestation.text);
    expect(flat).toContain('Reason: Employer agreed to a graded return');
  });

  it('is refused when the practice turned printouts off', async () => {
    const plan = await clinician.client.request('POST', 'CarePlans', { body: { partition: patientId, status: 'Active', elements: [] } });
    expect(plan.status, plan.text).toBe(201);
    const off = await t.request('PUT', `PracticePreferences/${preferences.id}`, { body: { ...preferences, allowNotePrintout: false } });
    expect(off.status, off.text).toBe(200);
    expect((await printout(plan.body.id)).status).toBe(403);
  });
});
