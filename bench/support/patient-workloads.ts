import { CARE_TEAM_ROLES, toCoding } from '@caseload/core';
import type { OutgoingRequest, Workload } from './load.ts';

/** The requests of bench/api-throughput.ts, against one practice's Patients collection. */

const CITIES = [
  'Springfield',
  'Riverton',
  'Lakeside',
  'Fairview',
  'Greenville',
  'Bristol',
  'Clinton',
  'Salem',
  'Madison',
  'Georgetown',
  'Franklin',
  'Arlington',
  'Ashland',
  'Dover',
  'Milton',
  'Newport',
  'Oxford',
  'Kingston',
  'Burlington',
  'Manchester',
];
const GIVEN = ['Ava', 'Liam', 'Noah', 'Emma', 'Olivia', 'Mason', 'Sophia', 'Lucas', 'Mia', 'Ethan', 'Zoe', 'Omar'];
const FAMILY = ['Smith', 'Nguyen', 'Garcia', 'Okafor', 'Kowalski', 'Haddad', 'Jensen', 'Silva', 'Brown', 'Tanaka'];

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
let created = 0;
/** A care-team role is a Coding of CARE_TEAM_ROLES, as the web client's picker writes it. */
const PRIMARY_CLINICIAN = toCoding(CARE_TEAM_ROLES, 'primary-clinician');

/** A Patient of about 700 bytes, the shape the web client writes. */
export function patientBody(): string {
  const n = ++created;
  const given = pick(GIVEN);
  const family = pick(FAMILY);
  const mrn = `MRN-${process.pid}-${n}`;
  return JSON.stringify({
    display: `${family}, ${given}`,
    name: { given: [given], family },
    gender: pick(['female', 'male', 'other']),
    birthDate: `19${10 + (n % 89)}-0${1 + (n % 9)}-1${n % 10}`,
    mrn,
    identifiers: [{ system: 'urn:caseload:mrn', value: mrn }],
    // Contact systems are SPEC.md's Phone and Email; the server refuses other spellings.
    telecom: [
      { system: 'Phone', value: `555-01${String(n % 100).padStart(2, '0')}` },
      { system: 'Email', value: `${given}.${family}${n}@example.org`.toLowerCase() },
    ],
    address: { line: [`${(n % 900) + 1} Main Street`], city: pick(CITIES), state: 'OR', postalCode: String(97000 + (n % 999)) },
    careTeam: [{ member: { resourceType: 'Practitioner', id: `practitioner-${n % 40}`, display: 'Dr. Rivera' }, role: PRIMARY_CLINICIAN }],
  });
}

export class PatientWorkloads {
  /** Resources free to patch; one is out on loan per in-flight patch, so none is patched twice at once. */
  private free: string[] = [];
  /** versionId by id of the patchable resources, updated from every patch's answer. */
  private versions = new Map<string, string>();

  constructor(
    private readonly collection: string,
    private readonly readIds: readonly string[],
  ) {}

  /**
   * Starts a run from the stored versions: a patch still in flight when a run stops may or may not
   * have committed, so versions are re-read from the database before every run.
   */
  setVersions(versions: Map<string, string>): void {
    this.versions = versions;
    this.free = [...versions.keys()];
  }

  readonly read: Workload = () => ({ method: 'GET', path: `${this.collection}/${pick(this.readIds)}` });

  readonly create: Workload = () => ({ method: 'POST', path: this.collection, body: patientBody() });

  /** A search box: one city's patients, newest first, a page of 20 (about 5 % of the practice matches). */
  readonly query: Workload = () => ({
    method: 'POST',
    path: `${this.collection}/queries?pageSize=20`,
    body: JSON.stringify([{ field: 'address.city', op: 'eq', value: pick(CITIES) }]),
  });

  /** Changes a phone number with the version last seen, so there are no 409s. */
  readonly patch: Workload = (): OutgoingRequest => {
    const borrowed = this.free.pop();
    // Failed patches retire their resource; once none is free, patches go out with a version that
    // may be stale and show up as 409s in the table rather than stopping the run.
    const id = borrowed ?? pick([...this.versions.keys()]);
    return {
      method: 'PATCH',
      path: `${this.collection}/${id}?versionId=${this.versions.get(id)}`,
      headers: { 'content-type': 'application/json-patch+json' },
      body: JSON.stringify([{ op: 'replace', path: '/telecom/0/value', value: `555-02${Math.floor(Math.random() * 90 + 10)}` }]),
      onResponse: (status, body) => {
        // A failed patch leaves its version unknown: that resource is retired rather than sent stale.
        if (status !== 200) return;
        this.versions.set(id, (JSON.parse(body) as { meta: { versionId: string } }).meta.versionId);
        if (borrowed !== undefined) this.free.push(id);
      },
    };
  };

  /** 60 % read, 20 % query, 10 % create, 10 % patch. */
  readonly mixed: Workload = () => {
    const r = Math.random();
    if (r < 0.6) return this.read();
    if (r < 0.8) return this.query();
    return r < 0.9 ? this.create() : this.patch();
  };
}
