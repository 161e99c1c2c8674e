import { badRequest, type Issue } from '../errors/app-error.ts';
import { RESOURCE_TYPES, type ResourceTypeDefinition } from '../resources/registry.ts';
import { TEXT_SEARCH_FIELD, type Filter } from './filter.ts';

/**
 * The checks of the query grammar that depend on the resource type: which types answer `_text`,
 * and the rule that keeps declared indexed filter fields scalar (so the server may compile
 * equality on them to plain `=`, docs/query-grammar.md).
 */

/**
 * What a type says about its filters; the registry's definitions fit, and so do test tables
 * (`bodyIndexed` absent means the body has its GIN index, as on every type but the audit trail).
 */
export type FilterTarget = Pick<ResourceTypeDefinition, 'name' | 'indexedFilterFields' | 'textSearchPaths'> &
  Partial<Pick<ResourceTypeDefinition, 'bodyIndexed' | 'sortFields'>>;

const SEARCHABLE = RESOURCE_TYPES.filter((t) => t.textSearchPaths?.length).map((t) => t.name);

/**
 * Refuses `_text` on a type with no text-search paths, naming every place it was used.
 *
 * @throws AppError BadRequest `'The query is invalid.'` with an issue at each `_text` filter's field.
 */
export function assertFiltersFitType(filters: readonly Filter[], type: FilterTarget): void {
  if (type.textSearchPaths?.length) return;
  const issues: Issue[] = [];
  const walk = (list: readonly Filter[], path: string) =>
    list.forEach((f, i) => {
      const here = path === '' ? String(i) : `${path}.${i}`;
      if ('and' in f) walk(f.and, `${here}.and`);
      else if ('or' in f) walk(f.or, `${here}.or`);
      else if (f.field === TEXT_SEARCH_FIELD) {
        issues.push({
          path: `${here}.field`,
          message: `${type.name} has no text search; ${TEXT_SEARCH_FIELD} applies to ${SEARCHABLE.join(', ')}.`,
        });
      }
    });
  walk(filters, '');
  if (issues.length > 0) throw badRequest('The query is invalid.', issues);
}

/**
 * Problems with a resource's declared indexed filter fields: each must hold at most one value,
 * with no list anywhere on its path. Empty when the resource keeps the rule.
 */
export function scalarFieldIssues(type: FilterTarget, resource: unknown): Issue[] {
  const issues: Issue[] = [];
  for (const field of type.indexedFilterFields ?? []) {
    let value: unknown = resource;
    for (const segment of field.split('.')) {
      if (Array.isArray(value)) break;
      value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[segment] : undefined;
    }
    if (Array.isArray(value)) issues.push({ path: field, message: `${field} holds one value, not a list.` });
  }
  return issues;
}

/**
 * Refuses a version whose indexed filter fields hold a list (see `scalarFieldIssues`).
 *
 * @throws AppError BadRequest naming the first field, with one issue per field.
 */
export function assertScalarFields(type: FilterTarget, resource: unknown): void {
  const issues = scalarFieldIssues(type, resource);
  if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
}
