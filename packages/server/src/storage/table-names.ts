import type { ResourceTypeDefinition } from '@caseload/core';

/** Table names by type name: every statement asks, and the names are few. */
const tables = new Map<string, string>();

/** `CarePlanOutcome` → `r_care_plan_outcome`: one current-state table per resource type. */
export function currentTable(type: ResourceTypeDefinition | string): string {
  const name = typeof type === 'string' ? type : type.name;
  let table = tables.get(name);
  if (table === undefined) {
    table = `r_${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()}`;
    tables.set(name, table);
  }
  return table;
}

/** The append-only table holding every version of that type. */
export function historyTable(type: ResourceTypeDefinition | string): string {
  return `${currentTable(type)}_history`;
}
