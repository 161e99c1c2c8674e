import { getResourceType, type Reference } from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import type { Database } from '../db/database.ts';
import { ResourceRepository } from '../storage/resource-repository.ts';
import { systemContext } from '../storage/system-repository.ts';
import { WRITE_RULES } from '../write-rules.ts';
import { demoId } from './demo-ids.ts';
import { isStored } from './demo-note-configuration.writer.ts';

/** The practice's own phrases (beside the platform's templates) and one the demo clinician keeps for herself. */
const RULES: { key: string; spoken: string; written: string; scope: 'practice' | 'personal' }[] = [
  { key: 'speech:tf-cbt', spoken: 'T F C B T', written: 'TF-CBT', scope: 'practice' },
  { key: 'speech:iop', spoken: 'intensive outpatient', written: 'IOP', scope: 'practice' },
  { key: 'speech:si', spoken: 'no S I', written: 'denies suicidal ideation', scope: 'practice' },
  { key: 'speech:columbia', spoken: 'C S S R S', written: 'C-SSRS', scope: 'practice' },
  { key: 'speech:mine', spoken: 'box breathing', written: 'box breathing (4-4-4-4)', scope: 'personal' },
];

/**
 * The demo's speech rules. A personal rule's author is whoever writes it (speech-rules.ts), so it
 * is written acting as the clinician who holds the demo sign-in; rules already stored are kept.
 */
export async function writeSpeechRulesDemo(
  db: Database,
  audit: AuditWriter,
  input: { practiceId: string; seed: number; clinician: Reference },
): Promise<number> {
  const type = getResourceType('SpeechRule')!;
  let written = 0;
  for (const rule of RULES) {
    const id = demoId(input.seed, 'SpeechRule', rule.key);
    if (await isStored(db.pool, input.practiceId, 'SpeechRule', id)) continue;
    const system = systemContext(db, audit, input.practiceId, WRITE_RULES);
    const ctx =
      rule.scope === 'personal' ? { ...system, actor: { resourceType: input.clinician.resourceType, id: input.clinician.id } } : system;
    const { key: _key, ...body } = rule;
    await new ResourceRepository(ctx).update(type, id, { resourceType: 'SpeechRule', id, display: rule.spoken, active: true, ...body });
    written++;
  }
  return written;
}
