import type { Address, ContactPoint, HumanName, Patient } from '@caseload/core';

const blank = (s: string | undefined) => !s || !s.trim();
const nameIsEmpty = (n: HumanName) => (n.given ?? []).every(blank) && blank(n.family);

/**
 * The demographics form edits three names: the legal one first (index 0, so its errors keep their
 * path), then the Preferred name and the Nickname, laid out empty when the patient has none.
 */
export function withNameSlots(patient: Patient): Patient {
  const names = patient.names ?? [];
  const legal = names.find((n) => !n.use) ?? { given: [''], family: '' };
  const preferred = names.find((n) => n.use === 'Preferred') ?? { use: 'Preferred' as const, given: [''] };
  const nickname = names.find((n) => n.use === 'Nickname') ?? { use: 'Nickname' as const, given: [''] };
  return { ...patient, names: [{ ...legal, given: legal.given?.length ? legal.given : [''] }, preferred, nickname] };
}

/** Names as stored: empty given parts and names with nothing in them dropped. */
export function withoutEmptyNames(patient: Patient): Patient {
  const names = (patient.names ?? [])
    .map((n) => ({ ...n, given: (n.given ?? []).filter((g) => !blank(g)) }))
    .filter((n, i) => i === 0 || !nameIsEmpty(n));
  return { ...patient, names };
}

/** A record's phones, e-mails and addresses: a patient's, a related person's. */
export interface ContactDetails {
  telecom?: ContactPoint[];
  addresses?: Address[];
}

/** Addresses laid out for the form: two street lines each, to type into. */
export function withAddressLines<T extends ContactDetails>(record: T): T {
  return { ...record, addresses: (record.addresses ?? []).map((a) => ({ ...a, line: [a.line?.[0] ?? '', a.line?.[1] ?? ''] })) };
}

/** Contact points as stored: rows left empty dropped; optional fields left empty removed. */
export function withoutEmptyContacts<T extends ContactDetails>(patient: T): T {
  const telecom = (patient.telecom ?? []).filter((c: ContactPoint) => !blank(c.value));
  const addresses = (patient.addresses ?? [])
    .map((a) => {
      const kept = Object.fromEntries(Object.entries(a).filter(([, v]) => typeof v !== 'string' || !blank(v)));
      return { ...(kept as Address), line: (a.line ?? []).filter((l) => !blank(l)) };
    })
    .filter((a) => a.line.length > 0 || !blank(a.city) || !blank(a.postalCode));
  return { ...patient, telecom, addresses };
}

/** Optional coded and text fields the form left empty, removed rather than stored as ''. */
export function withoutEmptyFields(patient: Patient): Patient {
  const out: Record<string, unknown> = { ...patient };
  for (const [key, value] of Object.entries(out)) {
    if (value === '' || value === null) delete out[key];
    else if (value && typeof value === 'object' && !Array.isArray(value) && 'code' in value && blank((value as { code?: string }).code))
      delete out[key];
  }
  return out as unknown as Patient;
}

/** The numbered label of one contact row: "Phone 2", "E-mail 1". */
export function contactLabel(telecom: readonly ContactPoint[], index: number): string {
  const system = telecom[index]?.system;
  const n = telecom.slice(0, index + 1).filter((c) => c.system === system).length;
  return `${system === 'Email' ? 'E-mail' : 'Phone'} ${n}`;
}
