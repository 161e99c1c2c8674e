import type { ResourceTypeDefinition, SortFieldName, SortFieldSource } from '@caseload/core';

/** Sort keys are cut to this many characters: a btree entry must stay under about 2,700 bytes. */
export const SORT_KEY_LENGTH = 200;

/**
 * The SQL expression a sort field orders by. Index and query use this same text, so the planner
 * matches them; `COLLATE "C"` makes the order identical on every PostgreSQL, whatever its locale.
 * Values longer than SORT_KEY_LENGTH order by their first characters, then by id.
 */
export function sortExpression(source: SortFieldSource): string {
  if ('column' in source) return 'last_modified';
  const pathLiteral = `'{${source.path.join(',')}}'`;
  const value = source.lowercase ? `lower(body #>> ${pathLiteral})` : `(body #>> ${pathLiteral})`;
  return `(left(coalesce(${value}, ''), ${SORT_KEY_LENGTH}) COLLATE "C")`;
}

export function isTimestampSort(source: SortFieldSource): boolean {
  return 'column' in source;
}

export function sortSource(type: ResourceTypeDefinition, name: SortFieldName): SortFieldSource | undefined {
  return type.sortFields[name];
}
