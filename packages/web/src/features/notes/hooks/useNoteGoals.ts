import { noteAddressesNoGoal, type CarePlan, type Encounter, type GoalProgress } from '@caseload/core';
import { useMemo } from 'react';
import { plansShown, recordProgress, toggleAddressed } from '../utils/care-plan-activities.ts';
import { usePatientCarePlans } from './usePatientCarePlans.ts';

export interface NoteGoals {
  /** The plans the note's goal sections show (Active, and any the session already named). */
  plans: CarePlan[];
  loading: boolean;
  /** The golden-thread flag: an active plan, the patient seen, and nothing of it addressed. */
  noGoal: boolean;
  /** Absent when the note is read only. */
  toggle?: (plan: CarePlan, element: string, addressed: boolean) => void;
  progress?: (plan: CarePlan, element: string, value: GoalProgress | null, comment?: string) => void;
}

/** What the GoalsObjectives and GoalTracking sections show and the edits they make to the encounter. */
export function useNoteGoals(
  partition: string,
  encounter: Encounter,
  onEncounterChange?: (change: (e: Encounter) => Encounter) => void,
): NoteGoals {
  const all = usePatientCarePlans(partition);
  const plans = useMemo(() => plansShown(all.items, encounter), [all.items, encounter]);
  const active = plans.filter((p) => p.status === 'Active').length;
  return {
    plans,
    loading: all.loading && all.items.length === 0,
    noGoal: noteAddressesNoGoal({ encounter, activeCarePlans: active }),
    ...(onEncounterChange && {
      toggle: (plan, element, addressed) => onEncounterChange((e) => toggleAddressed(e, plan, element, addressed)),
      progress: (plan, element, value, comment) => onEncounterChange((e) => recordProgress(e, plan, element, value, comment)),
    }),
  };
}
