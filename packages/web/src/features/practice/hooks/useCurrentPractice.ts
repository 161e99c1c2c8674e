import { useContext } from 'react';
import { PracticeContext, type PracticeContextValue } from '../store/practice-context.ts';

/** The practice the shell works in, and the way to switch; only inside CurrentPracticeProvider. */
export function useCurrentPractice(): PracticeContextValue {
  const value = useContext(PracticeContext);
  if (!value) throw new Error('useCurrentPractice is used outside CurrentPracticeProvider.');
  return value;
}
