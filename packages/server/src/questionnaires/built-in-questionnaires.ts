import { BUILT_IN_QUESTIONNAIRES, ErrorCodes, getResourceType, isAppError } from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import type { Database } from '../db/database.ts';
import { systemRepository } from '../storage/system-repository.ts';
import { practicesLacking } from '../storage/practice-rows.ts';
import { SystemReader } from '../storage/system-reader.ts';
import { WRITE_RULES } from '../write-rules.ts';

const QUESTIONNAIRE = getResourceType('Questionnaire')!;

/**
 * Stores PHQ-9 and GAD-7 in a practice under their fixed ids, unless a row with the id is there
 * already (a practice that deleted or retired one keeps its choice). Written as the system, so
 * they are versioned and audited like any questionnaire and responses can point at a version.
 */
export async function seedBuiltInQuestionnaires(db: Database, audit: AuditWriter, practiceId: string): Promise<void> {
  const ids = BUILT_IN_QUESTIONNAIRES.map((q) => q.id);
  const present = await new SystemReader(db.pool, practiceId).storedIds(QUESTIONNAIRE, ids, { includeDeleted: true });
  const missing = BUILT_IN_QUESTIONNAIRES.filter((q) => !present.has(q.id));
  if (missing.length === 0) return;
  const repo = systemRepository(db, audit, practiceId, WRITE_RULES);
  for (const definition of missing) {
    try {
      await repo.update(QUESTIONNAIRE, definition.id, structuredClone(definition) as unknown as Record<string, unknown>);
    } catch (error) {
      // Another server seeding the same practice at the same moment won; its copy is the same.
      if (!(isAppError(error) && error.code === ErrorCodes.Conflict)) throw error;
    }
  }
}

/** The practices that lack a built-in questionnaire row (provisioned before built-ins existed). */
export async function practicesMissingBuiltIns(db: Database): Promise<string[]> {
  return practicesLacking(
    db.pool,
    QUESTIONNAIRE,
    BUILT_IN_QUESTIONNAIRES.map((q) => q.id),
  );
}
