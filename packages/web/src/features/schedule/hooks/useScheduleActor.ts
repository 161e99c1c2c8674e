import type { Location, Reference } from '@caseload/core';
import { useMemo } from 'react';
import { useResource } from '../../../data/index.ts';
import type { CalendarScopeState } from './useCalendarScope.ts';

/**
 * Whose schedule the calendar's "Working hours" edits: the one clinician or the location shown;
 * none for a team (whose hours are each member's own).
 */
export function useScheduleActor({ scope }: CalendarScopeState, owner: Reference | undefined): Reference | undefined {
  const location = useResource<Location>('Locations', scope.kind === 'location' ? (scope.location ?? undefined) : undefined);
  const name = location.item?.name;
  return useMemo(() => {
    if (scope.kind === 'location' && scope.location)
      return { resourceType: 'Location', id: scope.location, ...(name && { display: name }) };
    if (scope.kind === 'practitioner' && scope.practitioner && owner?.id === scope.practitioner) return owner;
    return undefined;
  }, [scope.kind, scope.location, scope.practitioner, owner, name]);
}
