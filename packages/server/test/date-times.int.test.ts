import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePeopleBody } from '../src/people/people-samples.ts';
import { startTestServer, type ApiResponse, type TestServer } from './harness.ts';

/**
 * Dates and times in every write of every type (docs/validation.md, "Dates and times"): a field
 * core declares a date-time, date or time, on a type with a schema or without, at any depth, is
 * refused with 400 and an issue at its path when it is not one, and nothing is stored. Before,
 * `"start": "garbage"` on an Appointment was stored with 201 (Appointment has a schema of its own
 * now; the check is shown on ClinicalDocument's issued and recorded).
 */

let t: TestServer;
let patient: string;
beforeAll(async () => {
  t = await startTestServer();
  const created = await t.request('POST', 'Patients', { body: samplePeopleBody('Patient', '') });
  expect(created.status).toBe(201);
  patient = created.body.id;
});
afterAll(() => t?.close());

const PATCH = { 'content-type': 'application/json-patch+json' };
const DATE_TIME = (path: string) => `${path} must be a date and time with a zone, such as 2024-05-01T14:30:00Z.`;
const DATE = (path: string) => `${path} must be a calendar date written yyyy-MM-dd, such as 2024-05-01.`;
const DATE_OR_DATE_TIME = (path: string) => `${path} must be a date (2024-05-01) or a date and time with a zone (2024-05-01T14:30:00Z).`;

/** How many live records of a collection in the test patient's chart carry this marker. */
async function countMarked(collection: string, marker: string): Promise<number> {
  const r = await t.request('POST', `${collection}/queries`, {
    body: [{ field: 'marker', op: 'eq', value: marker }],
    headers: { prefer: 'return=minimal', 'x-partition-key': patient },
  });
  expect(r.status, r.text).toBe(204);
  return Number(r.headers.get('x-total-count'));
}

function expectIssues(r: ApiResponse, issues: { path: string; message: string }[]): void {
  expect(r.status, r.text).toBe(400);
  expect(r.body.issues).toEqual(issues);
  expect(r.body.detail).toMatch(/^The \w+ was not saved: /);
}

describe('a type without a schema (ClinicalDocument)', () => {
  const document = (fields: Record<string, unknown>) => ({ partition: patient, marker: randomUUID(), ...fields });

  it('refuses issued "garbage" with 400 at issued, storing nothing', async () => {
    const body = document({ issued: 'garbage', recorded: '2024-05-01T15:00:00Z' });
    const r = await t.request('POST', 'ClinicalDocuments', { body });
    expectIssues(r, [{ path: 'issued', message: DATE_TIME('issued') }]);
    expect(await countMarked('ClinicalDocuments', body.marker)).toBe(0);
  });

  it('refuses what only looks like a date-time: no zone, a day that does not exist, hour 24, a date alone, a number', async () => {
    for (const issued of [
      '2024-05-01T14:30:00',
      '2023-02-29T10:00:00Z',
      '2024-05-01T24:00:00Z',
      '2024-05-01',
      '2024-05-01 14:30:00Z',
      1714573800000,
    ]) {
      const body = document({ issued });
      const r = await t.request('POST', 'ClinicalDocuments', { body });
      expectIssues(r, [{ path: 'issued', message: DATE_TIME('issued') }]);
    }
  });

  it('stores RFC 3339 date-times: Z or an offset, fractional seconds; null for no recorded', async () => {
    for (const [issued, recorded] of [
      ['2024-05-01T14:30:00Z', '2024-05-01T15:00:00Z'],
      ['2024-02-29T09:00:00.250-04:00', null],
      ['2024-05-01T14:30:00.123456+05:30', '2024-05-01T15:00:00.5Z'],
    ]) {
      const body = document({ issued, recorded });
      const r = await t.request('POST', 'ClinicalDocuments', { body });
      expect(r.status, r.text).toBe(201);
      expect([r.body.issued, r.body.recorded]).toEqual([issued, recorded]);
    }
  });

  it('refuses the same through PUT and PATCH, leaving the stored version as it was', async () => {
    const created = await t.request('POST', 'ClinicalDocuments', { body: document({ issued: '2024-05-01T14:30:00Z' }) });
    expect(created.status).toBe(201);
    const { id, meta } = created.body;
    const put = await t.request('PUT', `ClinicalDocuments/${id}?versionId=${meta.versionId}`, {
      body: { ...created.body, recorded: 'later' },
    });
    expectIssues(put, [{ path: 'recorded', message: DATE_TIME('recorded') }]);
    const patch = await t.request('PATCH', `ClinicalDocuments/${id}?versionId=${meta.versionId}`, {
      body: [{ op: 'replace', path: '/issued', value: '2024-05-01T14:30:00+25:00' }],
      headers: PATCH,
    });
    expectIssues(patch, [{ path: 'issued', message: DATE_TIME('issued') }]);
    const read = await t.request('GET', `ClinicalDocuments/${id}`);
    expect(read.body.meta.versionId).toBe(meta.versionId);
    expect(read.body.issued).toBe('2024-05-01T14:30:00Z');
  });

  it('never stores a created that is not a date-time', async () => {
    const body = document({ issued: '2024-05-01T14:30:00Z', created: 'garbage' });
    const r = await t.request('POST', 'ClinicalDocuments', { body });
    // Refused, or (where the server writes created itself) stored with the server's own.
    if (r.status === 201) expect(r.body.created).not.toBe('garbage');
    else expectIssues(r, [{ path: 'created', message: DATE_TIME('created') }]);
    const stored = await t.request('POST', 'Appointments/queries', {
      body: [{ field: 'marker', op: 'eq', value: body.marker }],
      headers: { 'x-partition-key': patient },
    });
    for (const a of stored.body) expect(a.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  });
});

describe('the names every type shares, at any depth', () => {
  it('refuses a nested period end that is not a date or date-time (CarePlan), naming its path', async () => {
    const marker = randomUUID();
    const r = await t.request('POST', 'CarePlans', {
      // A well-formed plan (its own rules pass) with the bad date in a field its schema does not know.
      body: {
        partition: patient,
        marker,
        status: 'Active',
        elements: [],
        activities: [{ period: { start: '2024-05-01', end: '2024-06-01' } }, { period: { start: '2024-05-01', end: 'next week' } }],
      },
    });
    expectIssues(r, [{ path: 'activities.1.period.end', message: DATE_OR_DATE_TIME('activities.1.period.end') }]);
    expect(await countMarked('CarePlans', marker)).toBe(0);
  });

  it('refuses every bad one at once: recorded, issued, a date', async () => {
    const r = await t.request('POST', 'Observations', {
      body: {
        partition: patient,
        marker: randomUUID(),
        recorded: '2024-13-01T00:00:00Z',
        issued: 'yesterday',
        date: '2024-04-31',
        components: [{ date: '2024-04-30' }],
      },
    });
    expectIssues(r, [
      { path: 'recorded', message: DATE_TIME('recorded') },
      { path: 'issued', message: DATE_TIME('issued') },
      { path: 'date', message: DATE_OR_DATE_TIME('date') },
    ]);
  });

  it('stores dates and date-times in those names, and leaves answers (keys chosen by a form) alone', async () => {
    const marker = randomUUID();
    const r = await t.request('POST', 'Observations', {
      body: { partition: patient, marker, recorded: '2024-05-01T10:00:00Z', date: '2024-05-01', answers: { start: 'whenever', date: 3 } },
    });
    expect(r.status, r.text).toBe(201);
    expect(await countMarked('Observations', marker)).toBe(1);
  });

  it("checks them on types with a schema too, in fields the schema does not know (a Patient's periods are days)", async () => {
    const r = await t.request('POST', 'Patients', {
      body: { ...samplePeopleBody('Patient', ''), extra: { period: { start: '2024-05-01T10:00:00Z' } } },
    });
    expectIssues(r, [{ path: 'extra.period.start', message: DATE('extra.period.start') }]);
  });
});

describe('types with a schema say the same', () => {
  it('a Patient birthDate and a chart record period are dates', async () => {
    const r = await t.request('POST', 'Patients', { body: { ...samplePeopleBody('Patient', ''), birthDate: 'garbage' } });
    expectIssues(r, [{ path: 'birthDate', message: DATE('birthDate') }]);
    const episode = await t.request('POST', 'EpisodesOfCare', {
      body: { ...samplePeopleBody('EpisodeOfCare', patient), period: { start: '2024-05-01T10:00:00Z' } },
    });
    expectIssues(episode, [{ path: 'period.start', message: DATE('period.start') }]);
  });
});
