import { useMemo } from 'react';
import { useProfileAccess } from '../../practice/index.ts';
import { availableSections, type PortalSection } from '../sections.ts';

/** The portal sections the signed-in login may use, in navigation order. */
export function usePortalSections(): PortalSection[] {
  const access = useProfileAccess();
  return useMemo(() => availableSections(access), [access]);
}
