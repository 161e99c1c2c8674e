import type { Resource } from '@caseload/core';

/** An admin list item: a named, deactivatable resource. */
export type NamedResource = Resource & { name?: unknown; active?: boolean };

/** The name a list shows: `name` (when a plain string: people's names are lists), else `display`, else the id. */
export const nameOf = (r: NamedResource): string => (typeof r.name === 'string' && r.name.trim()) || r.display?.trim() || r.id;

/**
 * The practice's own organizations (its provider entity and any other that is not an insurer):
 * what a program, district or location belongs to. Payers are organizations too, kept for
 * coverage, and are not offered there.
 */
export const isPracticeOrganization = (r: NamedResource): boolean => (r as { kind?: string }).kind !== 'Payer';

/** Deactivated means `active: false`; a resource that never said is active. */
export const isActive = (r: NamedResource): boolean => r.active !== false;

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export interface ListViewOptions<T> {
  /** What the user typed: every word must appear (any case) in the item's searchable text. */
  search: string;
  /** List the items out of use too (deactivated, retired). */
  showAll: boolean;
  /** The text an item is searched by; its name by default. */
  searchText?: (item: T) => string;
  /** Which items are in use; active ones (not `active: false`) by default. */
  inUse?: (item: T) => boolean;
}

/**
 * The rows a list shows: deleted ones never, those out of use (deactivated, retired) on request,
 * those matching every word of the search, sorted by name (case- and accent-blind, numbers in
 * number order).
 */
export function listView<T extends NamedResource>(items: readonly T[], options: ListViewOptions<T>): T[] {
  const words = options.search.toLowerCase().split(/\s+/).filter(Boolean);
  const text = options.searchText ?? nameOf;
  const inUse = options.inUse ?? isActive;
  return items
    .filter((i) => !i.meta?.isDeleted)
    .filter((i) => options.showAll || inUse(i))
    .filter((i) => {
      if (words.length === 0) return true;
      const haystack = `${nameOf(i)} ${text(i)}`.toLowerCase();
      return words.every((w) => haystack.includes(w));
    })
    .sort((a, b) => collator.compare(nameOf(a), nameOf(b)) || collator.compare(a.id, b.id));
}

/**
 * The draft to save: the edited fields over the stored item (unknown fields kept), `display` its
 * name. A new item starts from `newRecord` (active unless the list's lifecycle says otherwise).
 */
export function draftOf<T extends NamedResource>(
  resourceType: string,
  existing: T | undefined,
  fields: Record<string, unknown>,
  newRecord: Record<string, unknown> = { active: true },
): T | Omit<T, 'id' | 'meta'> {
  const merged = { ...(existing ?? { resourceType, ...newRecord }), ...fields } as T;
  const name = typeof fields.name === 'string' ? fields.name.trim() : undefined;
  return { ...merged, ...(name ? { name, display: name } : {}) };
}
