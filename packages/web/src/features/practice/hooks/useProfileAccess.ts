import { portalSubjectOf, type ProfileAccess } from '@caseload/core';
import { useMemo } from 'react';
import { useSignedInUser } from '../../session/index.ts';
import { useCurrentPractice } from './useCurrentPractice.ts';

/**
 * What the signed-in user may do in the current practice (or, outside any practice, as an
 * associate), as the server worked it out for the session answer: the acting profile's
 * permissions (built-in and the practice's own roles alike) and, for a portal login, its kind.
 * Undefined when the answer says nothing (no practice, no associate role). For what to offer only;
 * the server checks every call.
 */
export function useProfileAccess(): ProfileAccess | undefined {
  const { current } = useCurrentPractice();
  const associate = useSignedInUser()?.account.permissions ?? undefined;
  const permissions = current ? current.permissions : associate;
  const portal = portalSubjectOf(current?.profile);
  return useMemo(() => (permissions ? { permissions: new Set(permissions), portal } : undefined), [permissions, portal]);
}
