import { prepared, type Queryable } from '../db/database.ts';
import { currentTable } from './table-names.ts';

/**
 * Draws the practice's next MRN from its counter (`patient_mrn_counters`), zero-padded to at least
 * `digits`, with whether a live patient already holds it, in one statement: the statement behind
 * patients/patient-mrn.hook.ts, which draws again until a number is free. The counter row stays
 * locked until the transaction ends, so two creates never draw the same number. The test reads
 * the same expression as the unique index over live patients' MRNs (migration 6).
 */
export async function drawMrn(db: Queryable, practiceId: string, digits: number): Promise<{ candidate: string; taken: boolean }> {
  const r = await db.query<{ candidate: string; taken: boolean }>(
    prepared(`WITH n AS (
       INSERT INTO patient_mrn_counters (practice_id, last_value) VALUES ($1, 1)
       ON CONFLICT (practice_id) DO UPDATE SET last_value = patient_mrn_counters.last_value + 1
       RETURNING lpad(last_value::text, greatest(${digits}, length(last_value::text)), '0') AS candidate)
     SELECT candidate, EXISTS (
       SELECT 1 FROM ${currentTable('Patient')} p
       WHERE p.practice_id = $1 AND p.body ->> 'mrn' = n.candidate AND NOT p.is_deleted) AS taken
     FROM n`),
    [practiceId],
  );
  return r.rows[0]!;
}
