import { BUILT_IN_QUESTIONNAIRES, ErrorCodes, getResourceType, isAppError } from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import type { Database } from '../db/database.ts';
import { systemRepository } from '../storage/system-repository.ts';
import { currentTable } from '../storage/table-names.ts';

const TABLE = currentTable('Questionnaire');

/**
 * Stores PHQ-9 and GAD-7 in a practice under their fixed ids, unless a row with the id is there
 * already (a practice that deleted or retired one keeps its choice). Written as the system, so
 * they are versioned and audited like any questionnaire and responses can point at a version.
 */
export async function seedBuiltInQuestionnaires(db: Database, audit: AuditWriter, practiceId: string): Promise<void> {
  const type = getResourceType('Questionnaire')!;
  const ids = BUILT_IN_QUESTIONNAIRES.map((q) => q.id);
  const found = await db.pool.query<{ id: string }>(`SELECT id FROM ${TABLE} WHERE practice_id = $1 AND id = ANY($2::text[])`, [practiceId, ids]);
  const present = new Set(found.rows.map((r) => r.id));
  const missing = BUILT_IN_QUESTIONNAIRES.filter((q) => !present.has(q.id));
  if (missing.length === 0) return;
  const repo = systemRepository(db, audit, practiceId);
  for (const definition of missing) {
    try {
      await repo.update(type, definition.id, structuredClone(definition) as unknown as Record<string, unknown>);
    } catch (error) {
      // Another server seeding the same practice at the same moment won; its copy is the same.
      if (!(isAppError(error) && error.code === ErrorCodes.Conflict)) throw error;
    }
  }
}

/** The practices that lack a built-in questionnaire row (provisioned before built-ins existed). */
export async function practicesMissingBuiltIns(db: Database): Promise<string[]> {
  const ids = BUILT_IN_QUESTIONNAIRES.map((q) => q.id);
  const r = await db.pool.query<{ id: string }>(
    `SELECT p.id FROM practices p
      WHERE (SELECT count(*) FROM ${TABLE} q WHERE q.practice_id = p.id AND q.id = ANY($1::text[])) < $2`,
    [ids, ids.length],
  );
  return r.rows.map((row) => row.id);
}
