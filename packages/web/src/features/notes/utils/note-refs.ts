import type { Reference, Resource } from '@caseload/core';

/** The reference to a resource as notes store it: id, type and display (never the whole resource). */
export function refTo(resource: Pick<Resource, 'id' | 'resourceType'> & { display?: string; name?: string }): Reference {
  const display = resource.display ?? resource.name;
  return { resourceType: resource.resourceType, id: resource.id, ...(display && { display }) };
}

/** True when the reference points at this id (absent references point at nothing). */
export const refersTo = (ref: Reference | undefined, id: string | undefined) => !!ref && !!id && ref.id === id;

/** The display of a reference, or its id when it has none. */
export const refText = (ref: Reference | undefined) => (ref ? (ref.display ?? ref.id) : '');

/**
 * The DOM id of the editor field a rule result names (`encounter.program` → `note-field-encounter-program`):
 * the rule panel focuses it, and each field renders with it.
 */
export const fieldDomId = (path: string) => `note-field-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;
