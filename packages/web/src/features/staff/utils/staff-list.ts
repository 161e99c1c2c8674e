import type { Practitioner } from '@caseload/core';
import { practitionerDisplay } from '@caseload/core';

export type StaffSort = 'Name' | 'Email';

/** A practitioner's name as the directory shows and sorts it ("Given Family, Credentials"). */
export const staffName = (p: Practitioner): string => practitionerDisplay(p) || p.display || p.email || p.id;

/** The e-mail the directory shows: work e-mail first (the one staff answer at work). */
export const staffEmail = (p: Practitioner): string => p.workEmail ?? p.email ?? '';

/**
 * The directory's rows: deleted ones left out, those matching every typed word (in the name,
 * credentials or e-mail) kept, sorted by Name or Email, case-insensitively, ascending or not.
 */
export function staffRows(items: readonly Practitioner[], text: string, sort: StaffSort, descending = false): Practitioner[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const key = sort === 'Email' ? staffEmail : staffName;
  const rows = items.filter((p) => {
    if (p.meta?.isDeleted) return false;
    const hay = `${staffName(p)} ${p.credentials ?? ''} ${p.email ?? ''} ${p.workEmail ?? ''}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  rows.sort((a, b) => key(a).localeCompare(key(b), undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id));
  return descending ? rows.reverse() : rows;
}
