import { RESOURCE_TYPES, type Filter, type ResourceTypeDefinition } from '@caseload/core';
import type { ResourceRow } from '../storage/repository-context.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';
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
 * appear. Looked for as jsonpath tests the `jsonb_path_ops` index of every table serves, so a
 * merge never scans a million notes.
 */
function referencePaths(type: ResourceTypeDefinition): string[] {
  return [...new Set(['patient', 'subject', ...type.expandables])];
}

/**
 * Locks every record outside the duplicate's partition that names the duplicate, deleted ones
 * too. Taken before the patients, like the duplicate's own records, for the same reason.
 */
export async function lockNamingRecords(repo: ResourceRepository, pair: MergePair): Promise<Map<ResourceTypeDefinition, ResourceRow[]>> {
  const rows = new Map<ResourceTypeDefinition, ResourceRow[]>();
  const duplicate = { resourceType: 'Patient', id: pair.duplicateId };
  for (const type of TYPES) {
    const filters: Filter[] = [{ field: 'partition', op: 'ne', value: pair.duplicateId }];
    // The two patients themselves are the merge's to write.
    if (type.name === 'Patient')
      filters.push({ field: 'id', op: 'ne', value: pair.duplicateId }, { field: 'id', op: 'ne', value: pair.survivorId });
    const found = await repo.system.rows(type, {
      naming: { reference: duplicate, paths: referencePaths(type) },
      filters,
      includeDeleted: true,
      lock: true,
    });
    if (found.length > 0) rows.set(type, found);
  }
  return rows;
}

/**
 * Re-points every locked record's references to the duplicate, one new version each, and
 * removes a repeat when the survivor was already named beside it (a security token allowing
 * both patients allows the survivor once).
 */
export function repointRecords(
  repo: ResourceRepository,
  pair: MergePair,
  locked: Map<ResourceTypeDefinition, ResourceRow[]>,
): Promise<MergeCounts> {
  return writeEachMerged(repo, locked, (row) => dedupePatientLists(repointReferences(row.body, pair), pair.survivorId));
}

/** Top-level lists of patient references (patientAllowances) name the survivor once. */
function dedupePatientLists(body: Record<string, unknown>, survivorId: string): Record<string, unknown> {
  const out = { ...body };
  for (const [key, value] of Object.entries(body)) {
    if (!Array.isArray(value)) continue;
    const isSurvivor = (item: unknown) =>
      typeof item === 'object' &&
      item !== null &&
      (item as { resourceType?: unknown }).resourceType === 'Patient' &&
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
