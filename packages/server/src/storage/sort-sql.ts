import type { ResourceTypeDefinition, SortFieldName, SortFieldSource } from '@caseload/core';

/**
 * The SQL expression a sort field orders by. Index and query use this same text, so the planner
 * matches them; `COLLATE "C"` makes the order identical on every PostgreSQL, whatever its locale.
 */
export function sortExpression(source: SortFieldSource): string {
  if ('column' in source) return 'last_modified';
  const pathLiteral = `'{${source.path.join(',')}}'`;
  const value = source.lowercase ? `lower(body #>> ${pathLiteral})` : `(body #>> ${pathLiteral})`;
  return `(coalesce(${value}, '') COLLATE "C")`;
}

export function isTimestampSort(source: SortFieldSource): boolean {
  return 'column' in source;
}

export function sortSource(type: ResourceTypeDefinition, name: SortFieldName): SortFieldSource | undefined {
  return type.sortFields[name];
}
