import type { HumanName, Patient, Practitioner, RelatedPerson } from './types.ts';

type Named = { names?: HumanName[]; display?: string };

const clean = (parts: (string | undefined)[] | undefined): string[] =>
  (parts ?? []).map((p) => (typeof p === 'string' ? p.trim() : '')).filter((p) => p !== '');

/** The legal name: the first name without a `use` (SPEC.md section 3), else the first name. */
export function legalName(names: HumanName[] | undefined): HumanName | undefined {
  if (!Array.isArray(names) || names.length === 0) return undefined;
  return names.find((n) => n.use === undefined) ?? names[0];
}

/** A name as it is spoken: "Dr Jane Q Doe Jr" (prefixes, given names, family, suffixes). */
export function formatName(name: HumanName | undefined): string {
  if (!name) return '';
  return [...clean(name.prefix), ...clean(name.given), ...clean([name.family]), ...clean(name.suffix)].join(' ');
}

/** The name a person goes by: their Preferred name, else Nickname, else the legal given names. */
export function preferredName(person: Named): string {
  const names = person.names ?? [];
  const chosen = names.find((n) => n.use === 'Preferred') ?? names.find((n) => n.use === 'Nickname');
  const given = clean(chosen?.given);
  if (given.length > 0) return given.join(' ');
  return clean(legalName(names)?.given).join(' ');
}

/** "Family, Given Middle" of the legal name: how lists show and sort a person. */
export function familyFirst(name: HumanName | undefined): string {
  if (!name) return '';
  const family = clean([name.family]).join('');
  const given = clean(name.given).join(' ');
  return family && given ? `${family}, ${given}` : family || given;
}

/** A patient as lists show them: "Family, Given" (falls back to a stored display). */
export function patientDisplay(patient: Pick<Patient, 'names'> & { display?: string }): string {
  return familyFirst(legalName(patient.names)) || (patient.display ?? '');
}

/** A related person as lists show them: "Family, Given", like a patient. */
export function relatedPersonDisplay(person: Pick<RelatedPerson, 'names'> & { display?: string }): string {
  return familyFirst(legalName(person.names)) || (person.display ?? '');
}

/** A practitioner as lists show them: "Given Family, Credentials" (no comma when no credentials). */
export function practitionerDisplay(practitioner: Pick<Practitioner, 'names'> & { credentials?: string; display?: string }): string {
  const name = legalName(practitioner.names);
  const spoken = [...clean(name?.given), ...clean([name?.family])].join(' ');
  if (!spoken) return practitioner.display ?? '';
  const credentials = practitioner.credentials?.trim();
  return credentials ? `${spoken}, ${credentials}` : spoken;
}

/**
 * Whole years of age on `today` (both yyyy-MM-dd): a birthday counts from its day, and someone
 * born on 29 February turns a year older on 1 March in non-leap years. Undefined when either date
 * is missing or malformed, or the birth date is after `today`.
 */
export function ageOn(birthDate: string | undefined, today: string | Date): number | undefined {
  const birth = parseDay(birthDate);
  const on = parseDay(typeof today === 'string' ? today : today.toISOString().slice(0, 10));
  if (!birth || !on) return undefined;
  let age = on.year - birth.year;
  if (on.month < birth.month || (on.month === birth.month && on.day < birth.day)) age -= 1;
  return age < 0 ? undefined : age;
}

function parseDay(text: string | undefined): { year: number; month: number; day: number } | undefined {
  const m = typeof text === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) : null;
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day };
}
