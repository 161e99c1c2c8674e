import { getResourceType } from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import type { Database, Queryable } from '../db/database.ts';
import { systemRepository } from '../storage/system-repository.ts';
import { WRITE_RULES } from '../write-rules.ts';
import { SystemReader } from '../storage/system-reader.ts';
import { localInstant, type DemoCalendar } from './demo-calendar.ts';
import type { ConfigRecord, DemoNoteConfiguration } from './demo-note-configuration.ts';

/**
 * Writes the demo's notes set-up through the repository, as the system, dated the day the
 * practice went live (docs/demo.md): every record passes the write hooks any client's write
 * passes (the notes schemas, the forms publishing rules). What an administrator publishes is
 * saved as a Draft at 09:00 and published at 09:30, as the notes-admin screens do, so each one's
 * history shows both. Records already stored are left as they are. Answers how many it wrote.
 */
export async function writeNoteConfiguration(
  db: Database,
  audit: AuditWriter,
  practiceId: string,
  config: DemoNoteConfiguration,
  calendar: DemoCalendar,
): Promise<number> {
  const drafting = systemRepository(db, audit, practiceId, WRITE_RULES, () => localInstant(calendar, calendar.goLive, '09:00'));
  const publishing = systemRepository(db, audit, practiceId, WRITE_RULES, () => localInstant(calendar, calendar.goLive, '09:30'));
  const records: ConfigRecord[] = [
    config.mentalStatusForm,
    ...Object.values(config.definitions),
    ...config.templates,
    ...config.rules,
    config.signatures,
  ] as ConfigRecord[];
  let written = 0;
  for (const { body, publish } of records) {
    const type = getResourceType(body.resourceType)!;
    if (await isStored(db.pool, practiceId, body.resourceType, body.id)) continue;
    const { resource } = await drafting.update(type, body.id, structuredClone(body) as Record<string, unknown>);
    if (publish) await publishing.update(type, body.id, { ...resource, status: 'Active' }, resource.meta.versionId);
    written++;
  }
  return written;
}

/** Stored, even deleted: a record the practice deleted stays deleted. */
export async function isStored(db: Queryable, practiceId: string, typeName: string, id: string): Promise<boolean> {
  return new SystemReader(db, practiceId).exists(typeName, { ids: [id], includeDeleted: true });
}
