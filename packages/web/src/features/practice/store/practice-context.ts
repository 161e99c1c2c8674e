import { createContext } from 'react';
import type { ProfileMembership } from '../../session/index.ts';

export interface PracticeContextValue {
  /** Every practice profile the signed-in account may act as. */
  memberships: readonly ProfileMembership[];
  /** The one in use; undefined for an account with none (an associate outside any practice). */
  current: ProfileMembership | undefined;
  switchTo: (membership: ProfileMembership) => void;
}

export const PracticeContext = createContext<PracticeContextValue | null>(null);
