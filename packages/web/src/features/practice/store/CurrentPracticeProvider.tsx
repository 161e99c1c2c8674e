import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { DataLayerProvider } from '../../../data/index.ts';
import { useSignedInUser } from '../../session/index.ts';
import { chooseMembership, membershipKey, readSavedMembership, saveMembership } from '../utils/practice-choice.ts';
import { dataLayerFor } from './data-layer-registry.ts';
import { PracticeContext, type PracticeContextValue } from './practice-context.ts';

export interface CurrentPracticeProviderProps {
  children: ReactNode;
}

/**
 * Which practice (and which of the account's profiles in it) the shell works in, remembered per
 * account on this device, and the account's data layer pointed at exactly that practice and
 * profile: switching practice re-reads every list for the new one.
 */
export function CurrentPracticeProvider({ children }: CurrentPracticeProviderProps) {
  const user = useSignedInUser()!;
  const accountId = user.account.id;
  const [chosenKey, setChosenKey] = useState(() => readSavedMembership(accountId));
  const current = chooseMembership(user.profiles, chosenKey);
  const layer = dataLayerFor(accountId, current);

  useLayoutEffect(() => {
    layer.setPractice(current?.practiceId);
    layer.setProfile(current?.profile);
  }, [layer, current?.practiceId, current?.profile]);
  // Signed in again after a 401 (or the page reloaded): send what waited on this device.
  useEffect(() => {
    void layer.resume();
  }, [layer]);

  const switchTo = useCallback<PracticeContextValue['switchTo']>(
    (m) => {
      saveMembership(accountId, membershipKey(m));
      setChosenKey(membershipKey(m));
    },
    [accountId],
  );
  const value = useMemo(() => ({ memberships: user.profiles, current, switchTo }), [user.profiles, current, switchTo]);

  return (
    <PracticeContext.Provider value={value}>
      <DataLayerProvider layer={layer}>{children}</DataLayerProvider>
    </PracticeContext.Provider>
  );
}
