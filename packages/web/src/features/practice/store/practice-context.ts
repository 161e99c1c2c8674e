import { createContext } from 'react';
import type { PracticeAccess } from '../utils/practice-choice.ts';

export interface PracticeContextValue {
  /** Every practice the signed-in account may work in: its profiles, and an associate's views of practices. */
  memberships: readonly PracticeAccess[];
  /** The one in use; undefined for an account with none (an associate who views no practice). */
  current: PracticeAccess | undefined;
  switchTo: (membership: PracticeAccess) => void;
}

export const PracticeContext = createContext<PracticeContextValue | null>(null);
