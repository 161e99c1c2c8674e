import type { Address, CareTeamMember, ContactPoint, Identifier, Patient, Reference } from '@caseload/core';

/** The identifier type of a medical record number: a patient has one (patients/patient-mrn.hook.ts). */
const MRN_IDENTIFIER_TYPE = 'MR';

/**
 * How the survivor keeps a merged duplicate's MRN: as a patient internal identifier (HL7 v2 table
 * 0203 `PI`) of this system, since a patient has only one MR identifier, its own.
 */
export const MERGED_MRN = { system: 'urn:caseload:merged-mrn', type: 'PI' } as const;

/** Scalar fields the survivor takes from the duplicate only when it has none of its own. */
const GAP_FIELDS = ['birthDate', 'administrativeSex', 'genderIdentity', 'sexualOrientation', 'race', 'ethnicity', 'photo'] as const;

/**
 * The survivor's fields after a merge: the survivor's own values always win; the duplicate adds
 * what the survivor lacks. Care-team members, identifiers (the duplicate's MRN kept as a PI
 * identifier of MERGED_MRN's system, the survivor keeping its own MRN), contact points,
 * addresses and alerts are united without repeats. Names are not merged: a duplicate's name is usually a
 * misspelling of the survivor's, and a wrong legal name would be worse than a missing alias.
 */
export function mergeDemographics(survivor: Patient, duplicate: Patient): Patient {
  const merged: Patient = { ...survivor };
  for (const field of GAP_FIELDS) {
    if (merged[field] === undefined && duplicate[field] !== undefined) (merged as Record<string, unknown>)[field] = duplicate[field];
  }
  const careTeam = unite(survivor.careTeam, duplicate.careTeam, (m: CareTeamMember) => referenceKey(m.member));
  const identifiers = unite(survivor.identifiers, duplicateIdentifiers(duplicate), identifierKey);
  const telecom = unite(survivor.telecom, duplicate.telecom?.map(unranked(survivor.telecom)), contactKey);
  const addresses = unite(survivor.addresses, duplicate.addresses, addressKey);
  const alerts = unite(survivor.alerts, duplicate.alerts, (a: string) => a.trim().toLowerCase());
  if (careTeam) merged.careTeam = careTeam;
  if (identifiers) merged.identifiers = identifiers;
  if (telecom) merged.telecom = telecom;
  if (addresses) merged.addresses = addresses;
  if (alerts) merged.alerts = alerts;
  return merged;
}

/** The duplicate's identifiers, its MRN (the `mrn` field and its MR identifier) as a merged MRN. */
function duplicateIdentifiers(patient: Patient): Identifier[] {
  const others = (patient.identifiers ?? []).filter((i) => i.type !== MRN_IDENTIFIER_TYPE);
  const mrns = new Set([patient.mrn, ...(patient.identifiers ?? []).filter((i) => i.type === MRN_IDENTIFIER_TYPE).map((i) => i.value)]);
  return [...others, ...[...mrns].filter((v): v is string => !!v).map((value) => ({ ...MERGED_MRN, value }))];
}

/** The survivor's preferred contact stays preferred: the duplicate's ranks are dropped when it has some. */
function unranked(own: ContactPoint[] | undefined) {
  return (c: ContactPoint): ContactPoint => {
    if (!own?.length || c.rank === undefined) return c;
    const { rank: _rank, ...rest } = c;
    return rest;
  };
}

/** The survivor's list followed by the duplicate's items it lacks; undefined when both are empty. */
function unite<T>(own: T[] | undefined, other: T[] | undefined, key: (item: T) => string): T[] | undefined {
  if (!own?.length && !other?.length) return own;
  const seen = new Set((own ?? []).map(key));
  const added = (other ?? []).filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return [...(own ?? []), ...added];
}

const norm = (s: string | undefined) => (s ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
const referenceKey = (r: Reference) => `${r.resourceType}/${r.id}`;
const identifierKey = (i: Identifier) => `${norm(i.system)}|${norm(i.type)}|${norm(i.value)}`;
/** Phone numbers compare by their digits, e-mails case-blind. */
const contactKey = (c: ContactPoint) => `${c.system}|${c.system === 'Phone' ? c.value.replace(/\D/g, '') : norm(c.value)}`;
const addressKey = (a: Address) => [...(a.line ?? []), a.city, a.state, a.postalCode?.slice(0, 5)].map(norm).join('|');
