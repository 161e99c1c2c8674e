export { PracticeSwitcher } from './components/PracticeSwitcher.tsx';
export { useCurrentPractice } from './hooks/useCurrentPractice.ts';
export { CurrentPracticeProvider } from './store/CurrentPracticeProvider.tsx';
export type { PracticeContextValue } from './store/practice-context.ts';
export { chooseMembership, membershipKey, profileReference } from './utils/practice-choice.ts';
export { closeDataLayer } from './store/data-layer-registry.ts';
export { usePracticePreferences, type PracticePreferencesState } from './hooks/usePracticePreferences.ts';
export { usePracticeLabels } from './hooks/usePracticeLabels.ts';
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
