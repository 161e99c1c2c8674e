import { withPreferenceDefaults, type PracticePreferenceValues } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { currentTable } from '../storage/table-names.ts';

/** A practice's preferences: its PracticePreferences resource over the section 9 defaults. */
export async function loadPracticePreferences(db: Queryable, practiceId: string): Promise<PracticePreferenceValues> {
  const r = await db.query<{ body: Partial<PracticePreferenceValues> }>(
    `SELECT body FROM ${currentTable('PracticePreferences')}
     WHERE practice_id = $1 AND NOT is_deleted ORDER BY body->>'created', id LIMIT 1`,
    [practiceId],
  );
  return withPreferenceDefaults(r.rows[0]?.body);
}
