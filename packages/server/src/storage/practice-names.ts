import type { Queryable } from '../db/database.ts';
import { currentTable } from './table-names.ts';

/**
 * Each practice's name as people know it, by practice id: the name its preferences give
 * (`practiceName`, what its printouts head with), else the name of its own provider organization
 * (the practice as a legal entity; payers are organizations too and are not it). A practice with
 * neither is left out, and the caller shows its id. One statement for any number of practices,
 * so the session answer and the practice switcher stay one round trip.
 *
 * Read as the server, like `loadPracticePreferences`: a practice's name is not patient data, and
 * the callers decide who may see which practices' names (a member its own; an internal
 * administrator who views every practice, all).
 */
export async function practiceNames(db: Queryable, practiceIds: readonly string[]): Promise<Map<string, string>> {
  if (practiceIds.length === 0) return new Map();
  const r = await db.query<{ id: string; name: string | null }>(
    `SELECT p.id, coalesce(
       (SELECT nullif(btrim(pp.body->>'practiceName'), '') FROM ${currentTable('PracticePreferences')} pp
         WHERE pp.practice_id = p.id AND NOT pp.is_deleted ORDER BY pp.body->>'created', pp.id LIMIT 1),
       (SELECT nullif(btrim(o.body->>'name'), '') FROM ${currentTable('Organization')} o
         WHERE o.practice_id = p.id AND NOT o.is_deleted AND o.body->>'kind' = 'Provider'
           AND o.body->'active' IS DISTINCT FROM 'false'::jsonb
         ORDER BY o.body->>'created', o.id LIMIT 1)
     ) AS name
     FROM unnest($1::text[]) AS p(id)`,
    [[...new Set(practiceIds)]],
  );
  return new Map(r.rows.filter((row) => row.name).map((row) => [row.id, row.name!]));
}

/** One practice's name, or its id when it has none (a printout's heading). */
export async function practiceName(db: Queryable, practiceId: string): Promise<string> {
  return (await practiceNames(db, [practiceId])).get(practiceId) ?? practiceId;
}
