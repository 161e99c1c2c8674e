import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { MRN_UNAVAILABLE } from './patient-mrn.hook.ts';

/**
 * The medical record number rules (docs/validation.md): assigned from the practice's counter when
 * absent, kept in step with the MR identifier, kept once assigned, and unique among the live
 * patients of a practice, also under concurrent writers.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const PATCH = { 'content-type': 'application/json-patch+json' };
const named = (family: string) => ({ names: [{ given: ['Pat'], family }] });
const mrOf = (p: { identifiers?: { type?: string }[] }) => (p.identifiers ?? []).filter((i) => i.type === 'MR');
const uniqueMrn = () => `T-${randomUUID().slice(0, 8)}`;

describe('assigning', () => {
  it('gives a patient without an MRN the next number of the practice, as mrn and as its MR identifier', async () => {
    const first = (await t.request('POST', 'Patients', { body: named('One') })).body;
    const second = (
      await t.request('POST', 'Patients', {
        body: { ...named('Two'), identifiers: [{ system: 'urn:ssn', type: 'SS', value: '123-45-6789' }] },
      })
    ).body;
    expect(first.mrn).toMatch(/^\d{6}$/);
    expect(Number(second.mrn)).toBe(Number(first.mrn) + 1);
    expect(mrOf(first)).toEqual([{ system: 'urn:caseload:mrn', type: 'MR', value: first.mrn }]);
    expect(second.identifiers).toEqual([
      { system: 'urn:ssn', type: 'SS', value: '123-45-6789' },
      { system: 'urn:caseload:mrn', type: 'MR', value: second.mrn },
    ]);
  });

  it('skips a number a patient was already given by hand', async () => {
    const probe = (await t.request('POST', 'Patients', { body: named('Probe') })).body;
    const next = String(Number(probe.mrn) + 1).padStart(6, '0');
    expect((await t.request('POST', 'Patients', { body: { ...named('Manual'), mrn: next } })).status).toBe(201);
    const after = (await t.request('POST', 'Patients', { body: named('After') })).body;
    expect(after.mrn).toBe(String(Number(probe.mrn) + 2).padStart(6, '0'));
  });

  it('keeps an assigned MRN when a later write leaves both the field and the identifier out', async () => {
    const created = (await t.request('POST', 'Patients', { body: named('Keep') })).body;
    const { mrn: _m, identifiers: _i, ...rest } = created;
    const put = await t.request('PUT', `Patients/${created.id}?versionId=${created.meta.versionId}`, { body: rest });
    expect(put.status).toBe(200);
    expect(put.body.mrn).toBe(created.mrn);
    expect(mrOf(put.body)).toHaveLength(1);
  });
});

describe('keeping mrn and the MR identifier in step', () => {
  it('writes the identifier from the field, and the field from the identifier', async () => {
    const fromField = (await t.request('POST', 'Patients', { body: { ...named('Field'), mrn: uniqueMrn() } })).body;
    expect(mrOf(fromField)[0]).toMatchObject({ value: fromField.mrn });
    const value = uniqueMrn();
    const fromIdentifier = (
      await t.request('POST', 'Patients', { body: { ...named('Ident'), identifiers: [{ system: 'urn:old-ehr', type: 'MR', value }] } })
    ).body;
    expect(fromIdentifier.mrn).toBe(value);
    expect(fromIdentifier.identifiers).toEqual([{ system: 'urn:old-ehr', type: 'MR', value }]);
  });

  it('follows whichever of the two an edit changed', async () => {
    const created = (await t.request('POST', 'Patients', { body: named('Edit') })).body;
    const byIdentifier = uniqueMrn();
    const index = created.identifiers.findIndex((i: { type?: string }) => i.type === 'MR');
    const patched = await t.request('PATCH', `Patients/${created.id}?versionId=${created.meta.versionId}`, {
      body: [{ op: 'replace', path: `/identifiers/${index}/value`, value: byIdentifier }],
      headers: PATCH,
    });
    expect(patched.status).toBe(200);
    expect(patched.body.mrn).toBe(byIdentifier);
    const byField = uniqueMrn();
    const again = await t.request('PATCH', `Patients/${created.id}?versionId=${patched.body.meta.versionId}`, {
      body: [{ op: 'replace', path: '/mrn', value: byField }],
      headers: PATCH,
    });
    expect(again.status).toBe(200);
    expect(mrOf(again.body)).toEqual([{ system: 'urn:caseload:mrn', type: 'MR', value: byField }]);
  });

  it('refuses two MR identifiers, and an MR identifier that is not a valid MRN', async () => {
    const two = await t.request('POST', 'Patients', {
      body: {
        ...named('Two MR'),
        identifiers: [
          { type: 'MR', value: uniqueMrn() },
          { type: 'MR', value: uniqueMrn() },
        ],
      },
    });
    expect(two.status).toBe(400);
    expect(two.body.issues).toEqual([{ path: 'identifiers', message: 'identifiers can have only one medical record number (MR).' }]);
    const spaced = await t.request('POST', 'Patients', { body: { ...named('Bad MR'), identifiers: [{ type: 'MR', value: 'A B' }] } });
    expect(spaced.status).toBe(400);
    expect(spaced.body.issues).toEqual([{ path: 'identifiers.0.value', message: 'identifiers[0].value is invalid.' }]);
  });
});

describe('uniqueness', () => {
  it('refuses an MRN another live patient holds with 400 at mrn, leaving the stored patient unchanged', async () => {
    const mrn = uniqueMrn();
    expect((await t.request('POST', 'Patients', { body: { ...named('Holder'), mrn } })).status).toBe(201);
    const duplicate = await t.request('POST', 'Patients', { body: { ...named('Dup'), mrn } });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.issues).toEqual([{ path: 'mrn', message: MRN_UNAVAILABLE }]);

    const other = (await t.request('POST', 'Patients', { body: named('Other') })).body;
    const taken = await t.request('PUT', `Patients/${other.id}?versionId=${other.meta.versionId}`, { body: { ...other, mrn } });
    expect(taken.status).toBe(400);
    expect((await t.request('GET', `Patients/${other.id}`)).body).toEqual(other);
    const count = await t.request('POST', 'Patients/queries', {
      body: [{ field: 'mrn', op: 'eq', value: mrn }],
      headers: { prefer: 'return=minimal' },
    });
    expect(count.headers.get('x-total-count')).toBe('1');
  });

  it('a patient may be saved again with its own MRN, and a deleted patient frees its MRN', async () => {
    const mrn = uniqueMrn();
    const created = (await t.request('POST', 'Patients', { body: { ...named('Self'), mrn } })).body;
    const resaved = await t.request('PUT', `Patients/${created.id}?versionId=${created.meta.versionId}`, {
      body: { ...created, birthDate: '1980-01-01' },
    });
    expect(resaved.status).toBe(200);
    expect((await t.request('DELETE', `Patients/${created.id}?versionId=${resaved.body.meta.versionId}`)).status).toBe(204);
    expect((await t.request('POST', 'Patients', { body: { ...named('Reuse'), mrn } })).status).toBe(201);
  });

  it('of concurrent creators of one MRN exactly one wins', async () => {
    const mrn = uniqueMrn();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => t.request('POST', 'Patients', { body: { ...named(`Racer ${i}`), mrn } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
  });

  it('concurrent creators without an MRN all get different ones', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => t.request('POST', 'Patients', { body: named(`Auto ${i}`) })));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(new Set(answers.map((a) => a.body.mrn)).size).toBe(8);
  });
});
