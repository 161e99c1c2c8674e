import { legalName, type Practitioner } from '@caseload/core';

/** Up to two initials of the legal name ("Sam Lee" → "SL"), for an avatar without a photo. */
export function initialsOf(p: Pick<Practitioner, 'names' | 'display'>): string {
  const name = legalName(p.names);
  const letters = [name?.given?.[0], name?.family].map((s) => s?.trim()[0]).filter(Boolean);
  if (letters.length) return letters.join('').toUpperCase();
  return (p.display?.trim()[0] ?? '?').toUpperCase();
}
