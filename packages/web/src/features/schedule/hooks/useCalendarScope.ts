import { useState } from 'react';
import { profileReference, useCurrentPractice } from '../../practice/index.ts';

/** Whose calendar is shown: one clinician, a location, or a team of clinicians. */
export type CalendarScopeKind = 'practitioner' | 'location' | 'team';

export interface CalendarScope {
  kind: CalendarScopeKind;
  practitioner: string | null;
  location: string | null;
  team: string[];
}

export interface CalendarScopeState {
  scope: CalendarScope;
  setScope: (change: Partial<CalendarScope>) => void;
  /** The ids the calendar read names; none yet when nothing is chosen. */
  practitioners: string[];
  locations: string[];
}

/** The calendar picker's state: my own calendar first, when I am a clinician. */
export function useCalendarScope(): CalendarScopeState {
  const { current } = useCurrentPractice();
  const me = profileReference(current);
  const myId = me?.resourceType === 'Practitioner' ? me.id : null;
  const [chosen, setChosen] = useState<Partial<CalendarScope>>({});
  const scope: CalendarScope = {
    kind: chosen.kind ?? 'practitioner',
    practitioner: chosen.practitioner === undefined ? myId : chosen.practitioner,
    location: chosen.location ?? null,
    team: chosen.team ?? (myId ? [myId] : []),
  };
  const setScope = (change: Partial<CalendarScope>) => setChosen((c) => ({ ...c, ...change }));
  const practitioners =
    scope.kind === 'practitioner' ? (scope.practitioner ? [scope.practitioner] : []) : scope.kind === 'team' ? scope.team : [];
  const locations = scope.kind === 'location' && scope.location ? [scope.location] : [];
  return { scope, setScope, practitioners, locations };
}
