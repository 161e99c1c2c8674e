import { DEFAULT_SPEECH_RULE_TEMPLATES, GLOBAL_PRACTICE } from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import type { Database } from '../db/database.ts';
import { systemRepository } from '../storage/system-repository.ts';
import { WRITE_RULES } from '../write-rules.ts';
import { SPEECH_RULE_TEMPLATE } from './speech-rules.ts';

/** The global templates every server starts with; added when missing (by `spoken`), never changed once there. */
export async function ensureSpeechRuleTemplates(db: Database, audit: AuditWriter): Promise<void> {
  const repo = systemRepository(db, audit, GLOBAL_PRACTICE, WRITE_RULES);
  for (const template of DEFAULT_SPEECH_RULE_TEMPLATES) {
    await repo.create(SPEECH_RULE_TEMPLATE, { resourceType: 'SpeechRuleTemplate', ...template }, [
      { field: 'spoken', op: 'eq', value: template.spoken },
    ]);
  }
}
