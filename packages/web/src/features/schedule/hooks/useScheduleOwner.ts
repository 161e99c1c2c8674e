import type { Practitioner, Reference } from '@caseload/core';
import { useMemo } from 'react';
import { useResource } from '../../../data/index.ts';
import { profileReference, useCurrentPractice } from '../../practice/index.ts';
import type { CalendarScopeState } from './useCalendarScope.ts';

/**
 * Whose appointment a booking is: the clinician whose calendar is shown; on a location's or a
 * team's calendar, mine (a team's first clinician when I am not one).
 */
export function useScheduleOwner({ scope }: CalendarScopeState): Reference | undefined {
  const me = profileReference(useCurrentPractice().current);
  const myId = me?.resourceType === 'Practitioner' ? me.id : undefined;
  const id = (scope.kind === 'practitioner' ? scope.practitioner : undefined) ?? myId ?? scope.team[0];
  const practitioner = useResource<Practitioner>('Practitioners', id ?? undefined);
  const display = practitioner.item?.display;
  return useMemo(() => (id ? { resourceType: 'Practitioner', id, ...(display && { display }) } : undefined), [id, display]);
}
