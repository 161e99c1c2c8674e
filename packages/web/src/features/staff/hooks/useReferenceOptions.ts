import { practitionerDisplay, type HumanName, type Reference, type Resource } from '@caseload/core';
import { useMemo } from 'react';
import { useCollection } from '../../../data/index.ts';

/** One choice of a reference picker: `value` is `Type/id`. */
export interface ReferenceOption {
  value: string;
  label: string;
  reference: Reference;
}

type Named = Resource & { name?: string; names?: HumanName[]; credentials?: string };

/** What a picker calls a resource: its display, its name, else a person's name from its parts. */
const nameOf = (r: Named) =>
  r.display || r.name || (r.names ? practitionerDisplay({ names: r.names, credentials: r.credentials }) : '') || r.id;

/**
 * The practice's resources of a collection as picker choices, by name. A picker stores the
 * `Reference` (type, id, display) the option carries.
 */
export function useReferenceOptions(collection: string): ReferenceOption[] {
  const { items } = useCollection<Named>(collection);
  return useMemo(
    () =>
      items
        .filter((r) => !r.meta?.isDeleted)
        .map((r) => ({
          value: `${r.resourceType}/${r.id}`,
          label: nameOf(r),
          reference: { resourceType: r.resourceType, id: r.id, display: nameOf(r) } as Reference,
        }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [items],
  );
}

/** `Type/id` of a reference, as the picker's value. */
export const referenceValue = (r: Pick<Reference, 'resourceType' | 'id'>) => `${r.resourceType}/${r.id}`;
