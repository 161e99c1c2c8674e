import type { PublishingStatus, Resource } from '@caseload/core';

/** A configuration record with a publishing status (SPEC.md section 4: Draft, Active, Retired). */
export type PublishableResource = Resource & { name?: string; status?: PublishingStatus };

/** What the list offers on a record: the action's words and the status it sets. */
export interface PublishingAction {
  label: 'Publish' | 'Retire' | 'Publish again';
  to: PublishingStatus;
}

/**
 * The status a record is in; a record that never said counts as Active, as the server reads it
 * (signature configurations: `(status ?? 'Active') === 'Active'`).
 */
export const statusOf = (r: PublishableResource): PublishingStatus => r.status ?? 'Active';

/**
 * The one publishing step a record can take: a draft is published (it starts to apply), an active
 * record is retired (it stops; notes already written keep their reference), a retired one can be
 * published again. Drafts are never retired: they have never applied, so they are edited or left.
 */
export function publishingAction(r: PublishableResource): PublishingAction {
  switch (statusOf(r)) {
    case 'Draft':
      return { label: 'Publish', to: 'Active' };
    case 'Active':
      return { label: 'Retire', to: 'Retired' };
    case 'Retired':
      return { label: 'Publish again', to: 'Active' };
  }
}

/** Badge colours by status. */
export const STATUS_COLORS: Record<PublishingStatus, string> = { Draft: 'yellow', Active: 'green', Retired: 'gray' };

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const nameOf = (r: PublishableResource) => (typeof r.name === 'string' && r.name.trim()) || r.display?.trim() || r.id;

/**
 * The rows a configuration list shows: deleted never, retired on request, every word of the search
 * in the name or `searchText`, by name (case- and accent-blind, "Rule 9" before "Rule 10").
 */
export function publishableView<T extends PublishableResource>(
  items: readonly T[],
  options: { search: string; showRetired: boolean; searchText?: (item: T) => string },
): T[] {
  const words = options.search.toLowerCase().split(/\s+/).filter(Boolean);
  return items
    .filter((i) => !i.meta?.isDeleted)
    .filter((i) => options.showRetired || statusOf(i) !== 'Retired')
    .filter((i) => {
      const haystack = `${nameOf(i)} ${options.searchText?.(i) ?? ''}`.toLowerCase();
      return words.every((w) => haystack.includes(w));
    })
    .sort((a, b) => collator.compare(nameOf(a), nameOf(b)) || collator.compare(a.id, b.id));
}
