import { PLACES_OF_SERVICE, toCoding } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * The write rules of the people and practice set-up types (docs/validation.md), over HTTP: every
 * write is checked against the core schema, refused with 400 and the yup messages as issues, and
 * a refused write leaves the stored resource as it was; the server sets `display`.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const PATCH = { 'content-type': 'application/json-patch+json' };
const jane = {
  names: [
    { given: ['Jane', 'Q'], family: 'Doe' },
    { use: 'Preferred', given: ['Janie'] },
  ],
  birthDate: '1990-01-31',
};

async function count(collection: string, field: string, value: string): Promise<number> {
  const r = await t.request('POST', `${collection}/queries`, { body: [{ field, op: 'eq', value }], headers: { prefer: 'return=minimal' } });
  expect(r.status).toBe(204);
  return Number(r.headers.get('x-total-count'));
}

describe('Patient', () => {
  it('a valid patient is stored with display "Family, Given" from the legal name', async () => {
    const created = await t.request('POST', 'Patients', { body: { ...jane, display: 'whatever the client says' } });
    expect(created.status).toBe(201);
    expect(created.body.display).toBe('Doe, Jane Q');
    const read = await t.request('GET', `Patients/${created.body.id}`);
    expect(read.body.display).toBe('Doe, Jane Q');
  });

  it('refuses an invalid patient with 400 and every problem as an issue, storing nothing', async () => {
    const family = `Invalid-${Date.now()}`;
    const r = await t.request('POST', 'Patients', {
      body: {
        names: [{ given: [' Jane'], family }],
        birthDate: '1990-02-30',
        administrativeSex: 'F',
        telecom: [{ system: 'Email', value: 'not-mail' }],
        addresses: [{ state: 'ZZ' }],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.status).toBe(400);
    expect(r.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'names.0.given.0', message: 'names[0].given[0] cannot begin or end with whitespace' },
        { path: 'birthDate', message: 'birthDate must be a calendar date written yyyy-MM-dd, such as 2024-05-01.' },
        { path: 'administrativeSex', message: 'administrativeSex must be one of the following values: Male, Female, Other, Unknown' },
        { path: 'telecom.0.value', message: 'telecom[0].value must be a valid email' },
        { path: 'addresses.0.state', message: 'addresses[0].state is invalid.' },
      ]),
    );
    expect(r.body.detail).toMatch(/^The Patient was not saved: /);
    expect(await count('Patients', 'names.family', family)).toBe(0);
  });

  it('needs a name or a display', async () => {
    const r = await t.request('POST', 'Patients', { body: { birthDate: '1990-01-01' } });
    expect(r.status).toBe(400);
    expect(r.body.issues).toEqual([{ path: 'names', message: 'names is a required field' }]);
  });

  it('a refused PUT or PATCH leaves the stored patient unchanged', async () => {
    const created = (await t.request('POST', 'Patients', { body: jane })).body;
    const before = await t.request('GET', `Patients/${created.id}`);
    const put = await t.request('PUT', `Patients/${created.id}?versionId=${created.meta.versionId}`, {
      body: { ...created, names: [{ family: 'Doe ' }] },
    });
    expect(put.status).toBe(400);
    expect(put.body.issues).toEqual([{ path: 'names.0.family', message: 'names[0].family cannot begin or end with whitespace' }]);
    const patch = await t.request('PATCH', `Patients/${created.id}?versionId=${created.meta.versionId}`, {
      body: [{ op: 'replace', path: '/birthDate', value: '2999-01-01' }],
      headers: PATCH,
    });
    expect(patch.status).toBe(400);
    expect(patch.body.issues[0].path).toBe('birthDate');
    expect(patch.body.issues[0].message).toMatch(/^birthDate field must be earlier than \d{4}-\d{2}-\d{2}$/);
    const after = await t.request('GET', `Patients/${created.id}`);
    expect(after.body).toEqual(before.body);
    expect((await t.request('GET', `Patients/${created.id}/_history`)).body).toHaveLength(1);
  });

  it('an edit that renames the patient renames the display', async () => {
    const created = (await t.request('POST', 'Patients', { body: jane })).body;
    const patched = await t.request('PATCH', `Patients/${created.id}?versionId=${created.meta.versionId}`, {
      body: [{ op: 'replace', path: '/names/0/family', value: 'Smith' }],
      headers: PATCH,
    });
    expect(patched.status).toBe(200);
    expect(patched.body.display).toBe('Smith, Jane Q');
  });

  it('a delete is not validated again', async () => {
    const created = (await t.request('POST', 'Patients', { body: jane })).body;
    const deleted = await t.request('DELETE', `Patients/${created.id}?versionId=${created.meta.versionId}`);
    expect(deleted.status).toBe(204);
  });
});

describe('people and chart records', () => {
  it('Practitioner: display "Given Family, Credentials"; invalid NPI refused', async () => {
    const created = await t.request('POST', 'Practitioners', { body: { names: [{ given: ['Ann'], family: 'Lee' }], credentials: 'LCSW' } });
    expect(created.status).toBe(201);
    expect(created.body.display).toBe('Ann Lee, LCSW');
    const bad = await t.request('POST', 'Practitioners', { body: { names: [{ family: 'Lee' }], npi: '123', workEmail: 'x@' } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['npi', 'workEmail']);
  });

  it('RelatedPerson, Condition and Allergy in a patient partition are checked and displayed', async () => {
    const patient = (await t.request('POST', 'Patients', { body: jane })).body;
    const ref = { resourceType: 'Patient', id: patient.id };
    const guardian = await t.request('POST', 'RelatedPeople', {
      body: {
        partition: patient.id,
        patient: ref,
        relationship: { code: 'GUARD' },
        names: [{ given: ['Sam'], family: 'Roe' }],
        isGuardian: true,
      },
    });
    expect(guardian.status).toBe(201);
    expect(guardian.body.display).toBe('Roe, Sam');
    const badRelation = await t.request('POST', 'RelatedPeople', {
      body: { partition: patient.id, patient: ref, relationship: { code: 'BFF' }, names: [{ family: 'X' }] },
    });
    expect(badRelation.status).toBe(400);
    expect(badRelation.body.issues[0].path).toBe('relationship.code');

    const icd = 'http://hl7.org/fhir/sid/icd-10-cm';
    const condition = await t.request('POST', 'Conditions', {
      body: { partition: patient.id, patient: ref, code: { system: icd, code: 'F41.1' }, verificationStatus: 'Confirmed' },
    });
    expect(condition.status).toBe(201);
    const badCondition = await t.request('POST', 'Conditions', {
      body: { partition: patient.id, patient: ref, code: { system: icd, code: 'anxious' } },
    });
    expect(badCondition.status).toBe(400);
    expect(badCondition.body.issues).toEqual([
      { path: 'code', message: 'code is invalid.' },
      { path: 'verificationStatus', message: 'verificationStatus is a required field' },
    ]);
    const allergy = await t.request('POST', 'Allergies', {
      body: { partition: patient.id, patient: ref, substance: { code: 'peanut' }, status: 'active' },
    });
    expect(allergy.status).toBe(201);
  });
});

describe('practice set-up', () => {
  it('Location: display from name; place of service must be a CMS code', async () => {
    const office = await t.request('POST', 'Locations', {
      body: { name: 'Main Clinic', placeOfService: toCoding(PLACES_OF_SERVICE, '11') },
    });
    expect(office.status).toBe(201);
    expect(office.body.display).toBe('Main Clinic');
    const bad = await t.request('POST', 'Locations', { body: { name: 'Nowhere', placeOfService: { code: '00' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'placeOfService.code', message: 'placeOfService.code is invalid.' }]);
  });

  it('names are required, non-blank and trimmed; a refused rename leaves the record as it was', async () => {
    const program = (await t.request('POST', 'Programs', { body: { name: 'Adult Outpatient' } })).body;
    expect(program.display).toBe('Adult Outpatient');
    // Without a name, a body is named by its display; with neither it has no name.
    for (const fields of [
      { name: '' },
      { name: ' Adult' },
      { name: undefined, display: undefined },
      { name: undefined, display: 'Adults ' },
    ]) {
      const r = await t.request('PUT', `Programs/${program.id}?versionId=${program.meta.versionId}`, { body: { ...program, ...fields } });
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.body.issues[0].path).toBe('name');
    }
    expect((await t.request('GET', `Programs/${program.id}`)).body).toEqual(program);
    const renamed = await t.request('PUT', `Programs/${program.id}?versionId=${program.meta.versionId}`, {
      body: { ...program, name: 'Adults' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.display).toBe('Adults');
    const byDisplay = await t.request('POST', 'Programs', { body: { display: 'Youth' } });
    expect(byDisplay.status).toBe(201);
    expect(byDisplay.body).toMatchObject({ name: 'Youth', display: 'Youth' });
    const displayEdit = await t.request('PATCH', `Programs/${byDisplay.body.id}?versionId=${byDisplay.body.meta.versionId}`, {
      body: [{ op: 'replace', path: '/display', value: 'Youth Services' }],
      headers: PATCH,
    });
    expect(displayEdit.status).toBe(200);
    expect(displayEdit.body).toMatchObject({ name: 'Youth Services', display: 'Youth Services' });
  });

  it('HealthcareService flags and Group members', async () => {
    const service = await t.request('POST', 'HealthcareServices', { body: { name: 'Psychotherapy', flags: ['Billable', 'RequireUnits'] } });
    expect(service.status).toBe(400);
    expect(service.body.issues).toEqual([{ path: 'unitMinutes', message: 'unitMinutes is a required field' }]);
    expect(
      (
        await t.request('POST', 'HealthcareServices', {
          body: { name: 'Psychotherapy', flags: ['Billable', 'RequireUnits'], unitMinutes: 15 },
        })
      ).status,
    ).toBe(201);
    const staff = (await t.request('POST', 'Practitioners', { body: { names: [{ family: 'Kim' }] } })).body;
    const member = { member: { resourceType: 'Practitioner', id: staff.id } };
    const group = await t.request('POST', 'Groups', { body: { name: 'Clinicians', members: [member, member] } });
    expect(group.status).toBe(400);
    expect(group.body.issues).toEqual([{ path: 'members', message: 'members cannot have duplicates.' }]);
  });
});

describe('every type with a schema', () => {
  it('accepts its sample body, fills a chart record patient from its partition, and refuses one naming another patient', async () => {
    const { RESOURCE_SCHEMAS, getResourceType } = await import('@caseload/core');
    const { samplePeopleBody } = await import('./people-samples.ts');
    const patient = (await t.request('POST', 'Patients', { body: jane })).body;
    const other = (await t.request('POST', 'Patients', { body: jane })).body;
    for (const typeName of Object.keys(RESOURCE_SCHEMAS)) {
      const type = getResourceType(typeName)!;
      const body = samplePeopleBody(typeName, patient.id)!;
      const r = await t.request('POST', type.collection, { body });
      expect(r.status, `${typeName}: ${r.text}`).toBe(201);
      if (!type.partitioned) continue;
      expect(r.body.patient, typeName).toEqual({ resourceType: 'Patient', id: patient.id });
      const misfiled = await t.request('POST', type.collection, { body: { ...body, patient: { resourceType: 'Patient', id: other.id } } });
      expect(misfiled.status, typeName).toBe(400);
      expect(misfiled.body.issues[0].path).toBe('patient');
    }
  });
});
