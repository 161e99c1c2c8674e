import { withPreferenceDefaults, type PracticePreferenceValues, type Resource } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { SystemReader } from '../storage/system-reader.ts';

/**
 * A practice's preferences: its PracticePreferences resource over the section 9 defaults. Should
 * a practice hold more than one, the first created applies (then the lowest id).
 */
export async function loadPracticePreferences(db: Queryable, practiceId: string): Promise<PracticePreferenceValues> {
  const stored = await new SystemReader(db, practiceId).list<Resource & Partial<PracticePreferenceValues>>('PracticePreferences');
  const first = stored.sort((a, b) => compare(a.created ?? '', b.created ?? '') || compare(a.id, b.id))[0];
  return withPreferenceDefaults(first);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
