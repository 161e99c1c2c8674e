import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { sampleNoteBody } from './note-samples.ts';

/**
 * Reference expansion (docs/api.md "Reference expansion"): `?expand=` adds `resource` to each
 * reference at the named paths, by version for versioned references, across partitions and
 * including deleted targets; a missing target gets `expansionError`.
 */

let t: TestServer;
const PATIENT = 'patient-a';
const OTHER_PATIENT = 'patient-b';
let p1: any;
let p2: any;
let encounter: any;

const ref = (r: any, versioned = false) => ({
  resourceType: r.resourceType,
  id: r.id,
  display: r.display,
  ...(versioned && { versionId: r.meta.versionId }),
});

async function post(path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const r = await t.request('POST', path, { body, headers });
  expect(r.status, `${path}: ${r.text}`).toBe(201);
  return r.body;
}

/** A note the note rules accept (kind, author, an encounter) with these fields on top. */
const postNote = (body: { display: string; partition: string } & Record<string, unknown>) =>
  post('Notes', sampleNoteBody(body.partition, body.display, body));

async function inBatches<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return out;
}

beforeAll(async () => {
  t = await startTestServer();
  p1 = await post('Practitioners', { display: 'Dr One' });
  p2 = await post('Practitioners', { display: 'Dr Two' });
  encounter = await post('Encounters', {
    display: 'Visit 1',
    partition: PATIENT,
    participants: [
      { individual: ref(p1), role: 'PrimaryPerformer' },
      { individual: ref(p2), role: 'SecondaryPerformer' },
    ],
  });
});
afterAll(() => t?.close());

describe('expanding a read by id', () => {
  it('adds resource to the encounter and to every participant individual, keeping the reference fields', async () => {
    const note = await postNote({
      display: 'Progress note',
      partition: PATIENT,
      encounter: ref(encounter),
      participants: [{ individual: ref(p1), role: 'PrimaryPerformer' }, { individual: ref(p2) }, { role: 'Participation' }],
    });
    const r = await t.request('GET', `Notes/${note.id}?expand=encounter,participants.individual`);
    expect(r.status).toBe(200);
    expect(r.body.encounter).toEqual({ ...ref(encounter), resource: encounter });
    expect(r.body.participants).toEqual([
      { individual: { ...ref(p1), resource: p1 }, role: 'PrimaryPerformer' },
      { individual: { ...ref(p2), resource: p2 } },
      { role: 'Participation' },
    ]);
    // Only what was asked for, and nothing stored.
    const one = await t.request('GET', `Notes/${note.id}?expand=encounter`);
    expect(one.body.participants[0].individual.resource).toBeUndefined();
    const plain = await t.request('GET', `Notes/${note.id}`);
    expect(plain.body).toEqual(note);
  });

  it('expands a versioned reference to that version after the target changed; an unversioned one to the current', async () => {
    const target = await post('Encounters', { display: 'Before', partition: PATIENT });
    const note = await postNote({
      display: 'versioned',
      partition: PATIENT,
      encounter: ref(target, true),
      partOf: ref(target),
    });
    const changed = await t.request('PUT', `Encounters/${target.id}?versionId=${target.meta.versionId}`, {
      body: { ...target, display: 'After' },
    });
    expect(changed.status).toBe(200);

    const r = await t.request('GET', `Notes/${note.id}?expand=encounter,partOf`);
    expect(r.body.encounter.resource.meta.versionId).toBe(target.meta.versionId);
    expect(r.body.encounter.resource.display).toBe('Before');
    expect(r.body.partOf.resource.meta.versionId).toBe(changed.body.meta.versionId);
    expect(r.body.partOf.resource.display).toBe('After');
  });

  it('expands a versioned reference to a version written without history', async () => {
    const target = await post('Encounters', { display: 'Draft', partition: PATIENT });
    const draft = await t.request('PUT', `Encounters/${target.id}?versionId=${target.meta.versionId}`, {
      body: { ...target, display: 'Draft 2' },
      headers: { 'x-no-history': 'true' },
    });
    const note = await postNote({ display: 'n', partition: PATIENT, encounter: ref(draft.body, true) });
    const r = await t.request('GET', `Notes/${note.id}?expand=encounter`);
    expect(r.body.encounter.resource).toEqual(draft.body);
  });

  it('expands across partitions and to deleted targets', async () => {
    const elsewhere = await post('Encounters', { display: 'Other patient', partition: OTHER_PATIENT });
    const removed = await post('Encounters', { display: 'Removed', partition: PATIENT });
    expect((await t.request('DELETE', `Encounters/${removed.id}?versionId=${removed.meta.versionId}`)).status).toBe(204);
    const note = await postNote({ display: 'n', partition: PATIENT, encounter: ref(elsewhere), partOf: ref(removed) });

    const r = await t.request('GET', `Notes/${note.id}?expand=encounter,partOf`, { headers: { 'x-partition-key': PATIENT } });
    expect(r.status).toBe(200);
    expect(r.body.encounter.resource).toEqual(elsewhere);
    expect(r.body.partOf.resource.id).toBe(removed.id);
    expect(r.body.partOf.resource.meta.isDeleted).toBe(true);
  });

  it('expands a global target (a SnippetTemplate) from a practice resource', async () => {
    const template = await post('/api/v1/SnippetTemplates', { display: `template ${randomUUID().slice(0, 8)}` });
    const snippet = await post('Snippets', { display: 's', template: ref(template) });
    const r = await t.request('GET', `Snippets/${snippet.id}?expand=template`);
    expect(r.body.template.resource).toEqual(template);
  });
});

describe('references that cannot be expanded', () => {
  it('keep their fields and get the catalogue expansionError, with and without a version', async () => {
    const missing = { resourceType: 'Encounter', id: 'missing-encounter', display: 'Gone', versionId: 'v-9' };
    const missingLatest = { resourceType: 'Practitioner', id: 'missing-practitioner' };
    const wrongVersion = { ...ref(encounter), versionId: 'no-such-version' };
    const note = await postNote({
      display: 'dangling',
      partition: PATIENT,
      encounter: missing,
      participants: [{ individual: missingLatest }, { individual: wrongVersion }, { individual: ref(p1) }],
    });
    const r = await t.request('GET', `Notes/${note.id}?expand=encounter,participants.individual`);
    expect(r.status).toBe(200);
    expect(r.body.encounter).toEqual({
      ...missing,
      expansionError: 'Reference Encounter missing-encounter (version v-9) could not be expanded.',
    });
    // docs/api.md gives one template, `(version {v})`; without a version {v} is empty.
    expect(r.body.participants[0].individual).toEqual({
      ...missingLatest,
      expansionError: 'Reference Practitioner missing-practitioner (version latest) could not be expanded.',
    });
    expect(r.body.participants[1].individual).toEqual({
      ...wrongVersion,
      expansionError: `Reference Encounter ${encounter.id} (version no-such-version) could not be expanded.`,
    });
    expect(r.body.participants[2].individual.resource).toEqual(p1);
  });

  it('a reference to an unknown type or to another practice network finds nothing', async () => {
    const other = `p-${randomUUID().slice(0, 12)}`;
    expect((await t.request('POST', `/api/v1/database/${other}`)).status).toBe(204);
    const foreign = await post(`/api/v1/practices/${other}/Encounters`, { display: 'Foreign', partition: PATIENT });
    const note = await postNote({
      display: 'n',
      partition: PATIENT,
      encounter: ref(foreign),
      partOf: { resourceType: 'Bogus', id: encounter.id },
    });
    const r = await t.request('GET', `Notes/${note.id}?expand=encounter,partOf`);
    expect(r.body.encounter.resource).toBeUndefined();
    expect(r.body.encounter.expansionError).toBe(`Reference Encounter ${foreign.id} (version latest) could not be expanded.`);
    expect(r.body.partOf.resource).toBeUndefined();
    expect(r.body.partOf.expansionError).toBe(`Reference Bogus ${encounter.id} (version latest) could not be expanded.`);
  });

  it('a target past its time-to-live is no longer readable through expansion either', async () => {
    const brief = await post('Encounters', { display: 'Brief', partition: PATIENT }, { 'x-time-to-live': '1' });
    const note = await postNote({ display: 'n', partition: PATIENT, encounter: ref(brief), partOf: ref(brief, true) });
    expect((await t.request('GET', `Notes/${note.id}?expand=encounter`)).body.encounter.resource).toEqual(brief);
    await sleep(1500);
    expect((await t.request('GET', `Encounters/${brief.id}`)).status).toBe(404);
    const r = await t.request('GET', `Notes/${note.id}?expand=encounter,partOf`);
    expect(r.body.encounter.resource).toBeUndefined();
    expect(r.body.encounter.expansionError).toContain(brief.id);
    expect(r.body.partOf.resource).toBeUndefined();
  });
});

describe('expand names', () => {
  it('refuses a name that is not configured for the type', async () => {
    const note = await postNote({ display: 'n', partition: PATIENT });
    for (const name of ['bogus', 'participants', 'Encounter', 'encounter.resource', 'careTeam.member']) {
      const r = await t.request('GET', `Notes/${note.id}?expand=encounter,${name}`);
      expect(r.status, name).toBe(400);
      expect(r.body.detail).toBe(`${name} is not a configured expandable for Note.`);
    }
    const list = await t.request('GET', 'Notes?expand=bogus', { headers: { 'x-partition-key': PATIENT } });
    expect(list.status).toBe(400);
    expect(list.body.detail).toBe('bogus is not a configured expandable for Note.');
  });

  it('refuses an unknown name even when the list is empty', async () => {
    const r = await t.request('GET', 'Notes?expand=bogus', { headers: { 'x-partition-key': 'patient-with-no-notes' } });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('bogus is not a configured expandable for Note.');
    const q = await t.request('POST', 'Notes/queries?expand=bogus', { body: [], headers: { 'x-partition-key': 'patient-with-no-notes' } });
    expect(q.status).toBe(400);
  });
});

describe('expanding lists', () => {
  it('expands every reference of a page of 120 notes (more than one batch of 100), versioned and not', async () => {
    const bulk = 'patient-bulk';
    const encounters = await inBatches(
      Array.from({ length: 120 }, (_, i) => i),
      20,
      (i) => post('Encounters', { display: `bulk encounter ${i}`, partition: bulk }),
    );
    const notes = await inBatches(encounters, 20, (e) =>
      postNote({ display: `bulk note for ${e.display}`, partition: bulk, encounter: ref(e), partOf: ref(e, true) }),
    );
    // Change half the encounters so versioned and current expansions differ.
    const changed = new Map<string, any>();
    await inBatches(
      encounters.filter((_, i) => i % 2 === 0),
      20,
      async (e) => {
        const r = await t.request('PUT', `Encounters/${e.id}?versionId=${e.meta.versionId}`, {
          body: { ...e, display: `${e.display} (changed)` },
        });
        changed.set(e.id, r.body);
      },
    );

    const r = await t.request('GET', 'Notes?pageSize=200&expand=encounter,partOf', { headers: { 'x-partition-key': bulk } });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(notes.length);
    const byId = new Map(encounters.map((e) => [e.id, e]));
    for (const note of r.body) {
      const original = byId.get(note.encounter.id);
      expect(note.encounter.expansionError).toBeUndefined();
      expect(note.encounter.resource).toEqual(changed.get(note.encounter.id) ?? original);
      expect(note.partOf.expansionError).toBeUndefined();
      expect(note.partOf.resource).toEqual(original);
    }

    // Queries expand the same way, across partitions too.
    const q = await t.request('POST', 'Notes/queries?pageSize=200&expand=encounter', {
      body: [{ field: 'display', op: 'startsWith', value: 'bulk note' }],
      headers: { 'x-enable-cross-partition': 'true' },
    });
    expect(q.body).toHaveLength(120);
    expect(q.body.every((n: any) => n.encounter.resource?.id === n.encounter.id)).toBe(true);
  });
});
