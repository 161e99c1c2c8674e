import { portalSubjectOf } from '@caseload/core';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { DataLayerProvider } from '../../../data/index.ts';
import { useSignedInUser } from '../../session/index.ts';
import { chooseMembership, membershipKey, practiceAccesses, readSavedMembership, saveMembership } from '../utils/practice-choice.ts';
import { dataLayerFor } from './data-layer-registry.ts';
import { PracticeClockProvider } from './PracticeClockProvider.tsx';
import { PracticeContext, type PracticeContextValue } from './practice-context.ts';

export interface CurrentPracticeProviderProps {
  children: ReactNode;
}

/**
 * Which practice (and which of the account's profiles in it, or an associate's view of it without
 * one) the shell works in, remembered per account on this device, and the account's data layer
 * pointed at exactly that practice and profile: switching practice re-reads every list for the new one.
 */
export function CurrentPracticeProvider({ children }: CurrentPracticeProviderProps) {
  const user = useSignedInUser()!;
  const accountId = user.account.id;
  const [chosenKey, setChosenKey] = useState(() => readSavedMembership(accountId));
  const memberships = useMemo(() => practiceAccesses(user), [user]);
  const current = chooseMembership(memberships, chosenKey);
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
  const value = useMemo(() => ({ memberships, current, switchTo }), [memberships, current, switchTo]);
  // Staff read times on the practice's clock, from its preferences. A patient or related person
  // may not read those, and reads their own times on their own device's clock (docs/portal.md).
  const portal = Boolean(portalSubjectOf(current?.profile));

  return (
    <PracticeContext.Provider value={value}>
      <DataLayerProvider layer={layer}>{portal ? children : <PracticeClockProvider>{children}</PracticeClockProvider>}</DataLayerProvider>
    </PracticeContext.Provider>
  );
}
