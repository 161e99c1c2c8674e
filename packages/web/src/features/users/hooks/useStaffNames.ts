import type { Practitioner } from '@caseload/core';
import { useMemo } from 'react';
import { useCollection } from '../../../data/index.ts';

/**
 * The practice's practitioners by id, to name the users whose profile is one (the users list
 * carries only `Practitioner/{id}`).
 */
export function useStaffNames(): { byId: Map<string, Practitioner>; loading: boolean } {
  const { items, loading } = useCollection<Practitioner>('Practitioners');
  return { byId: useMemo(() => new Map(items.map((p) => [p.id, p])), [items]), loading };
}
