import { createHash } from 'node:crypto';
import type { FilterTarget } from '@caseload/core';

/**
 * The SQL shapes behind a type's indexed filter fields and its text search, shared by the DDL
 * (db/resource-tables.ts) and the filter compiler (filter-sql.ts): the planner matches an index
 * only when the query says exactly what the index says, so both take the text from here.
 */

/** First 6 hex digits of a SHA-256: names a definition, so a changed one gets a new name. */
export const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 6);

/** `(body #> '{author,id}')`: the JSON value at a declared scalar field, compared as jsonb. */
export function indexedFieldExpression(field: string): string {
  // Registry paths are names of [A-Za-z_][A-Za-z0-9_]*, so they sit in the literal as they are.
  return `(body #> '{${field.split('.').join(',')}}')`;
}

/**
 * The index serving equality on a type's indexed filter fields, ordered by last modified. Only
 * live rows: every search says NOT is_deleted, and tombstones would only make it bigger.
 */
export function filterIndexDdl(table: string, fields: readonly string[]): string {
  const columns = ['practice_id', ...fields.map(indexedFieldExpression), 'last_modified', 'id'].join(', ');
  return `CREATE INDEX IF NOT EXISTS ${table}_f_${digest(columns)} ON ${table} (${columns}) WHERE NOT is_deleted`;
}

/**
 * `caseload_search_text(body, '{$.a.b[*],...}'::jsonpath[])`, the function of migration 3. Lax
 * mode unwraps arrays met on the way; the final `[*]` unwraps an array at the end too (and leaves a
 * single value as it is), so `names.given` yields each given name, as the query grammar reads paths.
 */
function searchTextExpression(paths: readonly string[]): string {
  return `caseload_search_text(body, '{${paths.map((p) => `"$.${p}[*]"`).join(',')}}'::jsonpath[])`;
}

/**
 * The stored column holding a type's searchable text (every string at its text-search paths,
 * lowercased, space-separated), or undefined for a type without text search. Stored rather than
 * computed per query: the function costs far more a row than the column's LIKE, which is what
 * keeps a 1-2 letter search that walks the Name index fast.
 */
export function textSearchColumn(type: FilterTarget): string | undefined {
  const paths = type.textSearchPaths;
  return paths?.length ? `search_${digest(searchTextExpression(paths))}` : undefined;
}

/** The column and trigram index of a type's text search; none without text-search paths. */
export function textSearchDdl(table: string, type: FilterTarget): string[] {
  const column = textSearchColumn(type);
  if (!column) return [];
  const expression = searchTextExpression(type.textSearchPaths!);
  return [
    `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${column} text GENERATED ALWAYS AS (${expression}) STORED`,
    `CREATE INDEX IF NOT EXISTS ${table}_t_${column.slice('search_'.length)} ` +
      `ON ${table} USING gin (${column} gin_trgm_ops) WHERE NOT is_deleted`,
  ];
}
