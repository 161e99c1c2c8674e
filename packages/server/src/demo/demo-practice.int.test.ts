import { randomUUID } from 'node:crypto';
import * as core from '@caseload/core';
import {
  DIAGNOSES,
  PLACES_OF_SERVICE,
  PRACTICE_ROLES,
  RELATIONSHIPS,
  RESOURCE_SCHEMAS,
  RESOURCE_TYPES,
  dateTimeFieldIssues,
  hasConcept,
  validateWithSchema,
  type Coding,
  type Resource,
  type Vocabulary,
} from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, type TestServer } from '../../test/harness.ts';
import { seededFaker } from './demo-faker.ts';
import { generateChart } from './demo-patients.generator.ts';
import { DEMO_SEED, demoPatientId } from './demo-population.ts';
import { DEMO_PASSWORD, createDemoPractice, demoSignIns } from './demo-practice.ts';
import { generateSetup } from './demo-setup.generator.ts';
import { generateStaff } from './demo-staff.generator.ts';

/**
 * The generated demo practice (docs/demo.md), at 200 patients: what it holds, that the same seed
 * gives the same practice and a larger run extends it, that its codes and records are valid, that
 * its sign-ins work over HTTP, and that its clinicians can work in it at once: write and sign a
 * note from a published definition, find their unsigned notes, co-sign, all through the real
 * server. Generated as of a fixed day, so every run sees the same practice. What the clinical work
 * holds, record by record, is checked in demo-clinical-work.int.test.ts.
 */

let t: TestServer;
const practiceId = `demo-${randomUUID().slice(0, 8)}`;
const domain = `${practiceId}.test`;
const PATIENTS = 200;
/** The moment the test practice is generated for (a Friday afternoon in its time zone). */
const AS_OF = new Date('2026-11-20T22:00:00Z');
let first: Awaited<ReturnType<typeof createDemoPractice>>;

const create = (patients: number) =>
  createDemoPractice(t.server.app.db, t.server.app.audit, t.server.app.practices, t.server.app.content, {
    practiceId,
    patients,
    domain,
    asOf: AS_OF,
  });

/** Every current record of the practice by type, straight from the tables (not through access control). */
async function stored(type: string): Promise<Resource[]> {
  const table = `r_${type.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()}`;
  const r = await t.server.app.db.pool.query<{ body: Resource }>(`SELECT body FROM ${table} WHERE practice_id = $1 ORDER BY id`, [
    practiceId,
  ]);
  return r.rows.map((row) => row.body);
}

beforeAll(async () => {
  t = await startTestServer();
  first = await create(PATIENTS);
});
afterAll(() => t?.close());

describe('the generated practice', () => {
  it('has the set-up, 25 staff across every practice role and 200 patients', async () => {
    expect(first.patientsAdded).toBe(PATIENTS);
    expect(await stored('Program')).toHaveLength(3);
    const locations = await stored('Location');
    expect(locations.map((l: any) => l.placeOfService.code).sort()).toEqual(['02', '03', '10', '11', '12']);
    const services = await stored('HealthcareService');
    const codes = services.map((s: any) => s.code.code);
    for (const code of ['90791', '90832', '90834', '90837', '90846', '90847', '90853', 'H0031', 'H2019']) expect(codes).toContain(code);
    expect(services.find((s: any) => s.code.code === '90853')!.flags).toContain('SupportsGroups');
    expect(services.filter((s: any) => s.flags.includes('RequireUnits')).every((s: any) => s.unitMinutes > 0)).toBe(true);
    expect((await stored('Organization')).filter((o: any) => o.kind === 'Provider')).toHaveLength(1);
    expect((await stored('District')).length).toBeGreaterThanOrEqual(1);
    expect((await stored('Listing')).length).toBeGreaterThanOrEqual(3);
    expect((await stored('Group'))[0]!.members as unknown[]).not.toHaveLength(0);
    expect(await stored('Practitioner')).toHaveLength(25);
    const roles = new Set(first.staff.map((s) => s.role));
    for (const role of PRACTICE_ROLES.filter((r) => r.name !== 'Patient')) expect(roles).toContain(role.name);
    expect(await stored('Patient')).toHaveLength(PATIENTS);
  });

  it('gives every patient an MRN, a care team of 1 to 3 staff and an episode with 1 to 3 diagnoses', async () => {
    const staffIds = new Set((await stored('Practitioner')).map((p) => p.id));
    const patients = await stored('Patient');
    expect(new Set(patients.map((p: any) => p.mrn)).size).toBe(PATIENTS);
    for (const p of patients as any[]) {
      expect(p.careTeam.length).toBeGreaterThanOrEqual(1);
      expect(p.careTeam.length).toBeLessThanOrEqual(3);
      for (const m of p.careTeam) expect(staffIds).toContain(m.member.id);
      expect(p.names[0].family).toBeTruthy();
    }
    const episodes = await stored('EpisodeOfCare');
    const conditions = new Map((await stored('Condition')).map((c) => [c.id, c]));
    expect(new Set(episodes.map((e) => e.partition)).size).toBe(PATIENTS);
    for (const e of episodes as any[]) {
      expect(e.diagnoses.length).toBeGreaterThanOrEqual(1);
      expect(e.diagnoses.length).toBeLessThanOrEqual(3);
      for (const d of e.diagnoses) expect(conditions.get(d.condition.id)!.partition).toBe(e.partition);
    }
    // Some of the rest of a chart, as a real caseload has.
    for (const type of ['Allergy', 'Medication', 'Coverage', 'RelatedPerson']) expect((await stored(type)).length).toBeGreaterThan(0);
    expect(patients.some((p: any) => p.names.some((n: any) => n.use === 'Nickname' || n.use === 'Preferred'))).toBe(true);
  });

  it('uses only codes of the vocabularies', async () => {
    const check = (vocab: Vocabulary, coding: Coding | undefined) => {
      if (coding) expect(hasConcept(vocab, coding.code), `${coding.code} in ${vocab.system}`).toBe(true);
    };
    for (const c of (await stored('Condition')) as any[]) {
      check(DIAGNOSES, c.code);
      expect(c.code.code.startsWith('F')).toBe(true);
    }
    for (const l of (await stored('Location')) as any[]) check(PLACES_OF_SERVICE, l.placeOfService);
    for (const r of (await stored('RelatedPerson')) as any[]) check(RELATIONSHIPS, r.relationship);
    for (const p of (await stored('Patient')) as any[]) {
      check(core.GENDER_IDENTITIES, p.genderIdentity);
      check(core.ETHNICITIES, p.ethnicity);
      for (const race of p.race) check(core.RACES, race);
      for (const a of p.addresses) expect(hasConcept(core.US_STATES, a.state)).toBe(true);
      for (const m of p.careTeam) check(core.CARE_TEAM_ROLES, m.role);
    }
  });

  it('passes the core schemas as the server checks writes (strict), every record of every type that has one', async () => {
    let checked = 0;
    for (const [type, schema] of Object.entries(RESOURCE_SCHEMAS)) {
      for (const record of await stored(type)) {
        const issues = validateWithSchema(schema, record, { strict: true, context: { today: '2026-11-22' } });
        expect(issues, `${type} ${record.id}`).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(PATIENTS * 4);
  });

  it(
    'holds only valid dates and times, in every record of every ' + 'type (the write path checks them; the demo is bulk-inserted)',
    async () => {
      let checked = 0;
      for (const type of RESOURCE_TYPES.filter((t) => t.scope === 'practice' && t.apiWritable)) {
        for (const record of await stored(type.name)) {
          expect(dateTimeFieldIssues(type.name, record), `${type.name} ${record.id}`).toEqual([]);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(PATIENTS * 4);
    },
  );

  it("has the portal patient's scribe sessions, each with its transcript, two with a drafted note citing it", async () => {
    const notes = (await stored('Note')) as (Resource & Record<string, any>)[];
    const all = notes.filter((n) => n.partition === demoPatientId(DEMO_SEED, 1) && n.kind === 'ScribeSession');
    expect(all.map((s) => s.scribe.format).sort()).toEqual(['BIRP', 'DAP', 'GIRPP']);
    const waiting = all.find((s) => s.scribe.format === 'DAP')!;
    expect(waiting.scribe.transcription).toBeDefined();
    expect(waiting.scribe.generatedNote).toBeUndefined();
    // Each session's Dialogue, written by the same import: its clinician and the portal patient by their labels.
    const dialogues = (await stored('Dialogue')) as (Resource & Record<string, any>)[];
    for (const session of all) {
      const dialogue = dialogues.find((d) => d.id === session.scribe.dialogue?.id)!;
      expect(dialogue.scribeSession.id).toBe(session.id);
      expect(dialogue.participants.map((p: { role: string; individual: { id: string } }) => [p.role, p.individual.id]).sort()).toEqual(
        [
          ['Clinician', session.author.id],
          ['Patient', session.partition],
        ].sort(),
      );
    }
    const sessions = all.filter((s) => s !== waiting);
    for (const session of sessions) {
      expect(session.scribe.transcription).toBeDefined();
      const draft = notes.find((n) => n.id === session.scribe.generatedNote?.id)!;
      expect(draft.generation.format).toBe(session.scribe.format);
      expect(draft.generation.sentences.filter((x: { evidence: string[] }) => x.evidence.length > 0).length).toBeGreaterThan(2);
    }
  });

  it('offers the note formats of a behavioural-health practice, valid as the server checks a write', async () => {
    const [preferences] = (await stored('PracticePreferences')) as (Resource & Record<string, unknown>)[];
    expect(core.offeredFormats(preferences!.scribeFormatConfigurations)).toEqual(['BIRP', 'DAP', 'GIRPP', 'BEHAVIORAL_SOAP']);
    expect(core.validateWithSchema(core.practicePreferencesSchema, preferences, { strict: true })).toEqual([]);
  });

  it('shows each record as the server would (display from names, set-up records from their name)', async () => {
    for (const p of (await stored('Patient')) as any[]) expect(p.display).toBe(core.patientDisplay(p));
    for (const p of (await stored('Practitioner')) as any[]) expect(p.display).toBe(core.practitionerDisplay(p));
    for (const type of ['Organization', 'District', 'Program', 'Location', 'HealthcareService', 'Listing', 'Group']) {
      for (const r of (await stored(type)) as any[]) expect(r.display).toBe(r.name);
    }
  });
});

describe('determinism', () => {
  it('stores exactly what the seed generates, whatever else ran before', async () => {
    const faker = seededFaker(DEMO_SEED);
    const setup = generateSetup(faker, DEMO_SEED);
    const { staff } = generateStaff(faker, DEMO_SEED, setup);
    const context = { seed: DEMO_SEED, setup, clinicians: staff.filter((s) => s.clinician).map((s) => s.practitioner) };
    // Out of order on purpose: patient n depends on the seed and n only.
    for (const n of [37, 2, 50]) {
      const [patient] = generateChart(faker, context, n);
      const [row] = (await stored('Patient')).filter((p) => p.id === demoPatientId(DEMO_SEED, n));
      expect(row).toEqual(patient);
    }
    expect(generateSetup(seededFaker(7), 7).organization).not.toEqual(setup.organization);
  });

  it('a second run writes nothing; a larger one adds only the new patients', async () => {
    const before = await stored('Patient');
    const again = await create(PATIENTS);
    expect(again).toMatchObject({ patientsAdded: 0, recordsAdded: 0 });
    const more = await create(PATIENTS + 10);
    expect(more.patientsAdded).toBe(10);
    const after = await stored('Patient');
    expect(after).toHaveLength(PATIENTS + 10);
    for (const p of before) expect(after.find((a) => a.id === p.id)).toEqual(p);
  });

  it('audits each run that wrote records as an import', async () => {
    const r = await t.server.app.db.pool.query(
      `SELECT body FROM r_audit_event WHERE practice_id = $1 AND body->'type'->>'code' = '110107'`,
      [practiceId],
    );
    expect(r.rows).toHaveLength(2);
  });
});

/**
 * The portal patient's forms, as her portal reads them (docs/portal.md): three assigned to her to
 * fill in, three she sent, each answering a questionnaire she may read.
 */
async function expectPortalForms(client: ApiClient): Promise<void> {
  const patientId = demoPatientId(DEMO_SEED, 1);
  const r = await client.request('POST', 'QuestionnaireResponses/queries', {
    headers: { 'x-partition-key': patientId },
    body: [{ field: 'author.id', op: 'eq', value: patientId }],
  });
  expect(r.status, r.text).toBe(200);
  // The portal's Forms (the parts of packets are the Paperwork's).
  const byCompletion = (c: string) =>
    r.body
      .filter((x: any) => x.completion === c && !x.packetResponse)
      .map((x: any) => x.questionnaire.display)
      .sort();
  expect(byCompletion('NotStarted')).toEqual(['Before your visit', 'GAD-7', 'PHQ-9']);
  expect(byCompletion('Complete')).toEqual(['Before your visit', 'GAD-7', 'PHQ-9']);
  for (const x of r.body) {
    expect(x.authored < AS_OF.toISOString(), 'dated before the day the demo is made').toBe(true);
    expect((await client.request('GET', `Questionnaires/${x.questionnaire.id}`)).status).toBe(200);
  }
}

describe('the demo sign-ins', () => {
  it('sign in over HTTP, one per practice role and the patient portal, each as its own profile', async () => {
    const signIns = demoSignIns(domain);
    expect(signIns.length).toBe(PRACTICE_ROLES.length + 1);
    for (const { role, email } of signIns) {
      const client = new ApiClient(t.url, `${t.url}/api/v1/practices/${practiceId}/`);
      await client.signIn(email, DEMO_PASSWORD);
      if (role.startsWith('Internal')) continue;
      const me = await client.request('GET', '/api/v1/auth/session');
      expect(me.status, role).toBe(200);
      if (role === 'Patient (portal)') {
        const own = await client.request('GET', `Patients/${demoPatientId(DEMO_SEED, 1)}`);
        expect(own.status).toBe(200);
        expect(own.body.mrn).toBe('M0000001');
        expect((await client.request('GET', `Patients/${demoPatientId(DEMO_SEED, 2)}`)).status).toBe(404);
        await expectPortalForms(client);
        continue;
      }
      const member = first.staff.find((s) => s.role === role && s.signIn)!;
      const profile = await client.request('GET', `Practitioners/${member.practitioner.id}`);
      expect(profile.status, role).toBe(200);
      expect(profile.body.display).toBe(member.practitioner.display);
    }
  });

  it("a clinician finds the practice's patients", async () => {
    const client = new ApiClient(t.url, `${t.url}/api/v1/practices/${practiceId}/`);
    await client.signIn(demoSignIns(domain).find((s) => s.role === 'Non-Prescribing Clinician')!.email, DEMO_PASSWORD);
    const list = await client.request('GET', 'Patients?pageSize=100&orderBy=Mrn');
    expect(list.status).toBe(200);
    expect(list.body[0].mrn).toBe('M0000001');
    expect(list.body.length).toBe(100);
  });
});

/** A demo sign-in of the practice, signed in over HTTP. */
async function signedIn(role: string): Promise<ApiClient> {
  const client = new ApiClient(t.url, `${t.url}/api/v1/practices/${practiceId}/`);
  await client.signIn(demoSignIns(domain).find((s) => s.role === role)!.email, DEMO_PASSWORD);
  return client;
}

const ref = (r: any) => ({ resourceType: r.resourceType, id: r.id, display: r.display ?? r.name });

describe('the clinicians at work', () => {
  it('a clinician lists the published note definitions, starts a progress note for a patient of theirs, and signs it', async () => {
    const clinician = await signedIn('Practitioner');
    const me = first.staff.find((s) => s.role === 'Practitioner' && s.signIn)!.practitioner;
    const definitions = (await clinician.request('GET', 'NoteDefinitions?pageSize=100')).body as any[];
    const active = definitions
      .filter((d) => d.status === 'Active')
      .map((d) => d.name)
      .sort();
    expect(active).toEqual(['Documentation note', 'Group therapy note', 'Individual progress note', 'Intake assessment']);
    const definition = definitions.find((d) => d.name === 'Individual progress note');
    // A patient of theirs with an open episode, as the chart knows it.
    const episodes = (await stored('EpisodeOfCare')) as any[];
    const patient = ((await stored('Patient')) as any[]).find(
      (p) => p.careTeam[0].member.id === me.id && episodes.some((e) => e.partition === p.id && e.status === 'active'),
    )!;
    const episode = episodes.find((e) => e.partition === patient.id && e.status === 'active');
    const conditions = (await stored('Condition')) as any[];
    const office = ((await stored('Location')) as any[]).find((l) => l.placeOfService.code === '11');
    const service = ((await stored('HealthcareService')) as any[]).find((s) => s.code.code === '90834');
    const zone = first.setup.timeZone;
    const yesterday = core.addDays(core.localDate(new Date(), zone), -1);
    const start = core.zonedInstant(yesterday, '10:00:00', zone).toISOString().replace('.000', '');
    const end = core.zonedInstant(yesterday, '10:45:00', zone).toISOString().replace('.000', '');
    const subject = { resourceType: 'Patient', id: patient.id, display: patient.display };
    const encounter = await clinician.request('POST', 'Encounters', {
      body: {
        partition: patient.id,
        subject,
        visitStatus: 'Show',
        visitMode: 'InPerson',
        participants: [
          { individual: ref(me), role: 'PrimaryPerformer' },
          { individual: subject, role: 'Patient' },
        ],
        serviceType: ref(service),
        program: episode.programs[0].program,
        episodeOfCare: { resourceType: 'EpisodeOfCare', id: episode.id },
        location: { location: ref(office), placeOfService: office.placeOfService },
        sessionTime: { mode: 'Duration', start, end },
        diagnoses: episode.diagnoses.map((d: any, i: number) => ({
          code: conditions.find((c) => c.id === d.condition.id).code,
          condition: d.condition,
          rank: i + 1,
        })),
      },
    });
    expect(encounter.status, encounter.text).toBe(201);
    const text = (key: string, narrative: string) => ({ key, kind: 'Narrative', narrative });
    const templates = (await clinician.request('GET', 'NoteTemplates?pageSize=100')).body as any[];
    const routine = templates.find((t) => t.definition.id === definition.id && t.name.startsWith('Routine follow-up'));
    const note = await clinician.request('POST', 'Notes', {
      body: {
        partition: patient.id,
        subject,
        kind: definition.noteKind,
        composition: 'Individual',
        definition: ref(definition),
        title: definition.name,
        encounter: { resourceType: 'Encounter', id: encounter.body.id },
        encounterDate: start,
        author: ref(me),
        completion: 'InProgress',
        sections: definition.sections
          .map((s: any) => ({ key: s.key, title: s.title, kind: s.kind, ...(s.form && { form: s.form }) }))
          .map((s: any) =>
            s.kind === 'Narrative'
              ? { ...s, ...text(s.key, '<p>Reviewed the week and practised paced breathing.</p>') }
              : // The mental status exam as the routine template fills it, as a clinician would apply it.
                s.kind === 'Form'
                ? { ...s, answers: routine.sections.find((t: any) => t.key === s.key)?.answers }
                : s,
          ),
      },
    });
    expect(note.status, note.text).toBe(201);
    const signed = await clinician.request('POST', `Notes/${note.body.id}/sign`, {
      body: { versionId: note.body.meta.versionId, attestationHash: core.authorAttestation(undefined).hash },
    });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.note).toMatchObject({ status: 'Final', signatures: [{ role: 'Author', signer: { id: me.id } }] });
  });

  it('a clinician finds their unsigned notes, oldest session first', async () => {
    const clinician = await signedIn('Practitioner');
    const unsigned = await clinician.request('GET', 'Notes/unsigned?pageSize=50');
    expect(unsigned.status).toBe(200);
    expect(unsigned.body.items.length).toBeGreaterThan(0);
    const me = first.staff.find((s) => s.role === 'Practitioner' && s.signIn)!.practitioner;
    for (const { note } of unsigned.body.items) expect(note).toMatchObject({ status: 'Preliminary', author: { id: me.id } });
  });

  it("the supervisor has the unlicensed clinicians' signed notes to co-sign, and co-signs one", async () => {
    const supervisor = await signedIn('Supervisor');
    const queue = await supervisor.request('GET', 'Notes/co-sign-queue?pageSize=50');
    expect(queue.status).toBe(200);
    expect(queue.body.items.length).toBeGreaterThan(0);
    const unlicensed = new Set(
      first.staff.filter((s) => s.clinician && s.practitioner.licences?.length === 0).map((s) => s.practitioner.id),
    );
    for (const note of queue.body.items) expect(unlicensed, note.author.display).toContain(note.author.id);
    const [owed] = queue.body.items;
    const coSigned = await supervisor.request('POST', `Notes/${owed.id}/co-sign`, {
      body: { versionId: owed.meta.versionId, attestationHash: core.owedCoSignerAttestation(owed.pendingSignatures?.[0]).hash },
    });
    expect(coSigned.status, coSigned.text).toBe(200);
    expect(coSigned.body.note.status).toBe('Final');
  });
});

describe('the notes set-up', () => {
  it(
    'is what the server accepts: each definition, template, rule, ' +
      'signature configuration and form sent back unchanged is stored (200)',
    async () => {
      const counts: Record<string, number> = {};
      for (const collection of [
        'Forms',
        'NoteDefinitions',
        'NoteTemplates',
        'NoteRules',
        'SignatureConfigurations',
        'PracticePreferences',
      ]) {
        const at = `/api/v1/practices/${practiceId}/${collection}`;
        const list = (await t.request('GET', `${at}?pageSize=100`)).body as any[];
        counts[collection] = list.length;
        for (const record of list) {
          const put = await t.request('PUT', `${at}/${record.id}`, { body: record });
          expect(put.status, `${collection} ${record.name ?? record.id}: ${put.text}`).toBe(200);
          expect(put.body.status).toBe(record.status);
        }
      }
      expect(counts).toEqual({
        Forms: 1,
        NoteDefinitions: 4,
        NoteTemplates: 6,
        NoteRules: 11,
        SignatureConfigurations: 1,
        PracticePreferences: 1,
      });
    },
  );
});
