import { crc32, deflateSync } from 'node:zlib';
import pg from 'pg';
import { pdfLines } from '../../test/pdf-lines.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { ATTESTED } from '../../test/note-samples.ts';

/**
 * The note printout as a clinical document: names with credentials (read through the
 * repository), the signature image, the status banner, the one-line footer and the clock the
 * practice chose (militaryTimeInPrintouts). Runs against the embedded and the machine's database.
 */
let t: TestServer;
let clinician: TestUser;
let supervisor: TestUser;
let patientId: string;
let preferences: { id: string; meta: { versionId: string } } & Record<string, unknown>;

const ref = (resourceType: string, id: string, display?: string) => ({ resourceType, id, ...(display && { display }) });

/** Names a practitioner (as the admin), so the printout can show "Given Family, Credentials". */
async function name(user: TestUser, given: string, family: string, credentials: string) {
  const me = (await t.request('GET', `Practitioners/${user.profile.id}`)).body;
  const updated = await t.request('PUT', `Practitioners/${me.id}`, { body: { ...me, names: [{ given: [given], family }], credentials } });
  expect(updated.status).toBe(200);
}

beforeAll(async () => {
  t = await startTestServer();
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  supervisor = await t.createUser({ roles: ['Supervisor'] });
  await name(clinician, 'Jane', 'Doe', 'LCSW');
  await name(supervisor, 'Sam', 'Reyes', 'PhD');
  const me = (await t.request('GET', `Practitioners/${clinician.profile.id}`)).body;
  expect(
    (
      await t.request('PUT', `Practitioners/${me.id}`, {
        body: { ...me, supervisors: [{ subject: ref('Practitioner', supervisor.profile.id) }] },
      })
    ).status,
  ).toBe(200);
  const config = await t.request('POST', 'SignatureConfigurations', {
    body: {
      name: 'Supervised programme',
      supervisorCoSignature: 'Always',
      patientSignature: 'None',
      programs: [ref('Program', 'prog-supervised')],
    },
  });
  expect(config.status).toBe(201);
  const created = await t.request('POST', 'PracticePreferences', {
    body: { display: 'preferences', practiceName: 'Riverside Counselling', militaryTimeInPrintouts: false },
  });
  expect(created.status).toBe(201);
  preferences = created.body;
  patientId = (
    await t.request('POST', 'Patients', {
      body: { names: [{ given: ['Paula'], family: 'Printed' }], birthDate: '1979-03-08', mrn: 'MRN-8801' },
    })
  ).body.id;
  // The clinician's stored signature: a PNG the printout draws over the signature line.
  const signature = await clinician.client.request('POST', 'PersonalSignatures', {
    body: { owner: clinician.profile, signedName: 'Jane Doe' },
  });
  expect(signature.status).toBe(201);
  const uploaded = await clinician.client.request('POST', `PersonalSignatures/${signature.body.id}/content`, {
    raw: signaturePng(),
    headers: { 'content-type': 'image/png' },
  });
  expect(uploaded.status).toBeLessThan(300);
});
afterAll(() => t?.close());

/** A note on a 14:30-15:25 New York session (18:30Z), with a diagnosis and a place of service. */
async function writeNote(encounter: Record<string, unknown> = {}) {
  const e = await clinician.client.request('POST', 'Encounters', {
    body: {
      partition: patientId,
      subject: ref('Patient', patientId),
      participants: [
        { role: 'PrimaryPerformer', individual: clinician.profile },
        { role: 'SecondaryPerformer', individual: supervisor.profile },
      ],
      visitStatus: 'Show',
      location: { location: ref('Location', 'loc-main', 'Main clinic'), placeOfService: { code: '11', display: 'Office' } },
      diagnoses: [{ code: { system: 'ICD-10-CM', code: 'F41.1', display: 'Generalized anxiety disorder' } }],
      sessionTime: { mode: 'DurationMinutes', start: '2024-05-02T18:30:00Z', minutes: 55 },
      ...encounter,
    },
  });
  expect(e.status).toBe(201);
  const n = await clinician.client.request('POST', 'Notes', {
    body: {
      partition: patientId,
      kind: 'Note',
      encounter: ref('Encounter', e.body.id),
      encounterDate: '2024-05-02T18:30:00Z',
      sections: [{ key: 'narrative', title: 'Session narrative', kind: 'Narrative', narrative: '<p>Practised grounding.</p>' }],
      completion: 'Complete',
    },
  });
  expect(n.status).toBe(201);
  return n.body as { id: string; meta: { versionId: string } };
}

const sign = async (id: string, versionId: string) => {
  const signed = await clinician.client.request('POST', `Notes/${id}/sign`, { body: { versionId, ...ATTESTED } });
  expect(signed.status).toBe(200);
  return signed.body.note as { id: string; meta: { versionId: string } };
};

/** The printout's bytes and the text on its pages. */
async function printout(id: string, user = clinician): Promise<{ bytes: Buffer; text: string; lines: string[] }> {
  const cookie = [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(user.client.url(`Notes/${id}/printout`), { headers: { cookie } });
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  const lines = pdfLines(bytes);
  return { bytes, text: lines.join('\n'), lines };
}

describe('note printout', () => {
  it("shows a signed note as FINAL, signed by the author's name and credentials with the signature image", async () => {
    const note = await writeNote();
    await sign(note.id, note.meta.versionId);
    const { bytes, text, lines } = await printout(note.id);
    expect(lines).toContain('FINAL');
    expect(lines).toContain('Jane Doe, LCSW');
    expect(text).toMatch(/Author {2}· {2}Electronically signed \d\d\/\d\d\/\d{4} \d{1,2}:\d\d [AP]M/);
    // What the author attested at signing, under the signature.
    expect(text).toContain('Attested: "I attest that I provided the services documented');
    expect(text).not.toContain(clinician.profile.id);
    // The stored signature image is drawn (an image XObject), and "Printed by" names the reader.
    expect(bytes.toString('latin1')).toContain('/Subtype /Image');
    expect(text).toContain('by Jane Doe, LCSW');
    // Diagnoses with their ICD-10 codes, the place-of-service code, the other participants.
    expect(text).toContain('F41.1');
    expect(text).toContain('Generalized anxiety disorder');
    expect(text).toContain('11 - Office');
    expect(text).toContain('Sam Reyes, PhD (Secondary clinician)');
    // The footer's page number is its own line, never wrapped.
    expect(lines).toContain('Page 1 of 1');
  });

  it('prints times on the 12-hour clock, or the 24-hour clock under militaryTimeInPrintouts', async () => {
    const note = await writeNote();
    expect((await printout(note.id)).text).toContain('2:30 PM - 3:25 PM EDT');
    const updated = await t.request('PUT', `PracticePreferences/${preferences.id}`, {
      body: { ...preferences, militaryTimeInPrintouts: true },
    });
    expect(updated.status).toBe(200);
    preferences = updated.body;
    try {
      const { text } = await printout(note.id);
      expect(text).toContain('14:30 - 15:25 EDT');
      expect(text).not.toContain('PM');
    } finally {
      const back = await t.request('PUT', `PracticePreferences/${preferences.id}`, {
        body: { ...preferences, militaryTimeInPrintouts: false },
      });
      preferences = back.body;
    }
  });

  it("prints every time on the practice's clock, naming its zone, whatever the server's clock", async () => {
    const note = await writeNote({ sessionTime: { mode: 'DurationMinutes', start: '2024-05-03T05:30:00Z', minutes: 55 } });
    const updated = await t.request('PUT', `PracticePreferences/${preferences.id}`, {
      body: { ...preferences, timeZone: 'America/Los_Angeles' },
    });
    expect(updated.status).toBe(200);
    preferences = updated.body;
    try {
      // 05:30Z on May 3 is 10:30 PM on May 2 in Los Angeles: the date of service is the practice's.
      const { text } = await printout(note.id);
      expect(text).toContain('10:30 PM - 11:25 PM PDT');
      expect(text).toMatch(/Date of service: \n?05\/02\/2024/);
      expect(text).toMatch(/Printed \d\d\/\d\d\/\d{4} \d{1,2}:\d\d [AP]M P[DS]T by/);
    } finally {
      const back = await t.request('PUT', `PracticePreferences/${preferences.id}`, {
        body: { ...preferences, timeZone: 'America/New_York' },
      });
      preferences = back.body;
    }
  });

  it('marks a draft PRELIMINARY and a note owed a co-signature as awaiting it, naming the supervisor', async () => {
    const draft = await writeNote();
    expect((await printout(draft.id)).lines).toContain('PRELIMINARY (DRAFT)');
    const owed = await writeNote({ program: ref('Program', 'prog-supervised', 'Supervised') });
    await sign(owed.id, owed.meta.versionId);
    const { lines, text } = await printout(owed.id);
    expect(lines).toContain('PRELIMINARY - AWAITING CO-SIGNATURE');
    expect(text).toContain('Awaiting co-signature by Sam Reyes, PhD');
  });

  it('shows AMENDED with the amendment trail, then ENTERED IN ERROR with its reason', async () => {
    const note = await writeNote();
    const signed = await sign(note.id, note.meta.versionId);
    const amended = await clinician.client.request('POST', `Notes/${note.id}/amend`, {
      body: {
        versionId: signed.meta.versionId,
        reason: 'Added the homework.',
        changes: {
          sections: [
            { key: 'narrative', title: 'Session narrative', kind: 'Narrative', narrative: '<p>Practised grounding; homework set.</p>' },
          ],
        },
      },
    });
    expect(amended.status).toBe(200);
    const asAmended = await printout(note.id);
    expect(asAmended.lines).toContain('AMENDED');
    expect(asAmended.text).toMatch(/Amended by Jane Doe, LCSW on \d\d\/\d\d\/\d{4} [^\n]*Reason: Added the homework\./);
    expect(asAmended.text).toContain('Amending author');
    const eie = await clinician.client.request('POST', `Notes/${note.id}/entered-in-error`, {
      body: { versionId: amended.body.meta.versionId, reason: 'Wrong patient.' },
    });
    expect(eie.status).toBe(200);
    const asError = await printout(note.id);
    expect(asError.lines).toContain('ENTERED IN ERROR');
    expect(asError.text).toContain('Reason: Wrong patient.');
    expect(asError.text).toContain('Marked by Jane Doe, LCSW');
  });
});

describe('a printout whose reads fail', () => {
  const LIMIT_MS = 1000;
  let short: TestServer;
  beforeAll(async () => {
    // A second server on the same database with a short statement limit, so a read waiting on a
    // lock fails in a second, not fifteen.
    const defaults = { connectMs: 10_000, statementMs: LIMIT_MS, longStatementMs: 120_000 };
    short = await startTestServer({ env: { databaseLimits: defaults } });
  });
  afterAll(() => short?.close());

  it("fails with the database's 503 instead of printing a clinical document with its session left blank", async () => {
    const note = await writeNote();
    const cookie = [...clinician.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const url = `${short.url}/api/v1/practices/${t.practiceId}/Notes/${note.id}/printout`;
    expect((await fetch(url, { headers: { cookie } })).status).toBe(200);
    // The encounters' table held by another transaction: the encounter's read runs out of time.
    const holder = new pg.Client({ connectionString: inject('databaseUrl') });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE r_encounter IN ACCESS EXCLUSIVE MODE');
      const response = await fetch(url, { headers: { cookie } });
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toContain('json');
      expect(((await response.json()) as { title: string }).title).toBeTruthy();
    } finally {
      // Closing the connection rolls its transaction back and lets the table go.
      await holder.end();
    }
  });
});

/** A small valid PNG (8-bit grey, a diagonal stroke): enough for pdfkit to embed as an image. */
function signaturePng(width = 90, height = 24): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.from([0, ...Array.from({ length: width }, (_, x) => (Math.abs(Math.round((x * height) / width) - y) < 2 ? 0 : 255))]),
  );
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
