import type { Reference, Resource } from '@caseload/core';
import { useCallback } from 'react';
import { useCollection } from '../../../data/index.ts';

type Named = Resource & { name?: unknown; title?: unknown };

/** The name a picker shows and a reference's `display` keeps: `name`, a form's `title`, else `display`. */
export const displayName = (r: Named): string =>
  (typeof r.name === 'string' && r.name.trim()) || (typeof r.title === 'string' && r.title.trim()) || r.display?.trim() || r.id;

/**
 * Turns a picked id into a reference with its type and name (lists show `display` without
 * expanding) for the set-up the note configuration forms point at: programs, locations, services.
 */
export function useReferTo(): (resourceType: string, id: string) => Reference {
  const programs = useCollection<Named>('Programs').items;
  const locations = useCollection<Named>('Locations').items;
  const services = useCollection<Named>('HealthcareServices').items;
  return useCallback(
    (resourceType: string, id: string) => {
      const target = [...programs, ...locations, ...services].find((r) => r.id === id && r.resourceType === resourceType);
      return { resourceType, id, ...(target && { display: displayName(target) }) };
    },
    [programs, locations, services],
  );
}
