import { getResourceType, type Filter, type Resource } from '@caseload/core';
import { compileFilters } from './filter-sql.ts';
import type { WriteGuard } from './resource-hooks.ts';
import { currentTable } from './table-names.ts';

const PATIENT = getResourceType('Patient')!;

/**
 * A write guard on the patient whose chart a version goes into: the write statement refuses it
 * when that patient's row matches `refusedWhen` (query-grammar filters on the Patient). The CTE
 * takes a KEY SHARE lock on the patient row, behind the statement's own lock on the record (the
 * gate), so it waits for a writer holding the patient FOR UPDATE and then reads the row as that
 * writer committed it. KEY SHARE does not wait for ordinary patient edits. A version with no
 * partition is not checked.
 */
export function chartPatientGuard(refusedWhen: readonly Filter[], refusal: (resource: Resource) => Error): WriteGuard {
  return {
    sql(ctx, resource, params, gate) {
      if (typeof resource.partition !== 'string') return undefined;
      const practice = `$${params.push(ctx.practiceId)}`;
      const partition = `$${params.push(resource.partition)}`;
      const refused = compileFilters(refusedWhen, params, PATIENT);
      return `SELECT ${refused} AS refused FROM ${currentTable(PATIENT)}
        WHERE practice_id = ${practice}::text AND id = ${partition}::text AND ${gate} FOR KEY SHARE`;
    },
    refusal,
  };
}
