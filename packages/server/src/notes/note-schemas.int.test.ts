import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * Every write of a notes type is checked against core's schemas (docs/notes.md, "Schemas"): a
 * refusal is a 400 naming the field, in SPEC.md section 5's words, and stores nothing.
 */

let t: TestServer;
let patientId: string;

const ref = (resourceType: string, id: string) => ({ resourceType, id });
const encounterBody = (extra: Record<string, unknown> = {}) => ({
  partition: patientId,
  participants: [{ role: 'PrimaryPerformer', individual: ref('Practitioner', 'dr') }],
  visitStatus: 'Show',
  sessionTime: { mode: 'DurationMinutes', start: '2024-05-02T13:00:00Z', minutes: 50 },
  ...extra,
});

beforeAll(async () => {
  t = await startTestServer();
  patientId = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Sam'], family: 'Schema' }] } })).body.id;
});
afterAll(() => t?.close());

const countOf = async (collection: string, partition?: string) =>
  (await t.request('GET', `${collection}?pageSize=1000`, { headers: partition ? { 'x-partition-key': partition } : {} })).body
    .length as number;

describe('encounters', () => {
  it("refuses a visit status outside SPEC.md's list and a participant without a role, storing nothing", async () => {
    const before = await countOf('Encounters', patientId);
    const status = await t.request('POST', 'Encounters', { body: encounterBody({ visitStatus: 'Arrived' }) });
    expect(status.status).toBe(400);
    expect(status.body.issues).toEqual([
      { path: 'visitStatus', message: 'visitStatus must be one of the following values: Show, NoShow, Cancelled' },
    ]);
    expect(status.body.detail).toBe(
      'The Encounter was not saved: visitStatus must be one of the following values: Show, NoShow, Cancelled.',
    );
    const roleless = await t.request('POST', 'Encounters', {
      body: encounterBody({ participants: [{ individual: ref('Practitioner', 'dr') }] }),
    });
    expect(roleless.status).toBe(400);
    expect(roleless.body.issues).toEqual([{ path: 'participants.0.role', message: 'participants[0].role is a required field' }]);
    expect(await countOf('Encounters', patientId)).toBe(before);
  });

  it('fills the subject from the partition, and checks the result of a PATCH', async () => {
    const created = await t.request('POST', 'Encounters', { body: encounterBody() });
    expect(created.status, created.text).toBe(201);
    expect(created.body.subject).toEqual(ref('Patient', patientId));
    const patch = await t.request('PATCH', `Encounters/${created.body.id}?versionId=${created.body.meta.versionId}`, {
      raw: JSON.stringify([{ op: 'add', path: '/visitMode', value: 'Phone' }]),
      headers: { 'content-type': 'application/json-patch+json' },
    });
    expect(patch.status).toBe(400);
    expect(patch.body.issues).toEqual([
      { path: 'visitMode', message: 'visitMode must be one of the following values: InPerson, Telehealth' },
    ]);
    expect((await t.request('GET', `Encounters/${created.body.id}`)).body.meta.versionId).toBe(created.body.meta.versionId);
  });
});

describe('notes', () => {
  it('refuses an unknown section kind and an unknown completion, naming each field', async () => {
    const r = await t.request('POST', 'Notes', {
      body: {
        partition: patientId,
        kind: 'Note',
        encounter: ref('Encounter', 'e1'),
        author: ref('Practitioner', 'dr'),
        completion: 'Done',
        sections: [{ key: 'data', kind: 'Essay' }],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'completion', message: 'completion must be one of the following values: NotStarted, InProgress, Complete' },
        {
          path: 'sections.0.kind',
          message: 'sections[0].kind must be one of the following values: Form, Narrative, Subform, Import, Assessment',
        },
      ]),
    );
  });
});

describe('configuration', () => {
  it('refuses a rule with a parameter its kind does not take or a wrong value, and accepts a right one', async () => {
    const rule = (kind: string, parameters: unknown) =>
      t.request('POST', 'NoteRules', { body: { name: 'Rule', kind, status: 'Draft', severity: 'warn', parameters } });
    const foreign = await rule('SessionDuration', { minMinutes: 30, payers: ['Medicaid'] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.issues).toEqual([{ path: 'parameters', message: 'parameters field has unspecified keys: payers' }]);
    const wrong = await rule('SessionDurationIncrement', { incrementMinutes: 0 });
    expect(wrong.body.issues).toEqual([
      { path: 'parameters.incrementMinutes', message: 'parameters.incrementMinutes must be greater than or equal to 1' },
    ]);
    const status = await rule('ShowStatus', { allowed: ['Arrived'] });
    expect(status.body.issues).toEqual([
      { path: 'parameters.allowed.0', message: 'parameters.allowed[0] must be one of the following values: Show, NoShow, Cancelled' },
    ]);
    expect((await rule('SessionDuration', { minMinutes: 30 })).status).toBe(201);
  });

  it('checks definitions and signature configurations', async () => {
    const definition = await t.request('POST', 'NoteDefinitions', {
      body: {
        name: 'Progress',
        kind: 'Individual',
        sections: [{ key: 'x', title: 'X', kind: 'Form', elements: [{ key: 'x.Chart', type: 'Chart' }] }],
      },
    });
    expect(definition.status).toBe(400);
    expect(definition.body.issues[0].path).toBe('sections.0.elements.0.type');
    const signature = await t.request('POST', 'SignatureConfigurations', {
      body: { name: 'All', supervisorCoSignature: 'Sometimes', patientSignature: 'None' },
    });
    expect(signature.body.issues).toEqual([
      {
        path: 'supervisorCoSignature',
        message: 'supervisorCoSignature must be one of the following values: Never, UnlicensedAuthors, Always',
      },
    ]);
  });
});
