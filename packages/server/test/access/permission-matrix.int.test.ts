import {
  ASSOCIATE_ROLES,
  GRANT_SETS,
  MESSAGES,
  PRACTICE_ROLES,
  RESOURCE_TYPES,
  can,
  hasFlag,
  portalAccess,
  rolePermissions,
  type Action,
  type Permission,
  type PortalSubject,
  type Reference,
  type Resource,
  type ResourceTypeDefinition,
} from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePeopleBody } from '../../src/people/people-samples.ts';
import { currentTable } from '../../src/storage/table-names.ts';
import { startTestServer, type ApiClient, type ApiResponse, type TestServer } from '../harness.ts';
import { sampleNoteBody, sampleNoteConfigBody } from '../note-samples.ts';
import { PATCH_JSON, mapLimit, pool, signInAssociate } from './support.ts';

/**
 * The permission matrix of issue 3's Proof: every named practice role (and the related-person
 * portal login, and every associate role) × every practice resource type × every action, called
 * over HTTP against the real server, compared with the documented model in packages/core
 * (`rolePermissions` + `can`; the portal table for portal logins; docs/access.md).
 *
 * Each subject creates one resource of every type, reads the seeded one, queries the collection,
 * updates its own fresh resource (PATCH, then PUT) and deletes it. Allowed calls must answer the
 * call's success status (or the documented non-permission 4xx); refused ones exactly 403 with the
 * spec's message. Every mismatch is listed as (subject, type, action, expected, got).
 *
 * Personal records (docs/access.md, "Personal records are their owner's") are checked on both
 * sides: the subject's own record (created by the subject; a Notification addressed to it) must
 * answer per its permissions, and another user's record 404 unless a flag lifts the rule (and
 * anyone may read a signature). The server sets the owner: a create or update naming someone else
 * still leaves the record its creator's. GrantSet reads go to the catalogue by its kebab-case id.
 */

type OwnCheck = 'Create' | 'Read' | 'Query' | 'Update (PATCH)' | 'Update (PUT)' | 'Delete';
type AnothersCheck = "Read (another's)" | "Update (another's PATCH)" | "Update (another's PUT)" | "Delete (another's)";
type Check = OwnCheck | AnothersCheck | 'Read (unknown id)';
const ACTION_OF: Record<Check, Action> = {
  Create: 'Create',
  Read: 'Read',
  Query: 'Read',
  'Update (PATCH)': 'Update',
  'Update (PUT)': 'Update',
  Delete: 'Delete',
  "Read (another's)": 'Read',
  "Update (another's PATCH)": 'Update',
  "Update (another's PUT)": 'Update',
  "Delete (another's)": 'Delete',
  'Read (unknown id)': 'Read',
};
const SUCCESS: Record<Check, number> = {
  Create: 201,
  Read: 200,
  Query: 200,
  'Update (PATCH)': 200,
  'Update (PUT)': 200,
  Delete: 204,
  "Read (another's)": 200,
  "Update (another's PATCH)": 200,
  "Update (another's PUT)": 200,
  "Delete (another's)": 204,
  'Read (unknown id)': 200,
};
const ANOTHERS_CHECKS: readonly AnothersCheck[] = [
  "Read (another's)",
  "Update (another's PATCH)",
  "Update (another's PUT)",
  "Delete (another's)",
];

/**
 * docs/access.md, "Personal records are their owner's": SecurityTokens by `owner` unless
 * SecurityTokenManagement, Notifications by `recipient` unless AccessAllNotifications,
 * PersonalPreferences by `owner`, PersonalSignatures by `owner` for writing only.
 */
const OWNED: Readonly<
  Record<string, { field: 'owner' | 'recipient'; readableByAll?: boolean; liftedBy?: 'SecurityTokenManagement' | 'AccessAllNotifications' }>
> = {
  SecurityToken: { field: 'owner', liftedBy: 'SecurityTokenManagement' },
  Notification: { field: 'recipient', liftedBy: 'AccessAllNotifications' },
  PersonalPreferences: { field: 'owner' },
  PersonalSignature: { field: 'owner', readableByAll: true },
};
/** A `created` every create and PUT sends: the server's own time must win on every type (docs/api.md). */
const FORGED_CREATED = '2999-01-01T00:00:00.000Z';
/** "The server sets the owner; an update cannot hand a record to someone else" (and a token's owner is its creator). */
const SERVER_SET_OWNER = new Set(['SecurityToken', 'PersonalPreferences', 'PersonalSignature']);
/**
 * Types only the server creates, from the calls that own them (a Dialogue from its scribe session's
 * transcript, docs/scribe.md): a permitted POST is refused as a write of server-owned fields (400).
 */
const SERVER_CREATED = new Set(['Dialogue']);

interface Subject {
  label: string;
  client: ApiClient;
  /** The acting profile, for records the portal reaches by owner. */
  profile: Reference;
  portal?: PortalSubject;
  associate?: boolean;
  permissions: ReadonlySet<Permission>;
  /** False for associates without ViewAllPractices: the practice is hidden from them. */
  reachesPractice: boolean;
}

const PRACTICE_TYPES = RESOURCE_TYPES.filter((t) => t.scope === 'practice');
/** A catalogue grant set, by its id (its name in kebab case), and an id no grant set has. */
const GRANT_SET_ID = 'read-patients';
const UNKNOWN_GRANT_SET_ID = 'no-such-grant-set';

let t: TestServer;
/** The portal patient: every partitioned resource lives in this patient's partition. */
let patientId: string;
/** Another staff member: the owner (or recipient) of "another user's" personal records. */
let bystander: { client: ApiClient; profile: Reference };
/** One seeded resource of each type, read by every subject. */
const seed = new Map<string, Resource>();
/** Each subject's own resource of every type, updated and deleted by that subject only. */
const fresh = new Map<string, Map<string, Resource>>();
/** For each subject, a personal record of every owned type that belongs to the bystander, not to it. */
const anothers = new Map<string, Map<string, Resource>>();
let auditEventId: string;
const subjects: Subject[] = [];

const ref = (r: { resourceType: string; id: string }): Reference => ({ resourceType: r.resourceType, id: r.id });
const sameRef = (a: unknown, b: Reference) =>
  typeof a === 'object' && a !== null && (a as Reference).resourceType === b.resourceType && (a as Reference).id === b.id;
const checksOf = (type: ResourceTypeDefinition): Check[] => [
  'Create',
  'Read',
  'Query',
  'Update (PATCH)',
  'Update (PUT)',
  'Delete',
  ...(OWNED[type.name] ? ANOTHERS_CHECKS : []),
  ...(type.name === 'GrantSet' ? (['Read (unknown id)'] as const) : []),
];

/**
 * A published questionnaire with one question: valid to create (docs/forms.md, publishing checks)
 * and answerable, so the QuestionnaireResponses that refer to the seeded one can be created.
 */
const publishedQuestionnaire = (label: string) => ({
  title: label,
  status: 'Active',
  items: [{ linkId: 'feeling', type: 'String', text: 'How are you feeling?' }],
});

/**
 * What a new resource of a type looks like, so the portal reaches it (partition, assignment); `extra` adds fields.
 * People, chart and set-up types take the smallest body their schema accepts (samplePeopleBody),
 * questionnaires and forms a published one, notes sampleNoteBody: the server refuses what a form would.
 */
function bodyFor(type: ResourceTypeDefinition, label: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { display: `${type.name} ${label}` };
  if (type.partitioned) body.partition = patientId;
  Object.assign(body, samplePeopleBody(type.name, patientId, label), sampleNoteConfigBody(type.name, label));
  const s = (name: string) => ref(seed.get(name)!);
  switch (type.name) {
    case 'Form':
    case 'Questionnaire':
      Object.assign(body, publishedQuestionnaire(`${type.name} ${label}`));
      break;
    case 'Note':
      Object.assign(body, sampleNoteBody(patientId, String(body.display)));
      break;
    case 'DocumentReference':
      // The portal reaches only shared documents; a subject's own create leaves it unshared, since
      // sharing is managing documents, which not every role that creates them may do.
      if (!label.startsWith('by ')) body.sharedWithPatient = true;
      break;
    case 'Packet':
      body.name = String(body.display);
      body.forms = [{ key: 'form', kind: 'Questionnaire', title: 'Form', required: true, form: s('Form') }];
      break;
    case 'PacketResponse':
      body.packet = s('Packet');
      break;
    case 'QuestionnaireResponse':
      // A response in progress with nothing answered yet: answers are a map, required ones only on completion.
      body.questionnaire = s('Questionnaire');
      body.completion = 'InProgress';
      body.answers = {};
      break;
    case 'SecurityToken':
      return { patientAllowances: [], ...extra };
    case 'Schedule':
      Object.assign(body, {
        actor: { resourceType: 'Practitioner', id: 'matrix-clinician' },
        workingHours: [{ weekday: 'Monday', startTime: '09:00', endTime: '17:00' }],
      });
      break;
    case 'Itinerary':
      Object.assign(body, { author: { resourceType: 'Practitioner', id: 'matrix-clinician' }, date: '2031-05-05', visits: [] });
      break;
    case 'CarePlan':
      Object.assign(body, { status: 'Active', elements: [] });
      break;
    case 'Transcription':
      body.segments = [{ id: 's1', start: 0, end: 4, speaker: 'Clinician', text: 'How was your week?' }];
      break;
    case 'CarePlanGoalTemplate':
      Object.assign(body, { name: String(body.display), goal: 'Reduce depressive symptoms' });
      break;
    case 'SpeechRule':
    case 'SpeechRuleTemplate':
      Object.assign(body, { spoken: `g a d seven ${label}`, written: 'GAD-7' });
      break;
    case 'CarePlanSession':
      Object.assign(body, { carePlan: s('CarePlan'), date: '2031-05-05', progress: [] });
      break;
    case 'CarePlanOutcome':
      Object.assign(body, { carePlan: s('CarePlan'), date: '2031-05-05', kind: 'Rating', value: 3 });
      break;
    case 'Appointment':
      // Proposed takes no time, so the subjects' appointments of one patient at one hour do not conflict.
      Object.assign(body, {
        status: 'proposed',
        owner: { resourceType: 'Practitioner', id: 'matrix-clinician' },
        start: '2031-05-05T14:00:00Z',
        end: '2031-05-05T15:00:00Z',
      });
      break;
  }
  return { ...body, ...extra };
}

/** The patch each type gets: a field every subject allowed to update may change (the portal table's). */
function changeOf(type: ResourceTypeDefinition, n: number): { path: string; value: unknown } {
  // A contact point's system is Phone or Email (SPEC.md enumerations) and a phone number has 7 to 15 digits.
  if (type.name === 'Patient' || type.name === 'RelatedPerson')
    return { path: 'telecom', value: [{ system: 'Phone', value: `555-010${n}` }] };
  // The portal may only cancel (allowAppointmentCancellation is on in this practice), an upcoming visit.
  if (type.name === 'Appointment') return { path: 'status', value: 'cancelled' };
  return { path: 'display', value: `changed ${n}` };
}

/**
 * Whether the subject reaches, for `action`, a record of the type that is not its own (and is
 * otherwise within its reach: the seeded records all live in the portal patient's partition). A
 * portal login reaches what the portal table says: with `owner` reach only its own records.
 */
function reachesAnothers(subject: Subject, type: ResourceTypeDefinition, action: Action): boolean {
  if (subject.portal) return portalAccess(subject.portal, type.name)?.reach !== 'owner';
  const owned = OWNED[type.name];
  if (!owned) return true;
  if (owned.readableByAll && action === 'Read') return true;
  return owned.liftedBy !== undefined && hasFlag(subject.permissions, 'administrative', owned.liftedBy);
}

/**
 * The documented answer to one check. `anothers` says the record aimed at is not the subject's
 * own (always so for the "(another's)" checks).
 */
function expected(subject: Subject, type: ResourceTypeDefinition, check: Check, anothers = check.includes("another's")): number {
  const action = ACTION_OF[check];
  // A practice the caller does not belong to answers 404 to everything, as if it did not exist.
  if (!subject.reachesPractice) return 404;
  // The server-only audit trail and the never-deleted types refuse these calls whoever asks.
  if (!type.apiWritable && action !== 'Read') return 405;
  if (action === 'Delete' && !type.deletable) return 405;
  const allowed = subject.portal
    ? (portalAccess(subject.portal, type.name)?.actions.includes(action) ?? false)
    : can(subject.permissions, action, type.name);
  if (!allowed) return 403;
  if (check === 'Create' && SERVER_CREATED.has(type.name)) return 400;
  // The grant-set catalogue has no grant set under this id.
  if (check === 'Read (unknown id)') return 404;
  // Another user's personal record is out of reach unless the rule is lifted: 404, not 403.
  if (anothers && check !== 'Create' && check !== 'Query' && !reachesAnothers(subject, type, action)) return 404;
  return SUCCESS[check];
}

/** May the subject do any of these checks (on a record of its own, or another's)? */
const mayAny = (s: Subject, x: ResourceTypeDefinition, checks: readonly Check[]) => checks.some((check) => expected(s, x, check) < 300);

async function createAsAdmin(path: string, body: Record<string, unknown>): Promise<Resource> {
  const r = await t.request('POST', path, { body });
  if (r.status !== 201) throw new Error(`seeding ${path}: ${r.status} ${r.text}`);
  return r.body;
}

/** A Dialogue as the server writes one: a scribe session on a new encounter, and a transcript imported into it. */
async function createDialogue(label: string): Promise<Resource> {
  const encounterType = PRACTICE_TYPES.find((x) => x.name === 'Encounter')!;
  const encounter = await createAsAdmin(encounterType.collection, bodyFor(encounterType, `of the Dialogue ${label}`));
  const session = await createAsAdmin('Notes/scribe-sessions', {
    partition: patientId,
    encounter: ref(encounter),
    author: { resourceType: 'Practitioner', id: 'matrix-clinician' },
  });
  const imported = await t.request('POST', `Notes/${session.id}/scribe/transcript`, {
    body: { format: 'text', text: 'Clinician: How was your week?\nClient: Better than the last.' },
  });
  if (imported.status !== 200) throw new Error(`seeding a Dialogue: ${imported.status} ${imported.text}`);
  return (await t.request('GET', `Dialogues/${imported.body.session.scribe.dialogue.id}`)).body;
}

/** A new resource of the type as the admin makes it: through the API, or for a server-created type as the server does. */
const seedOf = (type: ResourceTypeDefinition, label: string, extra: Record<string, unknown> = {}) =>
  type.name === 'Dialogue' ? createDialogue(label) : createAsAdmin(type.collection, bodyFor(type, label, extra));

async function createAs(client: ApiClient, path: string, body: Record<string, unknown>): Promise<Resource> {
  const r = await client.request('POST', path, { body });
  if (r.status !== 201) throw new Error(`seeding ${path}: ${r.status} ${r.text}`);
  return r.body;
}

beforeAll(async () => {
  t = await startTestServer();
  patientId = (await createAsAdmin('Patients', { display: 'Portal patient' })).id;
  seed.set('Patient', (await t.request('GET', `Patients/${patientId}`)).body);
  // Appointments are booked in Caseload here, and the portal may cancel them (docs/scheduling.md).
  const preferencesType = PRACTICE_TYPES.find((x) => x.name === 'PracticePreferences')!;
  seed.set(
    'PracticePreferences',
    await createAsAdmin(
      preferencesType.collection,
      bodyFor(preferencesType, 'seed', { appointmentCreation: true, allowAppointmentCancellation: true }),
    ),
  );
  // Definitions first: the responses and packets that assign them to the patient refer to them,
  // and a care plan before the sessions and outcomes of it.
  for (const name of ['Form', 'Questionnaire', 'Packet', 'Channel', 'CarePlan']) {
    const type = PRACTICE_TYPES.find((x) => x.name === name)!;
    seed.set(name, await createAsAdmin(type.collection, bodyFor(type, 'seed')));
  }
  const rest = PRACTICE_TYPES.filter((x) => !seed.has(x.name) && x.apiWritable && x.name !== 'GrantSet');
  await mapLimit(rest, 16, async (type) => {
    seed.set(type.name, await seedOf(type, 'seed'));
  });
  const relatedPerson = seed.get('RelatedPerson')!;
  const channel = ref(seed.get('Channel')!);
  // The seeded membership makes the patient a member of the channel; the related person joins too.
  await t.request(
    'PATCH',
    `ChannelMemberships/${seed.get('ChannelMembership')!.id}?versionId=${seed.get('ChannelMembership')!.meta.versionId}`,
    {
      headers: PATCH_JSON,
      body: [
        { op: 'add', path: '/channel', value: channel },
        { op: 'add', path: '/member', value: { resourceType: 'Patient', id: patientId } },
      ],
    },
  );
  await createAsAdmin('ChannelMemberships', { display: 'related person in channel', channel, member: ref(relatedPerson) });
  seed.set('ChannelMembership', (await t.request('GET', `ChannelMemberships/${seed.get('ChannelMembership')!.id}`)).body);
  const other = await t.createUser({ roles: ['Practitioner'] });
  bystander = { client: other.client, profile: other.profile };

  // Subjects: every named practice role, the related-person portal login, every associate role.
  const made = await mapLimit(PRACTICE_ROLES, 4, async (role): Promise<Subject> => {
    if (role.name === 'Patient') {
      const user = await t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: patientId });
      return {
        label: 'Patient',
        client: user.client,
        profile: user.profile,
        portal: 'Patient',
        permissions: new Set(),
        reachesPractice: true,
      };
    }
    const user = await t.createUser({ roles: [role.name] });
    return { label: role.name, client: user.client, profile: user.profile, permissions: rolePermissions(role.name), reachesPractice: true };
  });
  subjects.push(...made);
  const related = await t.createUser({ roles: [], profileType: 'RelatedPerson', profileId: relatedPerson.id });
  subjects.push({
    label: 'RelatedPerson (portal login)',
    client: related.client,
    profile: related.profile,
    portal: 'RelatedPerson',
    permissions: new Set(),
    reachesPractice: true,
  });
  const associates = await mapLimit(ASSOCIATE_ROLES, 4, async (role): Promise<Subject> => {
    const { client, accountId } = await signInAssociate(t, role.name);
    const permissions = rolePermissions(role.name, 'associate');
    return {
      label: `associate ${role.name}`,
      client,
      profile: { resourceType: 'Account', id: accountId },
      associate: true,
      permissions,
      reachesPractice: hasFlag(permissions, 'administrative', 'ViewAllPractices'),
    };
  });
  subjects.push(...associates);

  // Each subject's own resource of every type it may update or delete. Where it may do neither it
  // aims at the seeded resource, which must then come through unchanged. Personal records the
  // subject makes itself (its Create check); a notification is sent to it by the admin.
  const jobs = subjects.flatMap((s) =>
    PRACTICE_TYPES.filter((x) => x.apiWritable && x.name !== 'GrantSet' && (!OWNED[x.name] || x.name === 'Notification'))
      .filter((x) => mayAny(s, x, x.name === 'Notification' ? ['Read', 'Update (PATCH)', 'Delete'] : ['Update (PATCH)', 'Delete']))
      .map((x) => [s, x] as const),
  );
  await mapLimit(jobs, 24, async ([s, type]) => {
    const own = fresh.get(s.label) ?? new Map<string, Resource>();
    fresh.set(s.label, own);
    const extra = type.name === 'Notification' ? { recipient: s.profile } : {};
    own.set(type.name, await seedOf(type, s.label, extra));
  });
  // Another user's personal record of every owned type, one per subject, for the "(another's)"
  // checks: made by the bystander (so the server makes it the bystander's), or, for a notification,
  // sent to the bystander. Whoever has no permission on the type aims at the seeded one.
  const foreignJobs = subjects.flatMap((s) =>
    PRACTICE_TYPES.filter((x) => OWNED[x.name] && mayAny(s, x, ['Read', 'Update (PATCH)', 'Delete'])).map((x) => [s, x] as const),
  );
  await mapLimit(foreignJobs, 24, async ([s, type]) => {
    const theirs = anothers.get(s.label) ?? new Map<string, Resource>();
    anothers.set(s.label, theirs);
    const label = `of another than ${s.label}`;
    theirs.set(
      type.name,
      type.name === 'Notification'
        ? await createAsAdmin(type.collection, bodyFor(type, label, { recipient: bystander.profile }))
        : await createAs(bystander.client, type.collection, bodyFor(type, label)),
    );
  });
  const audit = await pool(t).query<{ id: string }>('SELECT id FROM r_audit_event WHERE practice_id = $1 LIMIT 1', [t.practiceId]);
  auditEventId = audit.rows[0]!.id;
}, 300_000);
afterAll(() => t?.close());

interface Outcome {
  subject: string;
  type: string;
  check: Check;
  expected: number;
  got: number;
  detail?: string;
}

/** What the matrix saw besides statuses: ownership kept, lists limited to what is reached. */
const ownership: string[] = [];
/** Records every write on which was refused: they must come through unchanged. */
const untouched = new Map<string, { type: string; resource: Resource }>();

/** Runs the checks of one subject on one type, in order, and returns their outcomes. */
async function runType(subject: Subject, type: ResourceTypeDefinition): Promise<Outcome[]> {
  const c = subject.client;
  const outcomes: Outcome[] = [];
  const owned = OWNED[type.name];
  const note = (check: Check, r: ApiResponse, anothers?: boolean) =>
    outcomes.push({
      subject: subject.label,
      type: type.name,
      check,
      expected: anothers === undefined ? expected(subject, type, check) : expected(subject, type, check, anothers),
      got: r.status,
      detail: r.body?.detail,
    });
  const partitionHeaders: Record<string, string> = type.partitioned ? { 'x-partition-key': patientId } : {};
  const mustBe = (what: string, ok: boolean) => {
    if (!ok) ownership.push(`${subject.label} | ${type.name} | ${what}`);
  };

  // Creating a personal record that names someone else as its owner still makes it the creator's,
  // and no record takes its creation time from the body.
  const claim = { created: FORGED_CREATED, ...(SERVER_SET_OWNER.has(type.name) ? { owner: bystander.profile } : {}) };
  const created = await c.request('POST', type.collection, { body: bodyFor(type, `by ${subject.label}`, claim) });
  note('Create', created);
  if (created.status === 201 && SERVER_SET_OWNER.has(type.name))
    mustBe('created with its creator as owner', sameRef(created.body.owner, subject.profile));
  if (created.status === 201) mustBe("created at the server's time", Math.abs(Date.parse(created.body.created) - Date.now()) < 10 * 60_000);

  // What this subject reads, and what it updates and deletes: its own personal record (the one
  // it just created, or a notification sent to it), else its fresh resource, else the seeded one.
  let own: Resource | undefined;
  if (type.name === 'Patient' && subject.portal === 'Patient') own = seed.get('Patient');
  else if (type.name === 'RelatedPerson' && subject.portal === 'RelatedPerson') own = seed.get('RelatedPerson');
  else if (SERVER_SET_OWNER.has(type.name)) own = created.status === 201 ? created.body : undefined;
  else own = fresh.get(subject.label)?.get(type.name);
  // Without a record of its own, a subject aims at the seeded one, which for a personal type is
  // another user's (the admin's, or nobody's notification).
  const ownIsOwn = !owned || own !== undefined;
  own ??= seed.get(type.name);
  const readId =
    type.name === 'GrantSet' ? GRANT_SET_ID : type.name === 'AuditEvent' ? auditEventId : owned ? own!.id : seed.get(type.name)!.id;
  const ownId = own?.id ?? (type.name === 'AuditEvent' ? auditEventId : GRANT_SET_ID);
  let version = own?.meta.versionId ?? 'v1';
  let current: Record<string, unknown> = own ?? { id: ownId, resourceType: type.name };
  const expectedHere = (check: Check) => expected(subject, type, check, !ownIsOwn);

  note('Read', await c.request('GET', `${type.collection}/${readId}`), !ownIsOwn);
  if (type.name === 'GrantSet') note('Read (unknown id)', await c.request('GET', `${type.collection}/${UNKNOWN_GRANT_SET_ID}`));
  const query = await c.request('POST', `${type.collection}/queries?pageSize=1000`, { body: [], headers: partitionHeaders });
  note('Query', query);
  const foreign = owned ? (anothers.get(subject.label)?.get(type.name) ?? seed.get(type.name)!) : undefined;
  if (owned && query.status === 200) {
    // A list holds one's own personal records, and another's only where they are reached.
    const listed = new Set((query.body as Resource[]).map((x) => x.id));
    if (ownIsOwn) mustBe('own record listed', listed.has(own!.id));
    mustBe(
      `another's record ${reachesAnothers(subject, type, 'Read') ? '' : 'not '}listed`,
      listed.has(foreign!.id) === reachesAnothers(subject, type, 'Read'),
    );
  }

  const first = changeOf(type, 1);
  const patched = await c.request('PATCH', `${type.collection}/${ownId}?versionId=${version}`, {
    headers: PATCH_JSON,
    body: [{ op: 'add', path: `/${first.path}`, value: first.value }],
  });
  note('Update (PATCH)', patched, !ownIsOwn);
  if (patched.status === 200) {
    current = patched.body;
    version = patched.body.meta.versionId;
  }
  // An update cannot hand a personal record to someone else: the owner stays the creator.
  const second = changeOf(type, 2);
  const put = await c.request('PUT', `${type.collection}/${ownId}?versionId=${version}`, {
    body: { ...current, [second.path]: second.value, ...claim },
  });
  note('Update (PUT)', put, !ownIsOwn);
  if (put.status === 200) {
    version = put.body.meta.versionId;
    if (SERVER_SET_OWNER.has(type.name) && ownIsOwn)
      mustBe('owner kept by an update naming another', sameRef(put.body.owner, subject.profile));
    mustBe('created kept by an update naming another time', put.body.created === current.created);
  }

  note('Delete', await c.request('DELETE', `${type.collection}/${ownId}?versionId=${version}`), !ownIsOwn);
  if (own && !(['Update (PATCH)', 'Update (PUT)', 'Delete'] as const).some((check) => expectedHere(check) < 300)) {
    untouched.set(`${type.name}/${own.id}`, { type: type.name, resource: own });
  }

  if (owned) {
    // Another user's record: reached only where the rule is lifted (or, for signatures, to read).
    const theirs = foreign!;
    let theirVersion = theirs.meta.versionId;
    let theirCurrent: Record<string, unknown> = theirs;
    note("Read (another's)", await c.request('GET', `${type.collection}/${theirs.id}`));
    const theirPatch = await c.request('PATCH', `${type.collection}/${theirs.id}?versionId=${theirVersion}`, {
      headers: PATCH_JSON,
      body: [{ op: 'add', path: '/display', value: `changed by ${subject.label}` }],
    });
    note("Update (another's PATCH)", theirPatch);
    if (theirPatch.status === 200) {
      theirCurrent = theirPatch.body;
      theirVersion = theirPatch.body.meta.versionId;
    }
    // Taking it over fails too: a lifted update keeps the previous owner.
    const takeOver = SERVER_SET_OWNER.has(type.name) ? { owner: subject.profile } : {};
    const theirPut = await c.request('PUT', `${type.collection}/${theirs.id}?versionId=${theirVersion}`, {
      body: { ...theirCurrent, display: `put by ${subject.label}`, ...takeOver },
    });
    note("Update (another's PUT)", theirPut);
    if (theirPut.status === 200) {
      theirVersion = theirPut.body.meta.versionId;
      if (SERVER_SET_OWNER.has(type.name))
        mustBe("another's owner kept by an update naming oneself", sameRef(theirPut.body.owner, ref(theirs.owner as Reference)));
    }
    note("Delete (another's)", await c.request('DELETE', `${type.collection}/${theirs.id}?versionId=${theirVersion}`));
    if (
      !(["Update (another's PATCH)", "Update (another's PUT)", "Delete (another's)"] as const).some(
        (check) => expected(subject, type, check) < 300,
      )
    ) {
      untouched.set(`${type.name}/${theirs.id}`, { type: type.name, resource: theirs });
    }
  }
  return outcomes;
}

describe('the permission matrix', () => {
  it('every role × every practice type × every action answers as docs/access.md says', async () => {
    const outcomes = (
      await mapLimit(subjects, 8, async (subject) => (await Promise.all(PRACTICE_TYPES.map((type) => runType(subject, type)))).flat())
    ).flat();
    expect(outcomes.length).toBe(subjects.length * PRACTICE_TYPES.reduce((n, type) => n + checksOf(type).length, 0));
    expect(new Set(outcomes.map((o) => `${o.subject}|${o.type}|${o.check}`)).size).toBe(outcomes.length);
    for (const subject of subjects) {
      for (const type of PRACTICE_TYPES) {
        const checks = outcomes.filter((o) => o.subject === subject.label && o.type === type.name).map((o) => o.check);
        expect(checks.sort(), `${subject.label} ${type.name}`).toEqual(checksOf(type).sort());
      }
    }

    const mismatches = outcomes
      .filter((o) => o.got !== o.expected || (o.expected === 403 && o.detail !== MESSAGES.forbidden))
      .map((o) => `${o.subject} | ${o.type} | ${o.check} | expected ${o.expected} | got ${o.got}${o.got >= 400 ? ` (${o.detail})` : ''}`);
    expect(mismatches, `${mismatches.length} of ${outcomes.length} calls differ from the documented model`).toEqual([]);
    // The server set every record's creation time and every personal record's owner, and lists
    // held only what each subject reaches.
    expect(ownership, 'server-owned fields and listing').toEqual([]);

    // Refused updates and deletes changed nothing: every seeded resource is as seeded, except the
    // portal logins' own records, which they may update; so is every own or another's record on
    // which each write was refused (403, or 404 for another user's personal record).
    const changed: string[] = [];
    const portalOwn = new Set([patientId, seed.get('RelatedPerson')!.id]);
    const targets = [...seed, ...[...untouched.values()].map(({ type, resource }) => [type, resource] as const)].filter(
      ([, resource]) => !portalOwn.has(resource.id),
    );
    for (const [name, resource] of targets) {
      const row = await pool(t).query<{ version_id: string; is_deleted: boolean }>(
        `SELECT version_id, is_deleted FROM ${currentTable(name)} WHERE practice_id = $1 AND id = $2`,
        [t.practiceId, resource.id],
      );
      const stored = row.rows[0];
      if (!stored || stored.version_id !== resource.meta.versionId || stored.is_deleted) {
        changed.push(`${name} ${resource.id}: stored version ${stored?.version_id}, deleted ${stored?.is_deleted}`);
      }
    }
    expect(untouched.size, 'records every write on which was refused').toBeGreaterThan(0);
    expect(changed, 'refused writes changed seeded resources').toEqual([]);
  }, 240_000);

  it('the GrantSet collection reads the catalogue of docs/access.md', async () => {
    // "82 grant sets ... The catalogue is code; the practice's GrantSet collection only reads it
    // (ids are the names in kebab case, `Read patients` → `read-patients`)."
    expect(GRANT_SETS.length).toBe(82);
    const administrative = subjects.find((s) => s.label === 'Administrative')!;
    const list = await administrative.client.request('GET', 'GrantSets?pageSize=1000');
    expect(list.status).toBe(200);
    expect(list.body.length, 'grant sets listed').toBe(82);
    expect(list.body.map((g: Resource) => g.display)).toEqual(GRANT_SETS.map((g) => g.name));
    const kebab = (name: string) =>
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
    expect(list.body.map((g: Resource) => g.id)).toEqual(GRANT_SETS.map((g) => kebab(g.name)));
    const one = await administrative.client.request('GET', `GrantSets/${GRANT_SET_ID}`);
    expect(one.status).toBe(200);
    const readPatients = GRANT_SETS.find((g) => g.name === 'Read patients')!;
    expect([one.body.id, one.body.display, one.body.permissions]).toEqual([GRANT_SET_ID, 'Read patients', [...readPatients.permissions]]);
    // Without GrantSet Read the catalogue is refused like any collection.
    const practitioner = subjects.find((s) => s.label === 'Practitioner')!;
    const refused = await practitioner.client.request('GET', 'GrantSets');
    expect([refused.status, refused.body?.detail]).toEqual([403, MESSAGES.forbidden]);
  });

  it('the matrix covers every named practice role and every associate role', () => {
    expect(subjects.map((s) => s.label)).toEqual([
      ...PRACTICE_ROLES.map((r) => r.name),
      'RelatedPerson (portal login)',
      ...ASSOCIATE_ROLES.map((r) => `associate ${r.name}`),
    ]);
    // Associates reach a practice only through ViewAllPractices; the rest see it as missing.
    const reaching = subjects.filter((s) => s.associate && s.reachesPractice).map((s) => s.label);
    expect(reaching).toEqual(['associate SysAdmin', 'associate Administrator', 'associate Implementation', 'associate Support']);
  });
});
