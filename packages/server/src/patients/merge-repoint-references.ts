import { RESOURCE_TYPES, type ResourceTypeDefinition } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import type { RepositoryContext, ResourceRow } from '../storage/repository-context.ts';
import { currentTable } from '../storage/table-names.ts';
import { ROW_COLUMNS } from '../storage/resource-rows.ts';
import { writeEachMerged, type MergeCounts } from './merge-writes.ts';
import { repointReferences, type MergePair } from './patient-references.ts';

/**
 * Every type but the audit trail, which records what happened to the duplicate and stays so.
 * Unpartitioned types name patients (SecurityToken patientAllowances, Channel.patient,
 * Communication.patient, GroupNoteDefinition attendees.patient) and so do other patients'
 * records (a group appointment's attendees.subject).
 */
const TYPES = RESOURCE_TYPES.filter((t) => t.scope === 'practice' && t.name !== 'AuditEvent');

/**
 * Where a type's references are: the registry's expandable paths (docs/resources.md: the
 * references each type holds), plus `patient` and `subject`, which name patients wherever they
 * appear. Searched as jsonpath tests the `jsonb_path_ops` index of every table serves, so a merge
 * never scans a million notes.
 */
function referencePaths(type: ResourceTypeDefinition): string[] {
  return [...new Set(['patient', 'subject', ...type.expandables])];
}

/** `body @? '$."a"."b" ? (@.resourceType == "Patient" && @.id == "{id}")' OR ...` for the type's paths. */
function namingCondition(type: ResourceTypeDefinition, duplicateId: string, params: unknown[]): string {
  return referencePaths(type)
    .map((path) => {
      const accessor = path.split('.').map((segment) => `.${JSON.stringify(segment)}`).join('');
      params.push(`$${accessor} ? (@.resourceType == "Patient" && @.id == ${JSON.stringify(duplicateId)})`);
      return `body @? $${params.length}::jsonpath`;
    })
    .join(' OR ');
}

/**
 * Locks every record outside the duplicate's partition that names the duplicate, deleted ones
 * too. Taken before the patients, like the duplicate's own records, for the same reason.
 */
export async function lockNamingRecords(
  tx: Queryable,
  practiceId: string,
  pair: MergePair,
): Promise<Map<ResourceTypeDefinition, ResourceRow[]>> {
  const rows = new Map<ResourceTypeDefinition, ResourceRow[]>();
  for (const type of TYPES) {
    const params: unknown[] = [practiceId, pair.duplicateId];
    const naming = namingCondition(type, pair.duplicateId, params);
    // The two patients themselves are the merge's to write.
    const notThePair = type.name === 'Patient' ? ` AND id <> ALL($${params.push([pair.duplicateId, pair.survivorId])}::text[])` : '';
    const r = await tx.query<ResourceRow>(
      `SELECT ${ROW_COLUMNS} FROM ${currentTable(type)}
       WHERE practice_id = $1 AND partition IS DISTINCT FROM $2${notThePair} AND (${naming})
       ORDER BY id FOR UPDATE`,
      params,
    );
    if (r.rows.length > 0) rows.set(type, r.rows);
  }
  return rows;
}

/**
 * Re-points every locked record's references to the duplicate, one new version each, and
 * removes a repeat when the survivor was already named beside it (a security token allowing
 * both patients allows the survivor once).
 */
export function repointRecords(
  tx: Queryable,
  ctx: RepositoryContext,
  pair: MergePair,
  locked: Map<ResourceTypeDefinition, ResourceRow[]>,
): Promise<MergeCounts> {
  return writeEachMerged(tx, ctx, locked, (row) => dedupePatientLists(repointReferences(row.body, pair), pair.survivorId));
}

/** Top-level lists of patient references (patientAllowances) name the survivor once. */
function dedupePatientLists(body: Record<string, unknown>, survivorId: string): Record<string, unknown> {
  const out = { ...body };
  for (const [key, value] of Object.entries(body)) {
    if (!Array.isArray(value)) continue;
    const isSurvivor = (item: unknown) =>
      typeof item === 'object' && item !== null && (item as { resourceType?: unknown }).resourceType === 'Patient' &&
      (item as { id?: unknown }).id === survivorId;
    if (value.filter(isSurvivor).length < 2) continue;
    let seen = false;
    out[key] = value.filter((item) => {
      if (!isSurvivor(item)) return true;
      if (seen) return false;
      seen = true;
      return true;
    });
  }
  return out;
}
