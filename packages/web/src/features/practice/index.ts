export { PracticeSwitcher } from './components/PracticeSwitcher.tsx';
export { useCurrentPractice } from './hooks/useCurrentPractice.ts';
export { useProfileAccess } from './hooks/useProfileAccess.ts';
export { useCan } from './hooks/useCan.ts';
export { useResourceActions } from './hooks/useResourceActions.ts';
export { useHasFlag } from './hooks/useHasFlag.ts';
export { CurrentPracticeProvider } from './store/CurrentPracticeProvider.tsx';
export type { PracticeContextValue } from './store/practice-context.ts';
export { chooseMembership, membershipKey, practiceAccesses, profileReference, type PracticeAccess } from './utils/practice-choice.ts';
export { closeDataLayer } from './store/data-layer-registry.ts';
export { usePracticePreferences, type PracticePreferencesState } from './hooks/usePracticePreferences.ts';
export { usePracticeLabels } from './hooks/usePracticeLabels.ts';
export { usePracticeTimeZone } from './hooks/usePracticeTimeZone.ts';
export { usePracticeTime } from './hooks/usePracticeTime.ts';
export { practiceClock } from './utils/practice-clock.ts';
export { practiceTimeZone, type ZonedClock } from '@caseload/core';
export { useLabel } from './hooks/useLabel.ts';
export {
  currentPracticePreferences,
  LABEL_KINDS,
  PRACTICE_PREFERENCES_COLLECTION,
  practiceLabels,
  preferenceValues,
  type LabelKind,
  type PracticeLabels,
  type PracticePreferencesResource,
} from './utils/practice-preferences.ts';
export { relabel } from './utils/relabel.ts';
