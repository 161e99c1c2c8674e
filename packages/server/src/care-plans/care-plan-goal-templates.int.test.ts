import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';

/**
 * Goal templates (docs/care-plans.md, "Goal templates per program"): practice configuration that
 * clinical configuration writes and every clinician who writes plans reads; bad input is a 400
 * naming the field, and nothing is stored.
 */

let t: TestServer;
let clinician: TestUser;
let program: string;

beforeAll(async () => {
  t = await startTestServer();
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  const p = await t.request('POST', 'Programs', { body: { name: 'Outpatient', active: true } });
  expect(p.status, p.text).toBe(201);
  program = p.body.id;
}, 120_000);
afterAll(() => t?.close());

describe('care-plan goal templates', () => {
  it('are written by the practice administrator and read by clinicians, who may not write them', async () => {
    const template = {
      name: 'Low mood',
      program: { resourceType: 'Program', id: program, display: 'Outpatient' },
      goal: 'Reduce depressive symptoms',
      measure: 'PHQ-9 below 10',
      objectives: ['Behavioural activation three times a week'],
      interventions: ['Weekly CBT'],
    };
    const created = await t.request('POST', 'CarePlanGoalTemplates', { body: template });
    expect(created.status, created.text).toBe(201);
    const read = await clinician.client.request('GET', `CarePlanGoalTemplates/${created.body.id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject(template);
    const refused = await clinician.client.request('POST', 'CarePlanGoalTemplates', { body: { ...template, name: 'Mine' } });
    expect(refused.status, refused.text).toBe(403);
  });

  it('refuses a template without its goal, naming the field, and stores nothing', async () => {
    const bad = await t.request('POST', 'CarePlanGoalTemplates', { body: { name: 'Nothing', objectives: [''] } });
    expect(bad.status, bad.text).toBe(400);
    const paths = (bad.body.issues as { path: string }[]).map((i) => i.path);
    expect(paths).toContain('goal');
    const list = await t.request('GET', 'CarePlanGoalTemplates');
    expect(JSON.stringify(list.body)).not.toContain('Nothing');
  });
});
