import type { Reference, Resource } from '@caseload/core';
import { nameOf, type NamedResource } from '../../../ui/admin/list-view.ts';

/**
 * The reference to store for a picked id: with the target's type and name (lists show `display`
 * without expanding), the stored reference kept when the pick did not change, none for no pick.
 */
export function referenceTo(
  resourceType: string,
  id: string,
  candidates: readonly Resource[],
  existing?: Reference,
): Reference | undefined {
  if (!id) return undefined;
  if (existing?.id === id) return existing;
  const target = candidates.find((c) => c.id === id) as NamedResource | undefined;
  return { resourceType, id, ...(target ? { display: nameOf(target) } : {}) };
}
