import type { Schedule } from '@caseload/core';
import { useMemo } from 'react';
import { useCollection } from '../../../data/index.ts';

/**
 * The schedules of the clinicians or locations a calendar shows (Schedule `actor.id`): the
 * device's copy at once, then the server's. Nothing is asked for nobody.
 */
export function useActorSchedules(actorIds: readonly string[]): { schedules: Schedule[]; loading: boolean } {
  const ids = actorIds.join(',');
  const { items, loading } = useCollection<Schedule>('Schedules', {
    filters: ids ? [{ field: 'actor.id', op: 'in', value: ids.split(',') }] : [{ field: 'actor.id', op: 'eq', value: '' }],
  });
  const schedules = useMemo(() => items.filter((s) => !s.meta?.isDeleted), [items]);
  return { schedules, loading };
}
