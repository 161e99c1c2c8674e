import { ageOn, patientDisplay, type Patient, type ZonedClock } from '@caseload/core';

/**
 * How the patient screens write a patient: the name rules are core's (people/names.ts); these add
 * what only a screen needs (the "goes by" name shown beside the legal one, dates as US clinics
 * write them).
 */

/**
 * The name the patient asked to be called, only when they gave one (a Preferred name, else a
 * Nickname): core's `preferredName` falls back to the legal given name, which a list need not repeat.
 */
export function goesBy(patient: Pick<Patient, 'names'>): string | undefined {
  const names = patient.names ?? [];
  const chosen = names.find((n) => n.use === 'Preferred') ?? names.find((n) => n.use === 'Nickname');
  const text = (chosen?.given ?? []).join(' ').trim();
  return text || undefined;
}

/** The name lists and the chart show: "Family, Given", else the stored display, else "Unnamed". */
export function patientName(patient: Pick<Patient, 'names' | 'display'>): string {
  return patientDisplay({ names: patient.names ?? [], display: patient.display }).trim() || 'Unnamed';
}

/** The name with the name they go by beside it when it differs: "Doe, Jane (Janie)". */
export function patientNameWithPreferred(patient: Pick<Patient, 'names' | 'display'>): string {
  const name = patientName(patient);
  const preferred = goesBy(patient);
  return preferred && !name.includes(preferred) ? `${name} (${preferred})` : name;
}

/**
 * Today as yyyy-MM-dd on the practice's calendar (`usePracticeTime`): the day a record started or
 * stopped "today" is, and ages are counted on.
 */
export function localToday(clock: ZonedClock, now = new Date()): string {
  return clock.dateOf(now);
}

/** A yyyy-MM-dd date as MM/DD/YYYY (how US clinics write it), or '' when absent. */
export function formatDate(date: string | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  return m ? `${m[2]}/${m[3]}/${m[1]}` : (date ?? '');
}

/** "03/07/1985 (40 y)", or '' when there is no birth date; `today` is yyyy-MM-dd. */
export function birthDateWithAge(birthDate: string | undefined, today: string): string {
  if (!birthDate) return '';
  const age = ageOn(birthDate, today);
  return age === undefined ? formatDate(birthDate) : `${formatDate(birthDate)} (${age} y)`;
}
