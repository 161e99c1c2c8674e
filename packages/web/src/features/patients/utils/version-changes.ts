import type { Resource } from '@caseload/core';

/** One field that differs between two versions, as the History tab says it. */
export interface VersionChange {
  /** e.g. "telecom.0.value" */
  path: string;
  before: string;
  after: string;
}

const SKIP = new Set(['meta', 'id', 'resourceType', 'partition', 'created']);

function flatten(value: unknown, path: string, out: Map<string, string>): void {
  if (Array.isArray(value)) value.forEach((v, i) => flatten(v, path ? `${path}.${i}` : String(i), out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(v, path ? `${path}.${k}` : k, out);
  else if (value !== undefined && value !== null && value !== '') out.set(path, String(value));
}

function leaves(resource: Resource | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(resource ?? {})) if (!SKIP.has(k)) flatten(v, k, out);
  return out;
}

/** Every leaf field that changed from `before` (undefined for the first version) to `after`, in path order. */
export function versionChanges(before: Resource | undefined, after: Resource): VersionChange[] {
  const a = leaves(before);
  const b = leaves(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths.filter((p) => a.get(p) !== b.get(p)).map((path) => ({ path, before: a.get(path) ?? '', after: b.get(path) ?? '' }));
}

const FIELD_NAMES: Record<string, string> = {
  names: 'Name',
  birthDate: 'Birth date',
  administrativeSex: 'Administrative sex',
  genderIdentity: 'Gender identity',
  sexualOrientation: 'Sexual orientation',
  race: 'Race',
  ethnicity: 'Ethnicity',
  mrn: 'MRN',
  addresses: 'Address',
  careTeam: 'Care team',
  alerts: 'Alert',
  display: 'Display name',
};

/**
 * A change's field in words: phone and e-mail values are numbered per system as the form numbers
 * them ("Phone 1"), other fields by their top-level name ("Birth date").
 */
export function describeField(path: string, version: Resource): string {
  const parts = path.split('.');
  if (parts[0] === 'telecom' && parts.length >= 2) {
    const telecom = (version as { telecom?: { system?: string }[] }).telecom ?? [];
    const index = Number(parts[1]);
    const system = telecom[index]?.system ?? 'Phone';
    const n = telecom.slice(0, index + 1).filter((c) => c.system === system).length || index + 1;
    const label = `${system === 'Email' ? 'E-mail' : 'Phone'} ${n}`;
    return parts[2] === 'value' || parts.length === 2 ? label : `${label} ${parts.slice(2).join(' ')}`;
  }
  return FIELD_NAMES[parts[0]!] ?? parts[0]!;
}
