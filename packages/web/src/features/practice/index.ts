export { PracticeSwitcher } from './components/PracticeSwitcher.tsx';
export { useCurrentPractice } from './hooks/useCurrentPractice.ts';
export { CurrentPracticeProvider } from './store/CurrentPracticeProvider.tsx';
export type { PracticeContextValue } from './store/practice-context.ts';
export { chooseMembership, membershipKey, profileReference } from './utils/practice-choice.ts';
export { closeDataLayer } from './store/data-layer-registry.ts';
